import { describe, expect, it } from "bun:test";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AreaOf, areaChunk } from "./area-chunk";

function DeskArea() {
  return <h1>Area del banco</h1>;
}

/** A chunk whose arrival the test decides: each fetch waits for `arrive` or `fail`. */
function scriptedChunk() {
  const fetches: Array<{ arrive: () => void; fail: () => void }> = [];
  const chunk = areaChunk(
    () =>
      new Promise((resolve, reject) => {
        fetches.push({ arrive: () => resolve(DeskArea), fail: () => reject(new TypeError("Failed to fetch")) });
      }),
  );
  return { chunk, fetches };
}

describe("a role's area, loaded as its own chunk", () => {
  it("shows a spinner until its code arrives, then the area, without waiting any longer", async () => {
    const { chunk, fetches } = scriptedChunk();
    render(<AreaOf chunk={chunk} />);
    expect(screen.getByRole("status").textContent).toBe("Caricamento...");
    fetches[0]?.arrive();
    expect(await screen.findByRole("heading", { name: "Area del banco" })).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("fetches the code once: the area shown again appears at once", async () => {
    const { chunk, fetches } = scriptedChunk();
    const first = render(<AreaOf chunk={chunk} />);
    fetches[0]?.arrive();
    await screen.findByRole("heading", { name: "Area del banco" });
    first.unmount();
    render(<AreaOf chunk={chunk} />);
    expect(screen.getByRole("heading", { name: "Area del banco" })).toBeTruthy();
    expect(fetches).toHaveLength(1);
  });

  it("says when the code cannot be fetched and fetches it again on Riprova", async () => {
    const { chunk, fetches } = scriptedChunk();
    render(<AreaOf chunk={chunk} />);
    fetches[0]?.fail();
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Impossibile caricare l'applicazione: controlla la connessione e riprova.",
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Riprova" }));
    expect(screen.getByRole("status").textContent).toBe("Caricamento...");
    expect(fetches).toHaveLength(2);
    fetches[1]?.arrive();
    expect(await screen.findByRole("heading", { name: "Area del banco" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

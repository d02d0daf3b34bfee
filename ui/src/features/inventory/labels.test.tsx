import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { recordDownloads } from "../../../test/downloads";
import { anItem, aUnit, renderInventory } from "../../../test/inventory-fixtures";

const camera = anItem();
const tripod = anItem({
  id: 2,
  nome: "Treppiede Manfrotto",
  unita: [aUnit({ id: 201, codice_univoco: "TREPPIEDE_001" })],
});
const lights = anItem({
  id: 3,
  nome: "Luce LED Aputure",
  unita: [aUnit({ id: 301, codice_univoco: "LED_001" }), aUnit({ id: 302, codice_univoco: "LED_002" })],
});
const everything = [camera, tripod, lights];

const labelsRoute = {
  "GET /api/etichette": { body: {}, headers: { "content-disposition": 'attachment; filename="etichette.pdf"' } },
};

/** The files the screen handed to the browser to save. */
const saved = recordDownloads();

function labelRequests(calls: { path: string; query: Record<string, string> }[]) {
  return calls.filter((call) => call.path === "/api/etichette").map((call) => call.query.unita);
}

describe("Inventario: labels for a selection", () => {
  it("prints the labels of the ticked items' units", async () => {
    const { user, server } = renderInventory({ items: everything, api: labelsRoute });
    await user.click(await screen.findByRole("checkbox", { name: "Seleziona Canon EOS R6" }));
    await user.click(screen.getByRole("checkbox", { name: "Seleziona Luce LED Aputure" }));
    expect(screen.getByText("2 articoli selezionati")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Stampa etichette dei selezionati" }));
    await waitFor(() => expect(saved).toEqual(["etichette.pdf"]));
    expect(labelRequests(server.calls)).toEqual(["101,102,301,302"]);
    expect(await screen.findByText("Etichette pronte: 4 unità")).toBeTruthy();
  });

  it("ticks every item on the page at once, shows a page partly ticked as mixed, and clears the selection", async () => {
    const { user } = renderInventory({ items: everything, api: labelsRoute });
    const page = await screen.findByRole("checkbox", { name: "Seleziona tutti in pagina" });
    await user.click(screen.getByRole("checkbox", { name: "Seleziona Treppiede Manfrotto" }));
    expect((page as HTMLInputElement).indeterminate).toBe(true);
    await user.click(page);
    expect((page as HTMLInputElement).checked).toBe(true);
    expect((page as HTMLInputElement).indeterminate).toBe(false);
    expect(screen.getByText("3 articoli selezionati")).toBeTruthy();
    await user.click(page);
    expect(screen.queryByText(/selezionat/)).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Seleziona Canon EOS R6" }));
    await user.click(screen.getByRole("button", { name: "Deseleziona" }));
    expect((screen.getByRole("checkbox", { name: "Seleziona Canon EOS R6" }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole("button", { name: "Stampa etichette dei selezionati" })).toBeNull();
  });

  it("keeps the selection through a new search, so items found one by one print together", async () => {
    const { user, server } = renderInventory({ items: everything, api: labelsRoute });
    const search = await screen.findByRole("searchbox");
    await user.type(search, "Treppiede");
    await waitFor(() => expect(screen.queryAllByRole("article").length).toBe(1));
    await user.click(screen.getByRole("checkbox", { name: "Seleziona Treppiede Manfrotto" }));
    await user.clear(search);
    await user.type(search, "Canon");
    await waitFor(() => expect(screen.queryByText("Treppiede Manfrotto") === null).toBe(true));
    await user.click(screen.getByRole("checkbox", { name: "Seleziona Canon EOS R6" }));
    await user.click(screen.getByRole("button", { name: "Stampa etichette dei selezionati" }));
    await waitFor(() => expect(labelRequests(server.calls)).toEqual(["101,102,201"]));
    // Two searches, each waiting for typing to pause: longer than one screen's default on a busy machine.
  }, 15_000);

  it("prints the labels of every item the filter shows", async () => {
    const { user, server } = renderInventory({ items: everything, api: labelsRoute });
    await user.type(await screen.findByRole("searchbox"), "Luce");
    const results = screen.getByRole("status");
    await waitFor(() => expect(results.textContent).toBe("1 risultato trovato"));
    await user.click(screen.getByRole("button", { name: "Stampa etichette" }));
    await waitFor(() => expect(labelRequests(server.calls)).toEqual(["301,302"]));
    expect(within(screen.getByRole("list", { name: "Articoli" })).getAllByRole("article")).toHaveLength(1);
  });
});

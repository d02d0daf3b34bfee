import { afterEach, describe, expect, it } from "bun:test";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SortableTable } from "./sortable-table";

const rows = [
  { id: 1, nome: "Sony FX3" },
  { id: 2, nome: "Treppiede Manfrotto" },
];

function Table() {
  return (
    <SortableTable
      caption="Articoli"
      columns={[{ header: "Nome", cell: (row: (typeof rows)[number]) => row.nome }]}
      rows={rows}
      rowKey={(row) => row.id}
      sort={null}
      onSort={() => {}}
    />
  );
}

const densityOf = () => screen.getByRole("table").getAttribute("data-densita");

describe("the desk tables' density", () => {
  afterEach(() => localStorage.clear());

  it("starts roomy, and 'Righe compatte' tightens every row's cells", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Table />);
    const toggle = screen.getByRole("button", { name: "Righe compatte" });
    expect([densityOf(), toggle.getAttribute("aria-pressed")]).toEqual(["comoda", "false"]);
    expect(screen.getByRole("cell", { name: "Sony FX3" }).className).toContain("py-2.5");
    await user.click(toggle);
    expect([densityOf(), toggle.getAttribute("aria-pressed")]).toEqual(["compatta", "true"]);
    expect(screen.getByRole("cell", { name: "Sony FX3" }).className).toContain("py-1");
  });

  it("is remembered by the browser: a table shown later, on any screen, opens compact", async () => {
    const user = userEvent.setup({ delay: null });
    const first = render(<Table />);
    await user.click(screen.getByRole("button", { name: "Righe compatte" }));
    first.unmount();
    expect(localStorage.getItem("prestalab.densita-tabelle")).toBe("compatta");
    render(<Table />);
    expect(densityOf()).toBe("compatta");
    await user.click(screen.getByRole("button", { name: "Righe compatte" }));
    expect(densityOf()).toBe("comoda");
  });
});

import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
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

/** The labels dialog's answer as it is: the format offered, from the first position. */
async function confirmLabels(user: UserEvent) {
  const dialog = await screen.findByRole("dialog", { name: "Stampa etichette" });
  await user.click(within(dialog).getByRole("button", { name: "Scarica il PDF" }));
}

describe("Inventario: labels for a selection", () => {
  it("prints the labels of the ticked items' units", async () => {
    const { user, server } = renderInventory({ items: everything, api: labelsRoute });
    await user.click(await screen.findByRole("checkbox", { name: "Seleziona Canon EOS R6" }));
    await user.click(screen.getByRole("checkbox", { name: "Seleziona Luce LED Aputure" }));
    expect(screen.getByText("2 articoli selezionati")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Stampa etichette dei selezionati" }));
    await confirmLabels(user);
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
    await confirmLabels(user);
    await waitFor(() => expect(labelRequests(server.calls)).toEqual(["101,102,201"]));
    // Two searches, each waiting for typing to pause: longer than one screen's default on a busy machine.
  }, 15_000);

  it("prints the labels of every item the filter shows", async () => {
    const { user, server } = renderInventory({ items: everything, api: labelsRoute });
    await user.type(await screen.findByRole("searchbox"), "Luce");
    const results = screen.getByRole("status");
    await waitFor(() => expect(results.textContent).toBe("1 risultato trovato"));
    await user.click(screen.getByRole("button", { name: "Stampa etichette" }));
    await confirmLabels(user);
    await waitFor(() => expect(labelRequests(server.calls)).toEqual(["301,302"]));
    expect(within(screen.getByRole("list", { name: "Articoli" })).getAllByRole("article")).toHaveLength(1);
  });
});

describe("Inventario: the labels dialog", () => {
  const labelQueries = (calls: { path: string; query: Record<string, string> }[]) =>
    calls.filter((call) => call.path === "/api/etichette").map((call) => call.query);

  it("prints on the sheet chosen from the first free position, and offers that sheet next time", async () => {
    localStorage.removeItem("prestalab.formato-etichette");
    const { user, server } = renderInventory({ items: everything, api: labelsRoute });
    await user.click(await screen.findByRole("button", { name: "Etichette di Luce LED Aputure" }));
    const dialog = await screen.findByRole("dialog", { name: "Stampa etichette" });
    expect(within(dialog).getByText("2 unità: codice QR e codice a barre")).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText("Formato"), "Foglio A4, 4 × 10 (52,5 × 29,7 mm)");
    const start = within(dialog).getByLabelText("Prima etichetta libera del foglio");
    await user.clear(start);
    await user.type(start, "41");
    await user.click(within(dialog).getByRole("button", { name: "Scarica il PDF" }));
    expect(within(dialog).getByText("Indica una posizione da 1 a 40")).toBeTruthy();
    expect(labelQueries(server.calls)).toEqual([]);
    await user.clear(start);
    await user.type(start, "17");
    await user.click(within(dialog).getByRole("button", { name: "Scarica il PDF" }));
    await waitFor(() =>
      expect(labelQueries(server.calls)).toEqual([{ unita: "301,302", formato: "a4-4x10", inizio: "17" }]),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Etichette di Treppiede Manfrotto" }));
    const again = await screen.findByRole("dialog", { name: "Stampa etichette" });
    expect((within(again).getByLabelText("Formato") as HTMLSelectElement).value).toBe("a4-4x10");
  });

  it("asks no start position for a roll, where each label is a page", async () => {
    localStorage.removeItem("prestalab.formato-etichette");
    const { user, server } = renderInventory({ items: everything, api: labelsRoute });
    await user.click(await screen.findByRole("button", { name: "Etichette di Treppiede Manfrotto" }));
    const dialog = await screen.findByRole("dialog", { name: "Stampa etichette" });
    await user.selectOptions(within(dialog).getByLabelText("Formato"), "Rotolo da 29 mm (90 × 29 mm)");
    expect(within(dialog).queryByLabelText("Prima etichetta libera del foglio")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Scarica il PDF" }));
    await waitFor(() => expect(labelQueries(server.calls)).toEqual([{ unita: "201", formato: "29mm" }]));
  });
});

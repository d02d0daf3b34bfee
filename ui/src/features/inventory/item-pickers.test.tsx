import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { noAlerts } from "../../../test/desk-fixtures";
import { anAdmin } from "../../../test/fixtures";
import { anItem, aUnit } from "../../../test/inventory-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";
import { inventoryRoute, loanListRoute, requestListRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";
import { adminShellApi } from "../../../test/shell-api";

// The item pickers of the new-loan and new-repair wizards search the inventory on the server and list its
// first 50 matches: these tests check the "N di M mostrati" line and the query each picker sends.

const LIST = "GET /api/inventario";

/** Cavo 01 … Cavo 75, each with one free unit, and five drones out on loan. */
const cables = Array.from({ length: 75 }, (_, index) => {
  const number = String(index + 1).padStart(2, "0");
  return anItem({
    id: 3000 + index,
    nome: `Cavo ${number}`,
    seriale: null,
    note: null,
    unita: [aUnit({ id: 6000 + index, codice_univoco: `CAVO_${number}` })],
  });
});
const drones = Array.from({ length: 5 }, (_, index) =>
  anItem({
    id: 4000 + index,
    nome: `Drone ${index + 1}`,
    stato_effettivo: "in_prestito",
    unita: [aUnit({ id: 7000 + index, stato: "prestato", prestito_corrente_id: 80 + index })],
  }),
);
const inventory = [...cables, ...drones];

/** The screen at `path` with the wizard `title` opened on its item step, the cables listed. */
async function openWizard(path: string, title: string, api: ApiRoutes) {
  const rendered = renderApp({
    signedInAs: anAdmin(),
    path,
    api: { ...adminShellApi, ...api, [LIST]: inventoryRoute(inventory) },
  });
  await rendered.user.click(await screen.findByRole("button", { name: title }));
  const dialog = within(screen.getByRole("dialog", { name: title }));
  await dialog.findByRole("radio", { name: /Cavo 01/ });
  return { ...rendered, dialog };
}

describe("the new loan's item picker", () => {
  const openPicker = () =>
    openWizard("/prestiti", "Nuovo Prestito", {
      "GET /api/prestiti": loanListRoute([]),
      "GET /api/richieste": requestListRoute([]),
      "GET /api/avvisi": { body: noAlerts() },
      "GET /api/auth/users": { body: [anAdmin()] },
    });

  it("lists the first 50 items with a free unit, says how many there are, and asks the server for them", async () => {
    const { dialog, server } = await openPicker();
    expect(dialog.getAllByRole("radio")).toHaveLength(50);
    expect(dialog.getByText("50 di 75 mostrati: cerca per trovare gli altri.")).toBeTruthy();
    expect(dialog.queryByRole("radio", { name: /Drone/ })).toBeNull();
    expect(server.callsTo(LIST).map((call) => call.query)).toEqual([
      { stato: "disponibile", pagina: "1", per_pagina: "50" },
    ]);
  });

  it("searches the server once typing pauses, and drops the count when every match is listed", async () => {
    const { dialog, server, user } = await openPicker();
    await user.type(dialog.getByLabelText("Cerca articolo"), "cavo 7");
    await waitFor(() => expect(dialog.getAllByRole("radio")).toHaveLength(6));
    expect(dialog.getByRole("radio", { name: /Cavo 75/ })).toBeTruthy();
    expect(dialog.queryByText(/mostrati/)).toBeNull();
    const searched = server.callsTo(LIST).filter((call) => call.query.search !== undefined);
    expect(searched.map((call) => call.query)).toEqual([
      { search: "cavo 7", stato: "disponibile", pagina: "1", per_pagina: "50" },
    ]);
  });
});

describe("the new repair's item picker", () => {
  const openPicker = () =>
    openWizard("/riparazioni", "Nuova Riparazione", {
      "GET /api/riparazioni": { body: [] },
      "GET /api/segnalazioni": { body: [] },
    });

  it("lists the first 50 of every item, whatever its state, and says how many there are", async () => {
    const { dialog, server } = await openPicker();
    expect(dialog.getAllByRole("radio")).toHaveLength(50);
    expect(dialog.getByText("50 di 80 mostrati: cerca per trovare gli altri.")).toBeTruthy();
    expect(server.callsTo(LIST).map((call) => call.query)).toEqual([{ pagina: "1", per_pagina: "50" }]);
  });

  it("finds items beyond the first 50 by searching the server", async () => {
    const { dialog, server, user } = await openPicker();
    expect(dialog.queryByRole("radio", { name: /Drone 3/ })).toBeNull();
    await user.type(dialog.getByLabelText("Cerca articolo"), "drone");
    await waitFor(() => expect(dialog.getAllByRole("radio")).toHaveLength(5));
    // A drone's only unit is lent: listed, but it cannot be chosen until it comes back.
    expect(dialog.getByRole("radio", { name: /Drone 3/ })).toHaveProperty("disabled", true);
    expect(dialog.getAllByText("Nessuna unità riparabile")).toHaveLength(5);
    expect(dialog.queryByText(/mostrati/)).toBeNull();
    expect(server.callsTo(LIST).at(-1)?.query).toEqual({ search: "drone", pagina: "1", per_pagina: "50" });
  });
});

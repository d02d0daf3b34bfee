import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { anAdmin } from "../../../test/fixtures";
import { anItem, aUnit } from "../../../test/inventory-fixtures";
import { inventoryRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";

const camera = anItem({
  id: 10,
  nome: "Canon EOS R6",
  unita: [aUnit({ id: 100, codice_univoco: "CANON_001" }), aUnit({ id: 101, codice_univoco: "CANON_002" })],
});

describe("the desk's kits", () => {
  it("creates a kit with a pinned unit, its courses and its accessories", async () => {
    const { user, server } = renderApp({
      signedInAs: anAdmin(),
      path: "/kit",
      api: {
        "GET /api/kit": { body: [] },
        "GET /api/inventario": inventoryRoute([camera]),
        "POST /api/kit": { body: { id: 5 } },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Nuovo kit" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Nuovo kit" }));
    await user.type(dialog.getByLabelText("Nome del kit"), "Kit Ripresa");
    await user.click(dialog.getByRole("checkbox", { name: "Fotografia" }));
    await user.type(dialog.getByRole("searchbox", { name: "Aggiungi un articolo al kit" }), "Canon");
    await user.click(await dialog.findByRole("button", { name: "Canon EOS R6" }));
    await user.selectOptions(dialog.getByRole("combobox", { name: "Unità fissa di Canon EOS R6" }), "CANON_002");
    await user.click(dialog.getByRole("button", { name: "Aggiungi accessorio" }));
    await user.type(dialog.getByRole("textbox", { name: "Nome dell'accessorio 1" }), "Batteria");
    await user.tripleClick(dialog.getByRole("spinbutton", { name: "Quantità dell'accessorio 1" }));
    await user.keyboard("2");
    await user.click(dialog.getByRole("button", { name: "Salva il kit" }));

    await waitFor(() => expect(server.callsTo("POST /api/kit")).toHaveLength(1));
    expect(server.callsTo("POST /api/kit")[0]?.body).toEqual({
      nome: "Kit Ripresa",
      descrizione: null,
      corsi_assegnati: ["Fotografia"],
      righe: [{ inventario_id: 10, quantita: 1, unit_id: 101 }],
      accessori: [{ nome: "Batteria", quantita: 2 }],
    });
  });
});

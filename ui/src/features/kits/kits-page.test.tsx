import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { recordDownloads } from "../../../test/downloads";
import { anAdmin } from "../../../test/fixtures";
import { anItem, aUnit } from "../../../test/inventory-fixtures";
import { inventoryRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";

const camera = anItem({
  id: 10,
  nome: "Canon EOS R6",
  unita: [aUnit({ id: 100, codice_univoco: "CANON_001" }), aUnit({ id: 101, codice_univoco: "CANON_002" })],
});

/** The files the screen handed to the browser to save. */
const saved = recordDownloads();

const portraitKit = {
  id: 7,
  nome: "Kit ritratto",
  descrizione: null,
  corsi_assegnati: ["Fotografia"],
  righe: [{ id: 1, inventario_id: 10, oggetto_nome: "Canon EOS R6", quantita: 1, unit_id: null, codice_univoco: null }],
  accessori: [],
  created_at: "2026-01-10T09:00:00.000Z",
  updated_at: "2026-01-10T09:00:00.000Z",
};

describe("the desk's kits", () => {
  it("prints a kit's label in the format chosen, through the labels' own call", async () => {
    const { user, server } = renderApp({
      signedInAs: anAdmin(),
      path: "/kit",
      api: {
        "GET /api/kit": { body: [portraitKit] },
        "GET /api/etichette": { body: {}, headers: { "content-disposition": 'attachment; filename="etichette.pdf"' } },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Stampa etichetta: Kit ritratto" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Stampa etichette" }));
    expect(dialog.getByText("Etichetta di Kit ritratto: codice QR e codice a barre")).toBeTruthy();
    await user.selectOptions(dialog.getByRole("combobox", { name: "Formato" }), "62mm");
    await user.click(dialog.getByRole("button", { name: "Scarica il PDF" }));
    await waitFor(() => expect(saved).toEqual(["etichette.pdf"]));
    expect(server.callsTo("GET /api/etichette").map((call) => call.query)).toEqual([{ kit: "7", formato: "62mm" }]);
    expect(await screen.findByText("Etichetta pronta: Kit ritratto")).toBeTruthy();
  });

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

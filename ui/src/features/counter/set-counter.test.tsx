import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import type { ScannedUnit } from "../../../../src/modules/counter/model";
import { aScannedUnit } from "../../../test/desk-fixtures";
import { anAdmin } from "../../../test/fixtures";
import type { ApiCall, ApiRoutes } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { aSet } from "../../../test/set-fixtures";

const approvedLine = { stato_richiesta: "approvata" as const, fase: "da_ritirare" as const, prestito_id: 900 };
const dueOut = aSet({
  stato: "approvata",
  righe: aSet().righe.map((line) => ({ ...line, ...approvedLine })),
});
const out = aSet({
  stato: "in_corso",
  righe: aSet().righe.map((line) => ({ ...line, ...approvedLine, fase: "attivo" as const })),
  accessori: [{ id: 1, nome: "Batteria", quantita: 2, consegnati: 2 }],
});

function scanned(id: number, code: string, itemId: number): ScannedUnit {
  return aScannedUnit({ id, codice_univoco: code, inventario_id: itemId, oggetto_nome: "" });
}

/** The scan answers by code: the set's own units name the set; LENS_002 is a free spare lens. */
function scanRoute(set: typeof dueOut) {
  const units: Record<string, ScannedUnit> = {
    CANON_001: scanned(100, "CANON_001", 10),
    LENS_001: scanned(110, "LENS_001", 11),
    LENS_002: scanned(111, "LENS_002", 11),
    TRIPOD_001: scanned(120, "TRIPOD_001", 12),
  };
  return (call: ApiCall) => {
    const unit = units[call.query.codice ?? ""];
    if (!unit) return { status: 404, body: { error: "Codice non trovato" } };
    return { body: { unita: [unit], kit: null, prenotazione_id: unit.id === 111 ? null : set.id } };
  };
}

function renderCounter(set: typeof dueOut, api: ApiRoutes = {}) {
  return renderApp({
    signedInAs: anAdmin(),
    path: "/banco",
    api: {
      "GET /api/banco/scansione": scanRoute(set),
      "GET /api/prenotazioni/40": { body: set },
      ...api,
    },
  });
}

async function scan(user: ReturnType<typeof renderApp>["user"], code: string) {
  await user.type(await screen.findByLabelText("Codice dell'unità"), `${code}{Enter}`);
}

const panel = () => within(screen.getByRole("region", { name: "Set di Giulia Bianchi" }));

describe("Banco: a set handed over at once", () => {
  it("opens the whole set from one unit, ticks each scan, swaps a spare unit in and hands out with one call", async () => {
    const handedOver = { body: { message: "Consegnato", prenotazione: { ...dueOut, stato: "in_corso" } } };
    const { user, server } = renderCounter(dueOut, { "PUT /api/prenotazioni/40/consegna": handedOver });
    await scan(user, "CANON_001");
    const lines = within(await screen.findByRole("list", { name: "Unità da consegnare" }));
    expect((lines.getByRole("checkbox", { name: /CANON_001/ }) as HTMLInputElement).checked).toBe(true);

    await scan(user, "LENS_002");
    expect(await panel().findByText("LENS_002 al posto di LENS_001")).toBeTruthy();
    expect(lines.getByText(/Sostituisce LENS_001/)).toBeTruthy();
    await scan(user, "TRIPOD_001");
    await waitFor(() => expect(panel().getByText("TRIPOD_001 spuntata")).toBeTruthy());

    await user.click(panel().getByRole("checkbox", { name: "Batteria" }));
    await user.click(panel().getByRole("radio", { name: "Conferma con password sul telefono" }));
    await user.click(panel().getByRole("button", { name: "Consegna 3 unità" }));

    await waitFor(() => expect(server.callsTo("PUT /api/prenotazioni/40/consegna")).toHaveLength(1));
    expect(server.callsTo("PUT /api/prenotazioni/40/consegna")[0]?.body).toEqual({
      unita_ids: [100, 111, 120],
      accessori: [{ nome: "Batteria", quantita: 2 }],
    });
    expect(await panel().findByText("Consegnate 3 unità a Giulia")).toBeTruthy();
  });

  it("leaves an unticked line to collect later, or cancels it with its reason", async () => {
    const { user, server } = renderCounter(dueOut, {
      "PUT /api/prenotazioni/40/consegna": { body: { message: "ok" } },
    });
    await scan(user, "CANON_001");
    await scan(user, "LENS_001");
    await screen.findByText("LENS_001 spuntata");
    const tripod = within(panel().getByText("TRIPOD_001").closest("li") as HTMLElement);
    await user.click(tripod.getByRole("checkbox", { name: /Annulla questa riga/ }));
    await user.type(tripod.getByRole("textbox", { name: "Motivo dell'annullamento di TRIPOD_001" }), "Rotto");
    await user.click(panel().getByRole("radio", { name: "Conferma con password sul telefono" }));
    await user.click(panel().getByRole("button", { name: "Consegna 2 unità" }));
    await waitFor(() => expect(server.callsTo("PUT /api/prenotazioni/40/consegna")).toHaveLength(1));
    expect(server.callsTo("PUT /api/prenotazioni/40/consegna")[0]?.body).toMatchObject({
      unita_ids: [100, 110],
      righe_annullate: [{ richiesta_id: 503, motivo: "Rotto" }],
    });
  });

  it("asks for the signature on the pad, with an accessible label and 'Cancella'", async () => {
    const { user } = renderCounter(dueOut);
    await scan(user, "CANON_001");
    await screen.findByRole("list", { name: "Unità da consegnare" });
    expect(panel().getByRole("img", { name: "Firma dello studente: vuoto" })).toBeTruthy();
    expect((panel().getByRole("button", { name: "Cancella" }) as HTMLButtonElement).disabled).toBe(true);
    // Without a signature (or the password choice) nothing goes out.
    expect((panel().getByRole("button", { name: "Consegna 1 unità" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("Banco: a set's return", () => {
  it("opens the set's return from one unit; an unticked battery stays open as a mancanza", async () => {
    const returned = { body: { message: "ok", mancanze: [{ nome: "Batteria", quantita: 1 }], prenotazione: out } };
    const { user, server } = renderCounter(out, {
      "PUT /api/prenotazioni/40/restituisci": returned,
      "GET /api/prenotazioni/40/anteprima-restituzione": {
        body: { giorni_ritardo: 2, strike: 1, blocco: false, unita_rimanenti: 0 },
      },
    });
    await scan(user, "TRIPOD_001");
    await screen.findByRole("list", { name: "Unità da restituire" });
    await user.click(panel().getByRole("button", { name: "Tutto restituito" }));
    expect(await panel().findByText("2 giorni di ritardo")).toBeTruthy();
    expect(panel().getByText("1 penalità per il set")).toBeTruthy();
    await user.clear(panel().getByRole("spinbutton", { name: "Numero di Batteria" }));
    await user.type(panel().getByRole("spinbutton", { name: "Numero di Batteria" }), "1");
    expect(panel().getByText("Restano aperti come mancanza: 1 × Batteria")).toBeTruthy();
    await user.click(panel().getByRole("button", { name: "Registra la restituzione" }));
    await waitFor(() => expect(server.callsTo("PUT /api/prenotazioni/40/restituisci")).toHaveLength(1));
    expect(server.callsTo("PUT /api/prenotazioni/40/restituisci")[0]?.body).toEqual({
      unita_ids: [100, 110, 120],
      accessori_mancanti: [{ nome: "Batteria", quantita: 1 }],
      condizioni: [100, 110, 120].map((unit_id) => ({ unit_id, condizione: "ok" })),
    });
  });

  it("ticks a unit scanned twice only once", async () => {
    const { user } = renderCounter(out);
    await scan(user, "CANON_001");
    await screen.findByRole("list", { name: "Unità da restituire" });
    await scan(user, "CANON_001");
    expect(await panel().findByText("CANON_001 è già spuntata")).toBeTruthy();
  });
});

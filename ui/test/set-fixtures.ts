import type { SetLine, SetShortage, SetSummary, SetView } from "../src/api/prenotazioni";

// Server answers about sets (`prenotazioni`) for screen tests.

export function aSetLine(overrides: Partial<SetLine> = {}): SetLine {
  return {
    richiesta_id: 501,
    stato_richiesta: "in_attesa",
    motivo_rifiuto: null,
    inventario_id: 10,
    oggetto_nome: "Canon EOS R6",
    unit_id: 100,
    codice_univoco: "CANON_001",
    prestito_id: null,
    fase: null,
    restituita_il: null,
    condizione: null,
    disponibile: true,
    ...overrides,
  };
}

const camera = aSetLine();
const lens = aSetLine({
  richiesta_id: 502,
  inventario_id: 11,
  oggetto_nome: "Obiettivo 50mm",
  unit_id: 110,
  codice_univoco: "LENS_001",
});
const tripod = aSetLine({
  richiesta_id: 503,
  inventario_id: 12,
  oggetto_nome: "Treppiede Manfrotto",
  unit_id: 120,
  codice_univoco: "TRIPOD_001",
});

/** A pending kit booked by Giulia with an extra lens: three units, two batteries. */
export function aSet(overrides: Partial<SetView> = {}): SetView {
  return {
    id: 40,
    stato: "in_attesa",
    utente_id: 2,
    utente_nome: "Giulia",
    utente_cognome: "Bianchi",
    utente_email: "giulia@example.com",
    matricola: "M1234",
    kit_id: 5,
    kit_nome: "Kit Ripresa",
    dal: "2025-03-17",
    al: "2025-03-21",
    tipo_utilizzo: null,
    note: null,
    motivo_rifiuto: null,
    created_at: "2025-03-10 09:00:00",
    handled_at: null,
    consegnato_il: null,
    restituito_il: null,
    firma: null,
    ricevuta_sha256: null,
    disponibile: true,
    unita_totali: 3,
    mancanze_aperte: 0,
    penalty_strikes: 0,
    is_blocked: false,
    righe: [camera, lens, tripod],
    accessori: [{ id: 1, nome: "Batteria", quantita: 2, consegnati: 0 }],
    mancanze: [],
    storia: [],
    ...overrides,
  };
}

/** The list row of a set: its lines summed up per model. */
/** An open mancanza: one battery that Giulia did not bring back with set #40. */
export function aShortage(overrides: Partial<SetShortage> = {}): SetShortage {
  return {
    id: 7,
    prenotazione_id: 40,
    prestito_id: null,
    nome: "Batteria",
    quantita: 1,
    esito: null,
    nota: null,
    created_at: "2025-03-24 10:00:00",
    risolta_il: null,
    utente_id: 2,
    utente_nome: "Giulia",
    utente_cognome: "Bianchi",
    ...overrides,
  };
}

export function summaryOf(set: SetView): SetSummary {
  const { righe, accessori: _accessories, mancanze: _shortages, storia: _history, ...fields } = set;
  const models = new Map<number, { inventario_id: number; oggetto_nome: string; quantita: number }>();
  for (const line of righe) {
    const model = models.get(line.inventario_id);
    if (model) model.quantita += 1;
    else
      models.set(line.inventario_id, {
        inventario_id: line.inventario_id,
        oggetto_nome: line.oggetto_nome,
        quantita: 1,
      });
  }
  return { ...fields, oggetti: [...models.values()] };
}

export function setPage(sets: SetView[]) {
  return { body: { elementi: sets.map(summaryOf), pagina: 1, per_pagina: 50, totale: sets.length } };
}

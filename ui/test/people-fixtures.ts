// The desk's student sheet (GET /api/utenti/:id/scheda) and calendar entries (GET /api/agenda), shaped as
// the API sends them.
import type { AgendaEntry, StudentSheet } from "../../src/modules/people/model";
import { aLoan, aLoanRequest, dayFromToday } from "./desk-fixtures";
import { lucaVerdi } from "./fixtures";
import { aShortage } from "./set-fixtures";

/** Luca Verdi with nothing in hand and nothing against him, unless told. */
export function aSheet(overrides: Partial<StudentSheet> = {}): StudentSheet {
  return {
    utente: lucaVerdi(),
    prestiti_aperti: [],
    prenotazioni_aperte: [],
    richieste_in_attesa: [],
    proroghe_in_attesa: [],
    storico_prestiti: [],
    storico_prenotazioni: [],
    penalita: [],
    mancanze: [],
    prestiti_in_ritardo: 0,
    mancanze_aperte: 0,
    ...overrides,
  };
}

/** Luca's bad week: a tripod three days late, a strike for a scratched lens, a battery never returned. */
export function aTroubledSheet(): StudentSheet {
  const base = aSheet();
  return aSheet({
    utente: { ...base.utente, penalty_strikes: 1 },
    prestiti_aperti: [
      aLoan({
        data_rientro: dayFromToday(-3),
        stato: "scaduto",
        fase: "scaduto",
        giorni_ritardo: 3,
        note: "Con borsa",
      }),
    ],
    richieste_in_attesa: [
      aLoanRequest({ utente_id: 3, oggetto_nome: "Canon EOS R6", note: "Per il corso di ritratto" }),
    ],
    storico_prestiti: [
      aLoan({
        id: 9,
        inventario_id: 8,
        oggetto_nome: "Luce LED Aputure",
        stato: "restituito",
        fase: "restituito",
        note: null,
        data_restituzione: dayFromToday(-10),
      }),
    ],
    penalita: [
      {
        id: 5,
        prestito_id: null,
        articolo_nome: "Manuale",
        motivo: "Obiettivo graffiato",
        strike_assegnati: 1,
        giorni_ritardo: 0,
        created_at: "2026-03-01T09:00:00.000Z",
        created_by_name: "Marta",
        created_by_surname: "Bianchi",
        azzerata_at: null,
      },
    ],
    mancanze: [
      aShortage({
        id: 2,
        created_at: "2026-03-02T09:00:00.000Z",
        utente_id: 3,
        utente_nome: "Luca",
        utente_cognome: "Verdi",
      }),
    ],
    prestiti_in_ritardo: 1,
    mancanze_aperte: 1,
  });
}

export function anAgendaEntry(overrides: Partial<AgendaEntry> = {}): AgendaEntry {
  return {
    tipo: "prestito",
    id: 11,
    movimento: "uscita",
    data: dayFromToday(0),
    titolo: "Treppiede Manfrotto",
    inventario_id: 7,
    utente_id: 3,
    utente_nome: "Luca Verdi",
    stato: "da_ritirare",
    ...overrides,
  };
}

/** Luca asks to keep the tripod two more days. */
export function anExtension(overrides: Partial<StudentSheet["proroghe_in_attesa"][number]> = {}) {
  return {
    id: 9,
    prestito_id: 1,
    prenotazione_id: null,
    dal: dayFromToday(1),
    al: dayFromToday(3),
    motivo: "Riprese rimandate",
    stato: "in_attesa" as const,
    motivo_rifiuto: null,
    utente_id: 3,
    utente_nome: "Luca Verdi",
    articolo_nome: "Treppiede Manfrotto",
    unita: ["TRE_001"],
    created_at: "2025-03-10 09:00:00",
    handled_at: null,
    ...overrides,
  };
}

/** Giulia's pending extension of her Canon EOS R6 (loan #1, due 14/03/2025) to 17/03/2025. */
export function giuliasExtension() {
  return anExtension({
    id: 5,
    dal: "2025-03-14",
    al: "2025-03-17",
    utente_id: 2,
    utente_nome: "Giulia Bianchi",
    articolo_nome: "Canon EOS R6",
    unita: ["CANON_001"],
  });
}

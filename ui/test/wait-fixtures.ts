import type { DeskQueue, DeskWait, WaitView } from "../src/api/attese";

/** A student's queue entry for the Canon EOS R6 (item 10), third in its queue. */
export function aWait(overrides: Partial<WaitView> = {}): WaitView {
  return {
    id: 5,
    inventario_id: 10,
    kit_id: null,
    nome: "Canon EOS R6",
    dal: "2025-03-17",
    al: "2025-03-21",
    stato: "in_coda",
    posizione: 3,
    scade_il: null,
    richiesta_id: null,
    prenotazione_id: null,
    created_at: "2025-03-10T09:00:00.000Z",
    ...overrides,
  };
}

/** One student's entry as the desk reads it. */
export function aDeskWait(overrides: Partial<DeskWait> = {}): DeskWait {
  return { ...aWait(), utente_id: 2, utente: "Giulia Bianchi", corso: "Fotografia", ...overrides };
}

/** The Canon's queue: a hold for Giulia, then Marco waiting. */
export function aCameraQueue(): DeskQueue {
  return {
    inventario_id: 10,
    kit_id: null,
    nome: "Canon EOS R6",
    attese: [
      aDeskWait({ id: 5, stato: "offerta", posizione: null, scade_il: "2025-03-10T20:30:00.000Z" }),
      aDeskWait({ id: 6, utente_id: 3, utente: "Marco Rossi", corso: "Cinema", posizione: 1 }),
    ],
  };
}

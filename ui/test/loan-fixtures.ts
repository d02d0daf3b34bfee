import { bookingRules, DEFAULT_SETTINGS } from "../../src/domain/academy-settings";
// Server answers for the student's screens (items, units, loans, requests, penalties, alerts).

import type { LoanType } from "../../src/domain/loan-types";
import type { ItemState, UnitState } from "../../src/domain/unit-state";
import type { Alerts } from "../../src/modules/alerts/model";
import type { LoanView, RequestView } from "../../src/modules/loans/model";
import { catalogueRoute } from "./paged-lists";

/** The academy's "today" in every student-screen test (the server's `/api/health` says so). */
export const TODAY = "2025-03-10";

export function anItem(overrides: Partial<Record<string, unknown>> & { id?: number } = {}) {
  return {
    id: 10,
    nome: "Canon EOS R6",
    note: "Con due batterie",
    posizione: "Armadio A2",
    scaffale: "Armadio A2",
    categoria_id: 1,
    categoria_nome: "Fotografia - Fotocamere",
    categoria_madre: "Fotografia",
    categoria_figlia: "Fotocamere",
    corsi_assegnati: ["Fotografia"],
    quantita_totale: 3,
    unita_disponibili: 2,
    stato_effettivo: "disponibile" as ItemState,
    libera_fino_al: null as string | null,
    prossima_disponibilita: TODAY as string | null,
    tipo_prestito: "solo_esterno" as LoanType,
    immagine_url: null as string | null,
    ...overrides,
  };
}

export function aUnit(
  overrides: Partial<{
    id: number;
    codice_univoco: string;
    stato: UnitState;
    note: string | null;
    prenotazioni: { dal: string; al: string; tipo: "richiesta" | "prestito"; fino_alla_restituzione: boolean }[];
  }> = {},
) {
  return {
    id: 100,
    codice_univoco: "CANON_001",
    stato: "disponibile" as UnitState,
    note: null,
    prenotazioni: [],
    ...overrides,
  };
}

export function aLoan(overrides: Partial<LoanView> = {}): LoanView {
  return {
    id: 1,
    inventario_id: 10,
    oggetto_id: 10,
    oggetto_nome: "Canon EOS R6",
    articolo_nome: "Canon EOS R6",
    unita: ["CANON_001"],
    unita_ids: [100],
    unita_seriale: "CANON_001",
    quantita: 1,
    utente_id: 2,
    utente_nome: "Giulia",
    utente_cognome: "Bianchi",
    utente_nome_reale: "Giulia Bianchi",
    utente_email: "giulia.bianchi@accademia.it",
    chi: "Giulia Bianchi",
    data_uscita: "2025-03-05",
    data_rientro: "2025-03-14",
    // Never extended: the first due date is the due date.
    data_rientro_originale: overrides.data_rientro ?? "2025-03-14",
    data_restituzione: null,
    data_fine: null,
    stato: "attivo",
    fase: "attivo",
    giorni_ritardo: 0,
    consegnato_il: "2025-03-05 09:00:00",
    consegnato_da: "Marco Rossi",
    annullato_il: null,
    unita_restituite: [],
    checklist: null,
    note: null,
    tipo_utilizzo: "esterno",
    richiesta_id: null,
    penalty_strikes: 0,
    is_blocked: false,
    account_scaduto: false,
    created_at: "2025-03-05 09:00:00",
    ...overrides,
  };
}

export function aRequest(overrides: Partial<RequestView> = {}): RequestView {
  return {
    id: 1,
    stato: "in_attesa",
    inventario_id: 10,
    oggetto_nome: "Canon EOS R6",
    articolo_nome: "Canon EOS R6",
    tipo_prestito: "solo_esterno",
    unit_id: 100,
    codice_univoco: "CANON_001",
    dal: "2025-03-12",
    al: "2025-03-15",
    note: null,
    tipo_utilizzo: "esterno",
    motivo_rifiuto: null,
    created_at: "2025-03-09T10:00:00.000Z",
    handled_at: null,
    utente_id: 2,
    utente_nome: "Giulia",
    utente_cognome: "Bianchi",
    name: "Giulia",
    surname: "Bianchi",
    utente_email: "giulia.bianchi@accademia.it",
    penalty_strikes: 0,
    is_blocked: false,
    prenotazione_id: null,
    ...overrides,
  };
}

export function aPenalty(overrides: Partial<{ id: number; articolo_nome: string; strike_assegnati: number }> = {}) {
  return {
    id: 1,
    articolo_nome: "Canon EOS R6",
    motivo: "Ritardo di 2 giorni nella restituzione",
    strike_assegnati: 1,
    giorni_ritardo: 2,
    created_at: "2025-02-20T09:00:00.000Z",
    created_by_name: "Marco",
    created_by_surname: "Rossi",
    ...overrides,
  };
}

/** The alerts' answer when there is nothing to report. */
export function noAlerts(): Alerts {
  return {
    scorte_basse: [],
    prestiti_scaduti: [],
    scadenze_oggi: [],
    scadenze_domani: [],
    da_ritirare: [],
    totale_avvisi: 0,
    totali: { scorte_basse: 0, prestiti_scaduti: 0, scadenze_oggi: 0, scadenze_domani: 0, da_ritirare: 0 },
  };
}

/** Every list the student area reads, empty, with the server's today. */
export function studentApi(userId = 2) {
  return {
    "GET /api/health": { body: { ok: true, appName: "PrestaLab", today: TODAY } },
    "GET /api/inventario/disponibili": catalogueRoute([]),
    "GET /api/categorie-semplici": { body: [] },
    "GET /api/richieste/mie": { body: [] },
    "GET /api/prestiti/mie": { body: [] },
    "GET /api/proroghe": { body: [] },
    "GET /api/kit": { body: [] },
    "GET /api/prenotazioni/mie": { body: [] },
    "GET /api/segnalazioni/mie": { body: [] },
    "GET /api/avvisi/utente": { body: noAlerts() },
    "GET /api/notifiche": { body: { notifiche: [], non_lette: 0 } },
    "GET /api/impostazioni/regole": { body: bookingRules(DEFAULT_SETTINGS) },
    "GET /api/calendario": {
      body: { url: `https://prestiti.accademia.it/api/calendario/${userId}-${"a".repeat(32)}.ics` },
    },
    [`GET /api/penalties/user/${userId}`]: {
      body: { userInfo: { penalty_strikes: 0, is_blocked: false, blocked_reason: null }, penalties: [] },
    },
  };
}

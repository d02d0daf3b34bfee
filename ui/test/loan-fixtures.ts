import { bookingRules, DEFAULT_SETTINGS } from "../../src/domain/academy-settings";
// Server answers for the student's screens (items, units, loans, requests, penalties, alerts).

import type { LoanState } from "../../src/domain/bookings";
import type { LoanPhase } from "../../src/domain/loan-rules";
import type { LoanType, UsageType } from "../../src/domain/loan-types";
import type { ItemState, UnitState } from "../../src/domain/unit-state";
import type { Alerts } from "../../src/modules/alerts/model";
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

export function aLoan(
  overrides: Partial<{
    id: number;
    oggetto_nome: string;
    unita: string[];
    data_uscita: string;
    data_rientro: string;
    data_restituzione: string | null;
    stato: LoanState;
    giorni_ritardo: number;
    note: string | null;
    fase: LoanPhase;
  }> = {},
) {
  return {
    id: 1,
    oggetto_nome: "Canon EOS R6",
    unita: ["CANON_001"],
    data_uscita: "2025-03-05",
    data_rientro: "2025-03-14",
    data_restituzione: null,
    stato: "attivo" as LoanState,
    giorni_ritardo: 0,
    note: null,
    fase: "attivo" as LoanPhase,
    ...overrides,
  };
}

export function aRequest(
  overrides: Partial<{
    id: number;
    stato: "in_attesa" | "approvata" | "rifiutata" | "annullata";
    oggetto_nome: string;
    codice_univoco: string;
    dal: string;
    al: string;
    note: string | null;
    tipo_utilizzo: UsageType | null;
    motivo_rifiuto: string | null;
    created_at: string;
  }> = {},
) {
  return {
    id: 1,
    stato: "in_attesa" as const,
    oggetto_nome: "Canon EOS R6",
    codice_univoco: "CANON_001",
    dal: "2025-03-12",
    al: "2025-03-15",
    note: null,
    tipo_utilizzo: "esterno" as UsageType | null,
    motivo_rifiuto: null,
    created_at: "2025-03-09T10:00:00.000Z",
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

export const NO_ALERTS: Alerts = {
  scorte_basse: [],
  prestiti_scaduti: [],
  scadenze_oggi: [],
  scadenze_domani: [],
  totale_avvisi: 0,
};

/** Every list the student area reads, empty, with the server's today. */
export function studentApi(userId = 2) {
  return {
    "GET /api/health": { body: { ok: true, appName: "PrestaLab", today: TODAY } },
    "GET /api/inventario/disponibili": catalogueRoute([]),
    "GET /api/categorie-semplici": { body: [] },
    "GET /api/richieste/mie": { body: [] },
    "GET /api/prestiti/mie": { body: [] },
    "GET /api/segnalazioni/mie": { body: [] },
    "GET /api/avvisi/utente": { body: NO_ALERTS },
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

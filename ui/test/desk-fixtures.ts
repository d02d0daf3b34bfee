// Server answers for the lending desk's screens (requests, loans, alerts, items), shaped as the API
// sends them, with the fields a test cares about overridable.
import type { Alerts, LoanAlert, LowStockAlert } from "../../src/modules/alerts/model";
import type { ScannedUnit } from "../../src/modules/counter/model";
import type { LoanView, RequestView } from "../../src/modules/loans/model";
import { aRequest, aLoan as aStudentScreensLoan, noAlerts } from "./loan-fixtures";
import type { ApiCall, ApiRoutes } from "./mock-api";

// The desk's screens answer the alerts as the student's do when there is nothing to report.
export { noAlerts };

const HOUR_MS = 3_600_000;

export function hoursAgo(hours: number): string {
  return new Date(Date.now() - hours * HOUR_MS).toISOString();
}

/** A calendar date `days` from today in this machine's zone (negative for the past). */
export function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/** A pending request as the desk lists it: the student screens' request, arriving now. */
export function aLoanRequest(overrides: Partial<RequestView> = {}): RequestView {
  return aRequest({
    id: 31,
    inventario_id: 4,
    unit_id: 40,
    codice_univoco: "CANONEOSR6_001",
    dal: dayFromToday(2),
    al: dayFromToday(5),
    note: "Per il corso di ritratto",
    created_at: hoursAgo(2),
    ...overrides,
  });
}

/** A loan out at the desk, handed over three days ago, to another student than the student screens' one. */
export function aLoan(overrides: Partial<LoanView> = {}): LoanView {
  return aStudentScreensLoan({
    id: 11,
    inventario_id: 7,
    oggetto_id: 7,
    oggetto_nome: "Treppiede Manfrotto",
    articolo_nome: "Treppiede Manfrotto",
    unita: ["TREPPIEDE_001"],
    unita_ids: [70],
    unita_seriale: "TREPPIEDE_001",
    utente_id: 3,
    utente_nome: "Luca",
    utente_cognome: "Verdi",
    utente_nome_reale: "Luca Verdi",
    utente_email: "luca.verdi@accademia.it",
    chi: "Luca Verdi",
    data_uscita: dayFromToday(-3),
    data_rientro: dayFromToday(4),
    note: "Prestito diretto - 1 unità",
    created_at: hoursAgo(72),
    consegnato_il: hoursAgo(72),
    consegnato_da: "Marta Bianchi",
    ...overrides,
  });
}

type AlertLists = Omit<Alerts, "totale_avvisi" | "totali">;
const ALERT_LISTS = ["scorte_basse", "prestiti_scaduti", "scadenze_oggi", "scadenze_domani", "da_ritirare"] as const;

/** The desk's alerts as the server answers them: these lists, their counts and `?limite=N` cutting each. */
export function alertsRoute(lists: Partial<AlertLists>): ApiRoutes[string] {
  return (call: ApiCall) => {
    const whole: AlertLists = { ...noAlerts(), ...lists };
    const limit = call.query.limite === undefined ? undefined : Number(call.query.limite);
    const totali = Object.fromEntries(ALERT_LISTS.map((kind) => [kind, whole[kind].length])) as Alerts["totali"];
    const cut = Object.fromEntries(ALERT_LISTS.map((kind) => [kind, whole[kind].slice(0, limit)]));
    const totale_avvisi = Object.values(totali).reduce((sum, count) => sum + count, 0);
    return { body: { ...cut, totale_avvisi, totali } };
  };
}

export function aStockAlert(id: number, nome: string, overrides: Partial<LowStockAlert> = {}): LowStockAlert {
  return {
    id,
    nome,
    unita_disponibili: 0,
    quantita_totale: 3,
    stato_scorte: "esaurito",
    motivo: "Nessuna unità disponibile",
    percentuale_disponibile: 0,
    prima_data_rientro: dayFromToday(3),
    ...overrides,
  };
}

export function aLoanAlert(id: number, oggetto_nome: string, overrides: Partial<LoanAlert> = {}): LoanAlert {
  return {
    id,
    oggetto_nome,
    utente_id: 3,
    utente_nome: "Luca Verdi",
    utente_email: "luca.verdi@accademia.it",
    data_uscita: dayFromToday(-10),
    data_rientro: dayFromToday(-2),
    giorni_ritardo: 2,
    ...overrides,
  };
}

export function anItem(overrides: Record<string, unknown> = {}) {
  return {
    id: 4,
    nome: "Canon EOS R6",
    note: null,
    categoria_nome: "Fotografia - Fotocamere",
    tipo_prestito: "solo_esterno",
    stato_effettivo: "disponibile",
    quantita_totale: 3,
    unita_disponibili: 2,
    unita: [],
    ...overrides,
  };
}

/** What the desk's scan answers for one unit: by default a Sony Alpha 7 IV, free to lend, with no loan. */
export function aScannedUnit(overrides: Partial<ScannedUnit> = {}): ScannedUnit {
  return {
    id: 103,
    codice_univoco: "A7-003",
    inventario_id: 7,
    oggetto_nome: "Sony Alpha 7 IV",
    foto_url: null,
    checklist: null,
    tipo_prestito: "solo_esterno",
    stato: "disponibile",
    azione: "prestito",
    libera_fino_al: null,
    prossima_disponibilita: null,
    rientro_proposto: null,
    prestito: null,
    ...overrides,
  };
}

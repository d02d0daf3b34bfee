import { type Static, t } from "elysia";
import { STOCK_LEVELS } from "../../domain/stock-level";
import { answerInteger, dayText } from "../schemas";

/** Shapes of the alerts: the desk's (stock and loans) and a student's own (their loans only). */

export const lowStockAlert = t.Object({
  id: answerInteger(),
  nome: t.String(),
  unita_disponibili: answerInteger(),
  quantita_totale: answerInteger(),
  stato_scorte: t.UnionEnum(STOCK_LEVELS),
  motivo: t.String(),
  percentuale_disponibile: answerInteger({ description: "Unità disponibili su quelle totali, in percentuale" }),
  prima_data_rientro: t.Nullable(dayText),
});

export const loanAlert = t.Object({
  id: answerInteger(),
  oggetto_nome: t.String(),
  utente_id: t.Nullable(answerInteger()),
  utente_nome: t.String({ description: "Nome e cognome di chi ha il prestito" }),
  utente_email: t.Nullable(t.String()),
  data_uscita: dayText,
  data_rientro: dayText,
  giorni_ritardo: answerInteger(),
});

/** `?limite=N`: each list's first N alerts; the counts in `totali` and `totale_avvisi` stay whole. */
export const alertsQuery = t.Object({
  limite: t.Optional(
    t.String({
      pattern: "^([1-9]|[1-9][0-9]|100)$",
      error: "Limite non valido (da 1 a 100)",
      description: "Da 1 a 100: solo i primi N avvisi di ogni elenco; assente, tutti",
    }),
  ),
});

/** How many alerts of each kind there are, whatever `limite` cut from the lists. */
export const alertCounts = t.Object({
  scorte_basse: answerInteger(),
  prestiti_scaduti: answerInteger(),
  scadenze_oggi: answerInteger(),
  scadenze_domani: answerInteger(),
  da_ritirare: answerInteger(),
});

/** A student's alerts have the same shape, with no stock alerts. */
export const alerts = t.Object({
  scorte_basse: t.Array(lowStockAlert),
  prestiti_scaduti: t.Array(loanAlert),
  scadenze_oggi: t.Array(loanAlert),
  scadenze_domani: t.Array(loanAlert),
  /** Loans nobody collected on their start day, still within the days to collect them (`giorni_ritiro`). */
  da_ritirare: t.Array(loanAlert),
  totale_avvisi: answerInteger(),
  totali: alertCounts,
});

export type LowStockAlert = Static<typeof lowStockAlert>;
export type LoanAlert = Static<typeof loanAlert>;
export type Alerts = Static<typeof alerts>;
export type AlertCounts = Static<typeof alertCounts>;

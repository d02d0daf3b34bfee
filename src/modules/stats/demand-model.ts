import { type Static, t } from "elysia";
import { answerInteger, dayText, isoDate } from "../schemas";

/** Shapes of the demand report (Statistiche → Domanda). */

const share = (description: string) => t.Number({ minimum: 0, maximum: 1, description });

export const demandQuery = t.Object({
  dal: t.Optional(isoDate("Data di inizio non valida (AAAA-MM-GG)")),
  al: t.Optional(isoDate("Data di fine non valida (AAAA-MM-GG)")),
  corso: t.Optional(t.String({ maxLength: 200, error: "Corso non valido" })),
  categoria: t.Optional(t.String({ pattern: "^[1-9][0-9]{0,8}$", error: "Categoria non valida" })),
  /** The share of the demand the suggested units should meet, in percent (default 90). */
  quota: t.Optional(t.String({ pattern: "^(100|[1-9]?[0-9])$", error: "Quota non valida (da 0 a 100)" })),
});
export type DemandQuery = Static<typeof demandQuery>;

export const demandWeek = t.Object({
  settimana: dayText,
  domanda: answerInteger({ description: "Giorni-unità richiesti nella settimana" }),
  capacita: answerInteger({ description: "Giorni-unità disponibili nella settimana" }),
});

export const demandItem = t.Object({
  inventario_id: answerInteger(),
  nome: t.String(),
  unita: answerInteger(),
  richieste: answerInteger(),
  richieste_non_soddisfatte: answerInteger(),
  giorni_non_soddisfatti: answerInteger(),
  utilizzo: share("Giorni fuori ÷ giorni disponibili"),
  in_coda: answerInteger(),
  /** Students who met no free unit, joined the queue, and got the unit as a loan. */
  dalla_coda_al_prestito: answerInteger(),
  settimana_di_punta: t.Union([dayText, t.Null()]),
});
export type DemandItem = Static<typeof demandItem>;
export type DemandWeek = Static<typeof demandWeek>;

/** One item's weeks over the report's period (GET /api/stats/domanda/articoli/:id/settimane). */
export const demandItemWeeks = t.Object({
  inventario_id: answerInteger(),
  nome: t.String(),
  unita: answerInteger(),
  settimana_di_punta: t.Union([dayText, t.Null()]),
  settimane: t.Array(demandWeek),
});
export type DemandItemWeeks = Static<typeof demandItemWeeks>;

export const demandReport = t.Object({
  dal: dayText,
  al: dayText,
  articoli: t.Array(demandItem),
  da_acquistare: t.Array(
    t.Object({
      inventario_id: answerInteger(),
      nome: t.String(),
      unita_in_piu: answerInteger(),
      quota_soddisfatta: share("Quota delle richieste soddisfatta con le unità in più"),
      quota_attuale: share("Quota delle richieste soddisfatta con le unità di oggi"),
      spiegazione: t.String(),
    }),
  ),
  poco_usati: t.Array(
    t.Object({
      unit_id: answerInteger(),
      codice_univoco: t.String(),
      inventario_id: answerInteger(),
      nome: t.String(),
      utilizzo: share("Giorni fuori ÷ giorni disponibili"),
      giorni_fermo: answerInteger({ description: "Giorni del periodo dall'ultimo giorno fuori (tutti se mai uscita)" }),
      ultimo_prestito: t.Union([dayText, t.Null()]),
      spiegazione: t.String(),
    }),
  ),
  /** Every unit that meets the rule of "poco usati"; the list holds the first 50. */
  poco_usati_totale: answerInteger({ description: "Unità poco usate in tutto (l'elenco ne mostra 50)" }),
  da_spostare: t.Array(
    t.Object({
      inventario_id: answerInteger(),
      nome: t.String(),
      da_corso: t.String(),
      a_corso: t.String(),
      richieste_non_soddisfatte: answerInteger(),
      spiegazione: t.String(),
    }),
  ),
});
export type DemandReport = Static<typeof demandReport>;

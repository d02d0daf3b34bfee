import { type Static, t } from "elysia";
import { answerInteger, dayText } from "../schemas";

/** Shapes of the statistics: the plain counts, the period's top fives and its request trend. */

export const PERIODS = [30, 90, 365] as const;
export type Period = (typeof PERIODS)[number];

const PERIOD_TEXTS = ["30", "90", "365"] as const satisfies ReadonlyArray<`${Period}`>;

export const periodQuery = t.Object({
  period: t.Optional(
    t.UnionEnum(PERIOD_TEXTS, {
      default: "30",
      error: "Periodo non valido: usa 30, 90 o 365 giorni",
      description: "Giorni fino a oggi compreso",
    }),
  ),
});

/** The counts the dashboard shows, and the plain counts an existing desk client reads from the same call. */
export const basicCounts = t.Object({
  totale_articoli: answerInteger(),
  utenti_registrati: answerInteger({ description: "Studenti registrati" }),
  richieste_totali: answerInteger(),
  prestiti_attivi: answerInteger(),
  inventario: answerInteger({ description: "Articoli non archiviati" }),
  prestiti: answerInteger(),
  richieste: answerInteger(),
  riparazioni: answerInteger(),
  segnalazioni: answerInteger(),
  users: answerInteger({ description: "Tutti gli account, banco compreso" }),
  richieste_in_attesa: answerInteger(),
  riparazioni_in_corso: answerInteger(),
  segnalazioni_aperte: answerInteger(),
});

export const topUser = t.Object({
  id: answerInteger(),
  name: t.String(),
  surname: t.String(),
  corso_accademico: t.Nullable(t.String()),
  count: answerInteger(),
});

export const topItem = t.Object({
  id: answerInteger(),
  nome: t.String(),
  categoria_madre: t.Nullable(t.String({ description: "Il primo corso dell'articolo" })),
  categoria_figlia: t.Nullable(t.String({ description: "La categoria dell'articolo" })),
  count: answerInteger(),
});

export const topDepartment = t.Object({
  corso_accademico: t.String(),
  studenti: answerInteger({ description: "Quanti studenti diversi del corso hanno fatto richieste" }),
  count: answerInteger(),
});

export const categoryShare = t.Object({
  categoria: t.String({ description: "Il primo corso degli articoli richiesti" }),
  count: answerInteger(),
});

/**
 * One bar of the trend, oldest first: a day (30 days), an ISO week (90) or a month (365). The label also
 * stands under the field the spec names for the granularity (`day`, `week` or `month`), as clients read it.
 */
export const trendBucket = t.Object({
  label: t.String({ description: "GG/MM per giorni e settimane (il lunedì), MM/AAAA per i mesi" }),
  inizio: dayText,
  count: answerInteger(),
  day: t.Optional(t.String()),
  week: t.Optional(t.String()),
  month: t.Optional(t.String()),
});

export type PeriodQuery = Static<typeof periodQuery>;
export type BasicCounts = Static<typeof basicCounts>;
export type TopUser = Static<typeof topUser>;
export type TopItem = Static<typeof topItem>;
export type TopDepartment = Static<typeof topDepartment>;
export type CategoryShare = Static<typeof categoryShare>;
export type TrendBucket = Static<typeof trendBucket>;

// The demand report's shapes, for the screen: the UI takes types from a module's model only.
export type { DemandItem, DemandItemWeeks, DemandQuery, DemandReport } from "./demand-model";

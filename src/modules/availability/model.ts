import { type Static, t } from "elysia";
import { answerInteger, idParams, isoDate } from "../schemas";

export const availabilityParams = idParams("Articolo non valido");

export const availabilityQuery = t.Object({
  dal: t.Optional(isoDate("Data di inizio non valida: usa il formato AAAA-MM-GG")),
  al: t.Optional(isoDate("Data di fine non valida: usa il formato AAAA-MM-GG")),
});

const occupation = t.Object({
  tipo: t.UnionEnum(["prestito", "richiesta", "riparazione", "perso", "attesa"]),
  dal: t.String(),
  /** Null while the end is unknown: a repair in progress, a lost unit, an overdue loan. */
  al: t.Nullable(t.String()),
  /** The loan, request or repair: desk only (null for students). */
  riferimento_id: t.Nullable(answerInteger()),
  /** Who holds or asked for it: desk only (null for students). */
  chi: t.Nullable(t.String()),
});

export const availabilityView = t.Object({
  inventario_id: answerInteger(),
  dal: t.String(),
  al: t.String(),
  unita: t.Array(t.Object({ id: answerInteger(), codice_univoco: t.String(), occupazioni: t.Array(occupation) })),
  /** The days of [max(dal, today), al] on which at least one unit is free. */
  giorni_liberi: t.Array(t.String()),
});

export type AvailabilityQuery = Static<typeof availabilityQuery>;
export type AvailabilityView = Static<typeof availabilityView>;

import { type Static, t } from "elysia";
import { LABEL_FORMAT_NAMES } from "../../domain/label-formats";
import { LOAN_TYPES } from "../../domain/loan-types";
import { UNIT_STATES } from "../../domain/unit-state";
import { kitView } from "../kits/model";
import { loanView, unitIdsText } from "../loans/model";
import { answerInteger, unitNamingFields } from "../schemas";

/** Shapes of the counter's own routes: scan and labels. */

export const START_POSITION_ERROR = "Posizione di partenza non valida: indica la prima etichetta libera del foglio";

export const labelsQuery = t.Object({
  unita: t.Optional(unitIdsText),
  /** Kits' ids: their labels follow the units'. */
  kit: t.Optional(t.String({ pattern: "^\\d{1,12}(,\\d{1,12}){0,499}$", error: "Kit non validi" })),
  formato: t.Optional(
    t.UnionEnum(LABEL_FORMAT_NAMES, { error: `Formato di etichetta non valido: ${LABEL_FORMAT_NAMES.join(", ")}` }),
  ),
  /** Where on a sheet the first label goes: 1 = top left, counting along each row. */
  inizio: t.Optional(t.String({ pattern: "^[1-9][0-9]{0,2}$", error: START_POSITION_ERROR })),
});

export const scanQuery = t.Object({
  codice: t.String({ minLength: 1, maxLength: 500, error: "Scansiona o scrivi un codice" }),
});

export const SCAN_ACTIONS = ["restituzione", "consegna", "prestito", "non_disponibile"] as const;

export const scanResponse = t.Object({
  unita: t.Array(
    t.Object({
      ...unitNamingFields,
      /** The picture to show: the unit's own photo, else its item's link or photo; null when none. */
      foto_url: t.Nullable(t.String()),
      checklist: t.Nullable(t.String()),
      /** How the item may be lent: the Banco's lend form asks for the usage and dates it allows. */
      tipo_prestito: t.UnionEnum(LOAN_TYPES),
      stato: t.UnionEnum(UNIT_STATES),
      azione: t.UnionEnum(SCAN_ACTIONS),
      /** Free today: the last day before the unit's next booking (null: nothing booked ahead); else null. */
      libera_fino_al: t.Nullable(t.String()),
      /** The first day from today on when the unit is free; null when no end is known. */
      prossima_disponibilita: t.Nullable(t.String()),
      /** To lend (`azione` "prestito"): the return date to offer, never past `libera_fino_al`; else null. */
      rientro_proposto: t.Nullable(t.String()),
      prestito: t.Nullable(loanView),
    }),
  ),
  /** The kit whose label was scanned (then `unita` is empty), else null. */
  kit: t.Nullable(kitView),
  /** The set due to go out or come back that the scanned unit or kit belongs to: the Banco opens it whole. */
  prenotazione_id: t.Nullable(answerInteger()),
});
export type ScannedUnit = Static<typeof scanResponse>["unita"][number];

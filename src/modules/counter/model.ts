import { Value } from "@sinclair/typebox/value";
import { type Static, t } from "elysia";
import { LOAN_TYPES } from "../../domain/loan-types";
import { UNIT_STATES } from "../../domain/unit-state";
import { badRequest } from "../../http/errors";
import { kitView } from "../kits/model";
import { loanView } from "../loans/model";
import { answerInteger } from "../schemas";

/** Shapes of the counter's routes: hand-over, cancel, return and its preview, scan, labels, receipt. */

export const loanIdParams = t.Object({
  id: t.Integer({ minimum: 1, error: "Prestito non valido" }),
});

export const RETURN_CONDITIONS = ["ok", "danneggiato", "incompleto"] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

const unitIdList = t.Array(t.Integer({ minimum: 1, error: "Unità non valide" }), {
  minItems: 1,
  maxItems: 500,
  error: "Unità non valide",
});

/** Without a body every unit still out comes back, as in the spec's call. */
export const returnBody = t.Object(
  {
    unita_ids: t.Optional(unitIdList),
    condizione: t.Optional(
      t.UnionEnum(RETURN_CONDITIONS, { error: "Condizione non valida: tutto ok, danneggiato o incompleto" }),
    ),
    nota: t.Optional(t.String({ maxLength: 1000, error: "Nota troppo lunga (massimo 1000 caratteri)" })),
  },
  { additionalProperties: false, error: "Dati della restituzione non validi" },
);
export type ReturnBody = Static<typeof returnBody>;

/**
 * Checks the optional body of a return against `returnBody` in the handler, after the auth check.
 * Elysia's own validation of an optional body turns anything it cannot read (malformed JSON, a
 * string, unknown fields) into `{}`, which here would mean "every unit back, all fine".
 */
export function readReturnBody(value: unknown): ReturnBody {
  if (value === undefined) return {};
  if (!Value.Check(returnBody, value)) {
    const [first] = Value.Errors(returnBody, value);
    const message = (first?.schema as { error?: unknown } | undefined)?.error;
    throw badRequest(typeof message === "string" ? message : "Dati della restituzione non validi");
  }
  return { ...value, unita_ids: value.unita_ids?.map(Number) };
}

/** `?unita=3,4`: ids separated by commas. */
const unitIdsText = t.String({ pattern: "^\\d{1,12}(,\\d{1,12}){0,499}$", error: "Unità non valide" });

export const previewQuery = t.Object({ unita: t.Optional(unitIdsText) });
export const labelsQuery = t.Object({ unita: unitIdsText });

export function unitIdsOf(text: string | undefined): number[] | undefined {
  return text === undefined ? undefined : text.split(",").map(Number);
}

export const scanQuery = t.Object({
  codice: t.String({ minLength: 1, maxLength: 500, error: "Scansiona o scrivi un codice" }),
});

export const returnPreviewResponse = t.Object({
  giorni_ritardo: answerInteger(),
  strike: answerInteger(),
  blocco: t.Boolean(),
  unita_rimanenti: answerInteger(),
});
export type ReturnPreview = Static<typeof returnPreviewResponse>;

export const loanChangeResponse = t.Object({ message: t.String(), prestito: loanView });
export type LoanChangeAnswer = Static<typeof loanChangeResponse>;

export const returnResponse = t.Object({
  message: t.String(),
  concluso: t.Boolean(),
  giorni_ritardo: answerInteger(),
  strike: answerInteger(),
  blocco: t.Boolean(),
  riparazioni_ids: t.Array(answerInteger()),
  penalty: t.Nullable(t.Object({ strike_assegnati: answerInteger(), totale: answerInteger(), bloccato: t.Boolean() })),
  prestito: loanView,
});
export type ReturnAnswer = Static<typeof returnResponse>;

export const SCAN_ACTIONS = ["restituzione", "consegna", "prestito", "non_disponibile"] as const;

export const scanResponse = t.Object({
  unita: t.Array(
    t.Object({
      id: answerInteger(),
      codice_univoco: t.String(),
      inventario_id: answerInteger(),
      oggetto_nome: t.String(),
      checklist: t.Nullable(t.String()),
      /** How the item may be lent: the Banco's lend form asks for the usage and dates it allows. */
      tipo_prestito: t.UnionEnum(LOAN_TYPES),
      stato: t.UnionEnum(UNIT_STATES),
      azione: t.UnionEnum(SCAN_ACTIONS),
      prestito: t.Nullable(loanView),
    }),
  ),
  /** The kit whose label was scanned (then `unita` is empty), else null. */
  kit: t.Nullable(kitView),
  /** The set due to go out or come back that the scanned unit or kit belongs to: the Banco opens it whole. */
  prenotazione_id: t.Nullable(answerInteger()),
});
export type ScannedUnit = Static<typeof scanResponse>["unita"][number];

import { type Static, t } from "elysia";
import { EXTENSION_STATES } from "../../domain/extensions";
import { answerInteger, dayText, idParams, oneOf, timestampText } from "../schemas";

/** Shapes of the extension routes: a student's request, the desk's decision and direct extension, the list. */

export const extensionParams = idParams("Proroga non valida");

const newEnd = t.String({
  pattern: "^\\d{4}-\\d{2}-\\d{2}$",
  error: "Inserisci una nuova data di rientro valida",
  description: "Nuova data di rientro AAAA-MM-GG",
});
const reason = (error: string) => t.String({ maxLength: 1000, error });

export const extensionRequestBody = t.Object(
  { al: newEnd, motivo: reason("Motivo della proroga richiesto (massimo 1000 caratteri)") },
  { error: "Indica la nuova data di rientro e il motivo" },
);
export type ExtensionRequestBody = Static<typeof extensionRequestBody>;

export const directExtensionBody = t.Object({ al: newEnd }, { error: "Indica la nuova data di rientro" });
export type DirectExtensionBody = Static<typeof directExtensionBody>;

export const extensionRefusalBody = t.Object(
  { motivo: reason("Motivazione del rifiuto richiesta (massimo 1000 caratteri)") },
  { error: "Motivazione del rifiuto richiesta" },
);
export type ExtensionRefusalBody = Static<typeof extensionRefusalBody>;

export const extensionListQuery = t.Object({
  stato: t.Optional(oneOf(["", ...EXTENSION_STATES], "Stato non valido")),
});
export type ExtensionListQuery = Static<typeof extensionListQuery>;

/** An extension as the student and the desk read it, with the loan and the student it concerns. */
export const extensionView = t.Object({
  id: answerInteger(),
  prestito_id: answerInteger(),
  /** The set the extension moves as a whole; null for a single loan. */
  prenotazione_id: t.Nullable(answerInteger()),
  /** The due date it replaces (approved), or would replace (asked). */
  dal: dayText,
  al: dayText,
  motivo: t.Nullable(t.String()),
  stato: t.UnionEnum(EXTENSION_STATES),
  motivo_rifiuto: t.Nullable(t.String()),
  utente_id: t.Nullable(answerInteger()),
  utente_nome: t.String(),
  articolo_nome: t.String(),
  /** The units the extension moves (every unit still out, of every open line of a set). */
  unita: t.Array(t.String()),
  created_at: timestampText,
  handled_at: t.Nullable(timestampText),
});
export type ExtensionView = Static<typeof extensionView>;

export const extensionAnswer = t.Object({ message: t.String(), proroga: extensionView });
export type ExtensionAnswer = Static<typeof extensionAnswer>;

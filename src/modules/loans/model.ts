import { Value } from "@sinclair/typebox/value";
import { type Static, type TSchema, t } from "elysia";
import { MAX_NOTE_LENGTH } from "../../domain/academy-settings";
import { LOAN_STATES, REQUEST_STATES } from "../../domain/bookings";
import { EXTENSION_STATES } from "../../domain/extensions";
import { LOAN_PHASES } from "../../domain/loan-rules";
import { LOAN_SORT_KEYS, REQUEST_SORT_KEYS } from "../../domain/loan-sorting";
import { LOAN_TYPES, USAGE_TYPES } from "../../domain/loan-types";
import { badRequest } from "../../http/errors";
import {
  answerInteger,
  dayText,
  errorAnswer,
  idParams,
  listOrPage,
  oneOf,
  pageQueryFields,
  timestampText,
} from "../schemas";

/** Shapes of the request and loan routes: lists, a student's own, booking, direct loan, approval, refusal. */

export const requestParams = idParams("Richiesta non valida");
export const loanParams = idParams("Prestito non valido");
export const unitParams = t.Object({ unitId: t.String({ pattern: "^[1-9][0-9]{0,14}$", error: "Unità non valida" }) });

/** A value or null, with the message of a wrong one on the outer union (a nested one's would be lost). */
const orNull = <Schema extends TSchema>(schema: Schema, error: string) => t.Union([schema, t.Null()], { error });

/**
 * The stored loan states, `in_corso` for every open one, and the desk's day: `da_ritirare_oggi` (open, not
 * handed over, starting today or earlier) and `in_scadenza_oggi` (open and due today).
 */
export const LOAN_LIST_STATES = ["in_corso", ...LOAN_STATES, "da_ritirare_oggi", "in_scadenza_oggi"] as const;

const listFields = {
  all: t.Optional(t.String({ description: "`1` o `true`: il banco vede le righe di tutti" })),
  cerca: t.Optional(t.String({ maxLength: 100, error: "Testo di ricerca troppo lungo (massimo 100 caratteri)" })),
  // Empty means "no bound", as a form with a cleared date field sends it.
  dal: t.Optional(t.String({ pattern: "^(\\d{4}-\\d{2}-\\d{2})?$", error: "Data non valida (formato AAAA-MM-GG)" })),
  al: t.Optional(t.String({ pattern: "^(\\d{4}-\\d{2}-\\d{2})?$", error: "Data non valida (formato AAAA-MM-GG)" })),
  ...pageQueryFields,
};

const stateFilter = <States extends readonly string[]>(states: States) =>
  t.Optional(oneOf(["", ...states], "Stato non valido"));

/** The table's column (`ordina`, empty for the list's own order) and direction (`verso`). */
const sortFields = <Keys extends readonly string[]>(keys: Keys) => ({
  ordina: t.Optional(oneOf(["", ...keys], "Ordinamento non valido")),
  verso: t.Optional(oneOf(["asc", "desc"], "Verso dell'ordinamento non valido (asc o desc)")),
});

export const requestListQuery = t.Object({
  ...listFields,
  stato: stateFilter(REQUEST_STATES),
  ...sortFields(REQUEST_SORT_KEYS),
});

export const loanListQuery = t.Object({
  ...listFields,
  stato: stateFilter(LOAN_LIST_STATES),
  ...sortFields(LOAN_SORT_KEYS),
});

export type RequestListQuery = Static<typeof requestListQuery>;
export type LoanListQuery = Static<typeof loanListQuery>;

/** Null, or an empty string from the spec's forms, both mean "not chosen". */
const usageField = t.Optional(
  // The message on the outer union: a wrong value fails the union as a whole.
  t.Union([oneOf([...USAGE_TYPES, ""], "Tipo di utilizzo non valido"), t.Null()], {
    error: "Tipo di utilizzo non valido",
  }),
);
const noteField = t.Optional(
  orNull(t.String({ maxLength: MAX_NOTE_LENGTH }), `Testo troppo lungo (massimo ${MAX_NOTE_LENGTH} caratteri)`),
);
const chosenId = (error: string) => t.Optional(orNull(t.Integer({ minimum: 1 }), error));

/** A specific unit (`unit_id`), or any unit of an item free for the dates (`inventario_id` alone). */
export const requestBody = t.Object(
  {
    unit_id: chosenId("Seleziona un'unità"),
    inventario_id: chosenId("Seleziona un'unità"),
    dal: t.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", error: "Inserisci una data di inizio valida" }),
    al: t.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", error: "Inserisci una data di fine valida" }),
    note: noteField,
    tipo_utilizzo: usageField,
  },
  { error: "Dati della richiesta non validi" },
);
export type RequestBody = Static<typeof requestBody>;

export const REQUIRED_FIELDS = "Compila tutti i campi obbligatori";

/** The borrower is `utente_id`, or a registered student named by `chi` alone (the spec's payload). */
export const directLoanBody = t.Object(
  {
    inventario_id: t.Integer({ minimum: 1, error: REQUIRED_FIELDS }),
    utente_id: chosenId("Utente non valido"),
    chi: t.Optional(orNull(t.String({ maxLength: 200 }), "Testo troppo lungo (massimo 200 caratteri)")),
    // Empty is a missing field, answered as such by the service.
    data_uscita: t.String({ error: REQUIRED_FIELDS, description: "Data AAAA-MM-GG" }),
    data_rientro: t.String({ error: REQUIRED_FIELDS, description: "Data AAAA-MM-GG" }),
    unita_ids: t.Array(t.Integer({ minimum: 1, error: "Unità non valide" }), {
      minItems: 1,
      maxItems: 500,
      error: REQUIRED_FIELDS,
    }),
    tipo_utilizzo: usageField,
    note: noteField,
    /** The borrower takes the units now (only for a loan starting today); absent = yes when it starts today. */
    consegna: t.Optional(t.Boolean({ error: "Dati del prestito non validi" })),
  },
  { error: "Dati del prestito non validi" },
);
export type DirectLoanBody = Static<typeof directLoanBody>;

/** Optional: the spec's clients approve with no body; the desk sends `unit_id` to hand out another unit. */
export const approveBody = t.MaybeEmpty(
  t.Object({ unit_id: chosenId("Unità non valida") }, { error: "Unità non valida" }),
  { error: "Unità non valida" },
);

const reasonField = t.Optional(orNull(t.String({ maxLength: 1000 }), "Testo troppo lungo (massimo 1000 caratteri)"));

/** The dashboard names the reason `motivo_rifiuto`, the loans screen `motivazione`: either will do. */
export const rejectBody = t.Object(
  {
    motivo_rifiuto: reasonField,
    motivazione: reasonField,
  },
  // Required, not optional: Elysia quietly drops a malformed optional body instead of answering 400.
  { error: "Motivazione del rifiuto richiesta" },
);
export type RejectBody = Static<typeof rejectBody>;

const usage = t.Nullable(t.UnionEnum(USAGE_TYPES));

/** A loan request as lists and details show it, with the requester and their penalty standing. */
export const requestView = t.Object({
  id: answerInteger(),
  stato: t.UnionEnum(REQUEST_STATES),
  inventario_id: answerInteger(),
  oggetto_nome: t.String(),
  articolo_nome: t.String(),
  tipo_prestito: t.UnionEnum(LOAN_TYPES),
  unit_id: answerInteger(),
  codice_univoco: t.String(),
  dal: dayText,
  al: dayText,
  note: t.Nullable(t.String()),
  tipo_utilizzo: usage,
  motivo_rifiuto: t.Nullable(t.String()),
  created_at: timestampText,
  handled_at: t.Nullable(timestampText),
  /** Null once the requester's account is deleted. */
  utente_id: t.Nullable(answerInteger()),
  utente_nome: t.Nullable(t.String()),
  utente_cognome: t.Nullable(t.String()),
  name: t.Nullable(t.String()),
  surname: t.Nullable(t.String()),
  utente_email: t.Nullable(t.String()),
  penalty_strikes: answerInteger(),
  is_blocked: t.Boolean(),
  /** The set (`prenotazione`) this request is a line of, when it has more than one line; null otherwise. */
  prenotazione_id: t.Nullable(answerInteger()),
});
export type RequestView = Static<typeof requestView>;

/** A loan with its units, borrower, hand-over, partial returns and lateness as of today. */
export const loanView = t.Object({
  id: answerInteger(),
  inventario_id: answerInteger(),
  oggetto_id: answerInteger(),
  articolo_nome: t.String(),
  oggetto_nome: t.String(),
  unita: t.Array(t.String()),
  unita_ids: t.Array(answerInteger()),
  unita_seriale: t.String(),
  quantita: answerInteger(),
  utente_id: t.Nullable(answerInteger()),
  utente_nome: t.String(),
  utente_cognome: t.String(),
  utente_nome_reale: t.String(),
  utente_email: t.Nullable(t.String()),
  chi: t.String(),
  data_uscita: dayText,
  data_rientro: dayText,
  /** The due date first agreed: `data_rientro` itself until an extension moves it. */
  data_rientro_originale: dayText,
  data_restituzione: t.Nullable(dayText),
  data_fine: t.Nullable(dayText),
  /** The effective state: an open loan out past its due date is `scaduto`. */
  stato: t.UnionEnum(LOAN_STATES),
  /** Waiting to be collected, out, overdue, back or cancelled. */
  fase: t.UnionEnum(LOAN_PHASES),
  giorni_ritardo: answerInteger(),
  consegnato_il: t.Nullable(timestampText),
  consegnato_da: t.Nullable(t.String()),
  annullato_il: t.Nullable(timestampText),
  /** Units already given back while the loan stays open (a partial return). */
  unita_restituite: t.Array(answerInteger()),
  /** The item's accessories, one per line, to check at hand-over and return. */
  checklist: t.Nullable(t.String()),
  note: t.Nullable(t.String()),
  tipo_utilizzo: usage,
  richiesta_id: t.Nullable(answerInteger()),
  penalty_strikes: answerInteger(),
  is_blocked: t.Boolean(),
  /**
   * An open loan whose borrower's account has ended (`valido_fino_al` past, or the entry gone from the
   * academy's directory): the desk sees it flagged.
   */
  account_scaduto: t.Boolean(),
  created_at: timestampText,
});
export type LoanView = Static<typeof loanView>;

export const requestList = listOrPage(requestView);
export const loanList = listOrPage(loanView);

/** A student's account is blocked: they may not ask for anything. */
export const blockedStudentAnswer = t.Object({
  error: t.String(),
  blocked: t.Literal(true),
  message: t.String(),
  reason: t.Nullable(t.String()),
  strikes: answerInteger(),
  helpMessage: t.String(),
});
export type BlockedStudentAnswer = Static<typeof blockedStudentAnswer>;

/** The desk tried to lend to, or approve for, a blocked borrower. */
export const blockedBorrowerAnswer = t.Object({
  error: t.String(),
  userBlocked: t.Literal(true),
  message: t.String(),
  reason: t.Nullable(t.String()),
  penaltyStrikes: answerInteger(),
});
export type BlockedBorrowerAnswer = Static<typeof blockedBorrowerAnswer>;

/** A 403 is the blocked shape, or a plain refusal (e.g. an overdue loan). */
const refusedBorrower = t.Union([blockedBorrowerAnswer, errorAnswer]);

export const createRequestResponse = { 200: requestView, 403: t.Union([blockedStudentAnswer, errorAnswer]) };

export const directLoanAnswer = t.Object({ message: t.String(), loanId: answerInteger(), loan: loanView });
export const directLoanResponse = { 200: directLoanAnswer, 403: refusedBorrower };

/** The borrower's penalty standing, for the desk to warn them when it hands the equipment out. */
export const approvalAnswer = t.Object({
  message: t.String(),
  loanId: answerInteger(),
  penaltyInfo: t.Object({ hasStrikes: t.Boolean(), strikes: answerInteger(), warning: t.Nullable(t.String()) }),
});
export type ApprovalAnswer = Static<typeof approvalAnswer>;
export const approvalResponse = { 200: approvalAnswer, 403: refusedBorrower };

export const loanUnitsAnswer = t.Array(
  t.Object({
    id: answerInteger(),
    codice_univoco: t.String(),
    note: t.Nullable(t.String()),
    inventario_id: answerInteger(),
  }),
);
export type LoanUnit = Static<typeof loanUnitsAnswer>[number];

/** The open loan holding a unit, with that unit's code. */
export const unitLoanAnswer = t.Composite([loanView, t.Object({ codice_univoco: t.Nullable(t.String()) })]);
export type UnitLoanView = Static<typeof unitLoanAnswer>;

// ── Hand-over, cancel, return ─────────────────────────────────────────────────────────────────────

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
    /** The item's accessories (lines of its checklist) that did not come back: each opens a mancanza. */
    accessori_mancanti: t.Optional(
      t.Array(t.String({ minLength: 1, maxLength: 200, error: "Nome dell'accessorio non valido" }), {
        maxItems: 100,
        error: "Accessori mancanti non validi",
      }),
    ),
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
export const unitIdsText = t.String({ pattern: "^\\d{1,12}(,\\d{1,12}){0,499}$", error: "Unità non valide" });

export const previewQuery = t.Object({ unita: t.Optional(unitIdsText) });

export function unitIdsOf(text: string | undefined): number[] | undefined {
  return text === undefined ? undefined : text.split(",").map(Number);
}

/** What a return does to its borrower, as a loan's and a set's previews and returns all answer it. */
export const returnConsequenceFields = {
  giorni_ritardo: answerInteger(),
  strike: answerInteger(),
  blocco: t.Boolean(),
};

export const returnPreviewResponse = t.Object({ ...returnConsequenceFields, unita_rimanenti: answerInteger() });
export type ReturnPreview = Static<typeof returnPreviewResponse>;

export const loanChangeResponse = t.Object({ message: t.String(), prestito: loanView });
export type LoanChangeAnswer = Static<typeof loanChangeResponse>;

export const returnResponse = t.Object({
  message: t.String(),
  concluso: t.Boolean(),
  ...returnConsequenceFields,
  riparazioni_ids: t.Array(answerInteger()),
  penalty: t.Nullable(t.Object({ strike_assegnati: answerInteger(), totale: answerInteger(), bloccato: t.Boolean() })),
  /** The ids of the mancanze this return opened (resolved through `/api/mancanze`). */
  mancanze_ids: t.Array(answerInteger()),
  prestito: loanView,
});
export type ReturnAnswer = Static<typeof returnResponse>;

// ── Extensions (`proroghe`): a student's request, the desk's decision and direct extension, the list ──

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

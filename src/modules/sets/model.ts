import { type Static, type TSchema, t } from "elysia";
import { MAX_NOTE_LENGTH } from "../../domain/academy-settings";
import { REQUEST_STATES } from "../../domain/bookings";
import { LOAN_PHASES } from "../../domain/loan-rules";
import { USAGE_TYPES } from "../../domain/loan-types";
import { MAX_SET_UNITS, SET_STATES } from "../../domain/sets";
import {
  blockedBorrowerAnswer,
  blockedStudentAnswer,
  RETURN_CONDITIONS,
  returnConsequenceFields,
} from "../loans/model";
import {
  answerInteger,
  dayText,
  errorAnswer,
  idParams,
  isoDate,
  listOrPage,
  oneOf,
  pageQueryFields,
  timestampText,
} from "../schemas";

/**
 * Shapes of the set routes (`prenotazioni`): booking a set or a kit, the desk's decision, the hand-over
 * with its signature, the receipt, the return and the missing accessories (`mancanze`).
 */

export const setParams = idParams("Prenotazione non valida");
export const shortageParams = idParams("Mancanza non valida");

const orNull = <Schema extends TSchema>(schema: Schema, error: string) => t.Union([schema, t.Null()], { error });
const chosenId = (error: string) => t.Optional(orNull(t.Integer({ minimum: 1 }), error));
const reasonText = t.String({ maxLength: 1000, error: "Testo troppo lungo (massimo 1000 caratteri)" });

/** One line of a set: a model, a pinned unit or any free one, and how many units of it. */
export const setLineInput = t.Object(
  {
    inventario_id: t.Integer({ minimum: 1, error: "Oggetto non valido" }),
    unit_id: chosenId("Unità non valida"),
    quantita: t.Optional(
      t.Integer({ minimum: 1, maximum: MAX_SET_UNITS, error: `Quantità non valida (da 1 a ${MAX_SET_UNITS})` }),
    ),
  },
  { error: "Riga della prenotazione non valida" },
);
export type SetLineInput = Static<typeof setLineInput>;

/** `righe` for a cart, or `kit_id` for the desk's template (with optional extra `righe`); the desk adds `utente_id`. */
export const createSetBody = t.Object(
  {
    kit_id: chosenId("Kit non valido"),
    utente_id: chosenId("Utente non valido"),
    dal: isoDate("Inserisci una data di inizio valida"),
    al: isoDate("Inserisci una data di fine valida"),
    tipo_utilizzo: t.Optional(
      t.Union([oneOf([...USAGE_TYPES, ""], "Tipo di utilizzo non valido"), t.Null()], {
        error: "Tipo di utilizzo non valido",
      }),
    ),
    note: t.Optional(
      orNull(t.String({ maxLength: MAX_NOTE_LENGTH }), `Testo troppo lungo (massimo ${MAX_NOTE_LENGTH} caratteri)`),
    ),
    righe: t.Optional(t.Array(setLineInput, { maxItems: MAX_SET_UNITS, error: "Righe della prenotazione non valide" })),
  },
  { error: "Dati della prenotazione non validi" },
);
export type CreateSetBody = Static<typeof createSetBody>;

/** Per line that cannot be booked: how many units were asked, how many are free, and when the line is next free. */
export const setConflictLine = t.Object({
  inventario_id: answerInteger(),
  oggetto_nome: t.String(),
  richieste: answerInteger(),
  libere: answerInteger(),
  libero_dal: t.Nullable(dayText),
});
export type SetConflictLine = Static<typeof setConflictLine>;
export const setConflictAnswer = t.Object({ error: t.String(), righe: t.Array(setConflictLine) });

/** One unit of a set: its spec request and, once approved, its spec loan. */
export const setLineView = t.Object({
  richiesta_id: answerInteger(),
  stato_richiesta: t.UnionEnum(REQUEST_STATES),
  motivo_rifiuto: t.Nullable(t.String()),
  inventario_id: answerInteger(),
  oggetto_nome: t.String(),
  unit_id: answerInteger(),
  codice_univoco: t.String(),
  prestito_id: t.Nullable(answerInteger()),
  /** The loan's phase (da_ritirare, attivo, scaduto, restituito, annullato); null before approval. */
  fase: t.Nullable(t.UnionEnum(LOAN_PHASES)),
  restituita_il: t.Nullable(dayText),
  condizione: t.Nullable(t.UnionEnum(RETURN_CONDITIONS)),
  /** For a pending line: whether its unit is still free for the dates (the desk's "all available"). */
  disponibile: t.Boolean(),
});

export const setAccessoryView = t.Object({
  id: answerInteger(),
  nome: t.String(),
  quantita: answerInteger(),
  consegnati: answerInteger(),
});

export const shortageView = t.Object({
  id: answerInteger(),
  /** The set it belongs to, or null for a single loan's mancanza. */
  prenotazione_id: t.Nullable(answerInteger()),
  /** The single loan it belongs to, or null for a set's. */
  prestito_id: t.Nullable(answerInteger()),
  nome: t.String(),
  quantita: answerInteger(),
  esito: t.Nullable(t.UnionEnum(["restituito", "sostituito", "penalita"])),
  nota: t.Nullable(t.String()),
  created_at: timestampText,
  risolta_il: t.Nullable(timestampText),
  utente_id: t.Nullable(answerInteger()),
  utente_nome: t.Nullable(t.String()),
  utente_cognome: t.Nullable(t.String()),
});
export type ShortageView = Static<typeof shortageView>;

export const setHistoryEntry = t.Object({ evento: t.String(), testo: t.String(), created_at: timestampText });

const setFields = {
  id: answerInteger(),
  stato: t.UnionEnum(SET_STATES),
  utente_id: t.Nullable(answerInteger()),
  utente_nome: t.Nullable(t.String()),
  utente_cognome: t.Nullable(t.String()),
  utente_email: t.Nullable(t.String()),
  matricola: t.Nullable(t.String()),
  kit_id: t.Nullable(answerInteger()),
  kit_nome: t.Nullable(t.String()),
  dal: dayText,
  al: dayText,
  tipo_utilizzo: t.Nullable(t.UnionEnum(USAGE_TYPES)),
  note: t.Nullable(t.String()),
  motivo_rifiuto: t.Nullable(t.String()),
  created_at: timestampText,
  handled_at: t.Nullable(timestampText),
  consegnato_il: t.Nullable(timestampText),
  restituito_il: t.Nullable(dayText),
  /** How the agreement was signed, if it was. */
  firma: t.Nullable(t.Object({ tipo: t.UnionEnum(["disegno", "password"]), firmato_il: timestampText })),
  ricevuta_sha256: t.Nullable(t.String()),
  /** Every pending line's unit is still free for the dates. */
  disponibile: t.Boolean(),
  unita_totali: answerInteger(),
  mancanze_aperte: answerInteger(),
  penalty_strikes: answerInteger(),
  is_blocked: t.Boolean(),
};

/** A set as a list row: its lines summed up per model. */
export const setSummary = t.Object({
  ...setFields,
  oggetti: t.Array(t.Object({ inventario_id: answerInteger(), oggetto_nome: t.String(), quantita: answerInteger() })),
});
export type SetSummary = Static<typeof setSummary>;

/** A set with every line, accessory, mancanza and event. */
export const setView = t.Object({
  ...setFields,
  righe: t.Array(setLineView),
  accessori: t.Array(setAccessoryView),
  mancanze: t.Array(shortageView),
  storia: t.Array(setHistoryEntry),
});
export type SetView = Static<typeof setView>;

export const setListQuery = t.Object({
  cerca: t.Optional(t.String({ maxLength: 100, error: "Testo di ricerca troppo lungo (massimo 100 caratteri)" })),
  stato: t.Optional(oneOf(["", ...SET_STATES], "Stato non valido")),
  ...pageQueryFields,
});
export type SetListQuery = Static<typeof setListQuery>;
export const setList = listOrPage(setSummary);

const refusedLine = t.Object(
  { richiesta_id: t.Integer({ minimum: 1, error: "Riga non valida" }), motivo: reasonText },
  { error: "Riga rifiutata non valida: indica la richiesta e il motivo" },
);

/** Optional: without a body every line is approved; `righe_rifiutate` refuses some lines with a reason. */
export const approveSetBody = t.MaybeEmpty(
  t.Object(
    { righe_rifiutate: t.Optional(t.Array(refusedLine, { maxItems: MAX_SET_UNITS, error: "Righe non valide" })) },
    { error: "Dati dell'approvazione non validi" },
  ),
  { error: "Dati dell'approvazione non validi" },
);
export type ApproveSetBody = Static<typeof approveSetBody>;

/** The same two spellings as the spec's refusal, plus `motivo`. */
export const rejectSetBody = t.Object(
  { motivo: t.Optional(reasonText), motivo_rifiuto: t.Optional(reasonText), motivazione: t.Optional(reasonText) },
  { error: "Motivazione del rifiuto richiesta" },
);
export type RejectSetBody = Static<typeof rejectSetBody>;

const accessoryCount = t.Object(
  {
    nome: t.String({ minLength: 1, maxLength: 200, error: "Nome dell'accessorio non valido" }),
    quantita: t.Integer({ minimum: 1, maximum: 999, error: "Quantità dell'accessorio non valida" }),
  },
  { error: "Accessorio non valido" },
);
const unitIdList = t.Array(t.Integer({ minimum: 1, error: "Unità non valide" }), {
  maxItems: MAX_SET_UNITS,
  error: "Unità non valide",
});

/**
 * The hand-over: the units scanned (a unit of the same model free for the dates replaces the one assigned),
 * the accessories ticked, lines cancelled with a reason, and optionally the signature drawn on the pad.
 */
export const handOverSetBody = t.Object(
  {
    unita_ids: unitIdList,
    accessori: t.Optional(t.Array(accessoryCount, { maxItems: 100, error: "Accessori non validi" })),
    righe_annullate: t.Optional(t.Array(refusedLine, { maxItems: MAX_SET_UNITS, error: "Righe non valide" })),
    firma: t.Optional(t.String({ maxLength: 400_000, error: "Firma non valida" })),
  },
  { error: "Dati della consegna non validi" },
);
export type HandOverSetBody = Static<typeof handOverSetBody>;

/** A signature drawn at the desk (`firma`, PNG data URL) or the student's own password on their phone. */
export const signSetBody = t.Object(
  {
    firma: t.Optional(t.String({ maxLength: 400_000, error: "Firma non valida" })),
    password: t.Optional(t.String({ maxLength: 200, error: "Password non valida" })),
  },
  { error: "Firma o password richiesta" },
);
export type SignSetBody = Static<typeof signSetBody>;

export const returnSetBody = t.Object(
  {
    unita_ids: unitIdList,
    accessori_mancanti: t.Optional(t.Array(accessoryCount, { maxItems: 100, error: "Accessori non validi" })),
    condizioni: t.Optional(
      t.Array(
        t.Object(
          {
            unit_id: t.Integer({ minimum: 1, error: "Unità non valida" }),
            condizione: t.UnionEnum(RETURN_CONDITIONS, {
              error: "Condizione non valida: tutto ok, danneggiato o incompleto",
            }),
            nota: t.Optional(reasonText),
          },
          { error: "Condizione non valida" },
        ),
        { maxItems: MAX_SET_UNITS, error: "Condizioni non valide" },
      ),
    ),
  },
  { error: "Dati della restituzione non validi" },
);
export type ReturnSetBody = Static<typeof returnSetBody>;

export const returnPreviewQuery = t.Object({
  unita: t.Optional(t.String({ pattern: "^\\d{1,12}(,\\d{1,12}){0,49}$", error: "Unità non valide" })),
});

/** What a set's return does: lateness and strikes of the whole set, and what stays out. */
export const setReturnPreview = t.Object({ ...returnConsequenceFields, unita_rimanenti: answerInteger() });
export type SetReturnPreview = Static<typeof setReturnPreview>;

export const setAnswer = t.Object({ message: t.String(), prenotazione: setView });
export type SetAnswer = Static<typeof setAnswer>;

export const approveSetAnswer = t.Object({
  message: t.String(),
  prenotazione: setView,
  penaltyInfo: t.Object({ hasStrikes: t.Boolean(), strikes: answerInteger(), warning: t.Nullable(t.String()) }),
});

export const returnSetAnswer = t.Object({
  message: t.String(),
  concluso: t.Boolean(),
  ...returnConsequenceFields,
  mancanze: t.Array(shortageView),
  prenotazione: setView,
});

export const shortageListQuery = t.Object({
  stato: t.Optional(oneOf(["", "aperte", "risolte"], "Stato non valido (aperte o risolte)")),
});

export const resolveShortageBody = t.Object(
  {
    esito: t.UnionEnum(["restituito", "sostituito", "penalita"], {
      error: "Esito non valido: restituito, sostituito o penalita",
    }),
    nota: t.Optional(reasonText),
  },
  { error: "Esito non valido: restituito, sostituito o penalita" },
);
export type ResolveShortageBody = Static<typeof resolveShortageBody>;

// ── What each route answers, refusals included ─────────────────────────────────────────────────

const notFoundOrInvalid = { 400: errorAnswer, 404: errorAnswer };

export const createSetResponse = {
  200: setView,
  ...notFoundOrInvalid,
  403: t.Union([blockedStudentAnswer, blockedBorrowerAnswer, errorAnswer]),
  409: t.Union([setConflictAnswer, errorAnswer]),
};
export const readSetResponse = { 200: setView, 404: errorAnswer };
export const changeSetResponse = { 200: setAnswer, ...notFoundOrInvalid, 409: errorAnswer };
export const approveSetResponse = {
  200: approveSetAnswer,
  ...notFoundOrInvalid,
  403: t.Union([blockedBorrowerAnswer, errorAnswer]),
  409: t.Union([setConflictAnswer, errorAnswer]),
};
export const handOverSetResponse = {
  200: setAnswer,
  ...notFoundOrInvalid,
  409: t.Union([setConflictAnswer, errorAnswer]),
};
export const returnSetResponse = { 200: returnSetAnswer, ...notFoundOrInvalid, 409: errorAnswer };
export const returnPreviewResponse = { 200: setReturnPreview, ...notFoundOrInvalid, 409: errorAnswer };
export const shortageListResponse = { 200: t.Array(shortageView) };
export const resolveShortageResponse = {
  200: t.Object({ message: t.String(), mancanza: shortageView }),
  ...notFoundOrInvalid,
  409: errorAnswer,
};

/** How many bookings wait for the desk's decision, each set once. */
export const pendingBookingsAnswer = t.Object({ totale: answerInteger() });

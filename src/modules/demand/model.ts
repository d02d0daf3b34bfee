import { type Static, t } from "elysia";
import { WAIT_STATES } from "../../domain/demand";
import { answerInteger, dayText, idParams, isoDate, oneOf, timestampText } from "../schemas";

/** Shapes of the demand routes: the catalogue's empty searches and the waiting list (`attese`). */

export const emptySearchBody = t.Object({
  testo: t.String({ minLength: 1, maxLength: 200, error: "Scrivi le parole cercate (al massimo 200 caratteri)" }),
});
export type EmptySearchBody = Static<typeof emptySearchBody>;

export const waitParams = idParams("Attesa non valida");

export const joinQueueBody = t.Object({
  inventario_id: t.Optional(t.Integer({ minimum: 1, error: "Articolo non valido" })),
  kit_id: t.Optional(t.Integer({ minimum: 1, error: "Kit non valido" })),
  dal: isoDate("Inserisci una data di inizio valida"),
  al: isoDate("Inserisci una data di fine valida"),
});
export type JoinQueueBody = Static<typeof joinQueueBody>;

export const joinQueueAnswer = t.Object({
  id: answerInteger(),
  posizione: answerInteger({ description: "1 = il primo della coda" }),
  stato: t.Literal("in_coda"),
});

export const waitView = t.Object({
  id: answerInteger(),
  inventario_id: t.Union([answerInteger(), t.Null()]),
  kit_id: t.Union([answerInteger(), t.Null()]),
  nome: t.String({ description: "L'articolo o il kit atteso" }),
  dal: dayText,
  al: dayText,
  stato: oneOf(WAIT_STATES, "Stato non valido"),
  /** Place in the queue while waiting (1 = first); null once the entry holds an offer or is closed. */
  posizione: t.Union([answerInteger(), t.Null()]),
  scade_il: t.Union([timestampText, t.Null()]),
  richiesta_id: t.Union([answerInteger(), t.Null()]),
  prenotazione_id: t.Union([answerInteger(), t.Null()]),
  created_at: timestampText,
});
export type WaitView = Static<typeof waitView>;

export const deskWaitView = t.Object({
  ...waitView.properties,
  utente_id: answerInteger(),
  utente: t.String(),
  corso: t.Union([t.String(), t.Null()]),
});
export type DeskWaitView = Static<typeof deskWaitView>;

/** The desk's queues: one per item or kit with somebody waiting, in queue order. */
export const deskQueue = t.Object({
  inventario_id: t.Union([answerInteger(), t.Null()]),
  kit_id: t.Union([answerInteger(), t.Null()]),
  nome: t.String(),
  attese: t.Array(deskWaitView),
});
export type DeskQueue = Static<typeof deskQueue>;

export const confirmAnswer = t.Object({
  message: t.String(),
  richiesta_id: t.Union([answerInteger(), t.Null()]),
  prenotazione_id: t.Union([answerInteger(), t.Null()]),
});

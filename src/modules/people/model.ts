import { type Static, t } from "elysia";
import { publicUserView } from "../auth/model";
import { extensionView, loanView, requestView } from "../loans/model";
import { penaltyView } from "../penalties/model";
import { answerInteger, dayText, idParams, isoDate } from "../schemas";
import { setSummary, shortageView } from "../sets/model";

export const studentParams = idParams("Utente non valido");

/** The longest stretch the desk's calendar answers at once: a month, the widest view it offers. */
export const AGENDA_MAX_DAYS = 31;

/**
 * A student as the desk sees them at once: who they are and their standing, what they hold now, what
 * waits for a decision, what they held before, their penalties with the reasons, and their mancanze.
 */
export const studentSheet = t.Object({
  utente: publicUserView,
  /** Loans outside a set not yet returned (waiting to be collected, out, overdue), newest first. */
  prestiti_aperti: t.Array(loanView),
  /** Sets waiting for a decision, approved or out, newest first. */
  prenotazioni_aperte: t.Array(setSummary),
  /** Single requests waiting for the desk (a set's lines wait with their set). */
  richieste_in_attesa: t.Array(requestView),
  /** Extensions the student asked for, waiting for the desk (a set's as one). */
  proroghe_in_attesa: t.Array(extensionView),
  /** The latest closed loans and sets. */
  storico_prestiti: t.Array(loanView),
  storico_prenotazioni: t.Array(setSummary),
  penalita: t.Array(penaltyView),
  /** Every mancanza of the student's sets, open ones first. */
  mancanze: t.Array(shortageView),
  /** What the Banco warns about before lending: overdue loans (a set's lines included) and open mancanze. */
  prestiti_in_ritardo: answerInteger(),
  mancanze_aperte: answerInteger(),
});
export type StudentSheet = Static<typeof studentSheet>;

export const agendaQuery = t.Object({
  dal: isoDate("Indica la data di inizio (AAAA-MM-GG)"),
  al: isoDate("Indica la data di fine (AAAA-MM-GG)"),
  categoria: t.Optional(t.String({ pattern: "^[1-9][0-9]{0,14}$", error: "Categoria non valida" })),
  corso: t.Optional(t.String({ maxLength: 200, error: "Corso non valido" })),
});
export type AgendaQuery = Static<typeof agendaQuery>;

export const AGENDA_KINDS = ["prestito", "prenotazione", "richiesta"] as const;
export const AGENDA_MOVES = ["uscita", "rientro"] as const;

/** One thing going out or coming back on a day: a loan, a set or a pending request. */
export const agendaEntry = t.Object({
  tipo: t.UnionEnum(AGENDA_KINDS),
  id: answerInteger(),
  movimento: t.UnionEnum(AGENDA_MOVES),
  data: dayText,
  /** The item, or the set's kit or models. */
  titolo: t.String(),
  inventario_id: t.Nullable(answerInteger()),
  utente_id: t.Nullable(answerInteger()),
  utente_nome: t.String(),
  /** The loan's phase, the set's or the request's state. */
  stato: t.String(),
});
export type AgendaEntry = Static<typeof agendaEntry>;

export const agendaAnswer = t.Object({ dal: dayText, al: dayText, voci: t.Array(agendaEntry) });
export type AgendaAnswer = Static<typeof agendaAnswer>;

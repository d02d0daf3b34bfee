import { and, eq, inArray, sql } from "drizzle-orm";
import { union } from "drizzle-orm/sqlite-core";
import type { Actor } from "../../actor";
import type { Db } from "../../db/client";
import { preparedQuery, rowById } from "../../db/prepared";
import { prestiti, richieste, users } from "../../db/schema";
import { EXPIRED_ACCOUNT, isExpired } from "../../domain/academy-access";
import { academyDateProblem, italianDate, loanLimitProblem } from "../../domain/academy-settings";
import { canMoveRequest, OPEN_LOAN_STATES, REQUEST_STATE, type RequestState } from "../../domain/bookings";
import { isIsoDate } from "../../domain/dates";
import { BLOCKED_BORROWER_MESSAGE, UNBLOCK_HELP } from "../../domain/loan-rules";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { readSettings } from "../settings/service";
import type { BlockedBorrowerAnswer, BlockedStudentAnswer } from "./model";
import { overdueLoanCondition } from "./overdue";

// ── Guards shared by every booking path ─────────────────────────────────────────────────────────

/** An account past its last valid day (`valido_fino_al`) books nothing new; its open loans stay. */
export function assertAccountValid(borrower: Pick<Actor, "validoFinoAl">, today: string, byDesk: boolean): void {
  if (!isExpired(borrower.validoFinoAl, today)) return;
  if (!byDesk) throw forbidden(EXPIRED_ACCOUNT);
  throw forbidden(
    `L'account dello studente è scaduto il ${italianDate(borrower.validoFinoAl as string)}: non può ricevere nuovi prestiti`,
  );
}

export function blockedStudentError(user: Pick<Actor, "blockedReason" | "penaltyStrikes">) {
  const answer: Omit<BlockedStudentAnswer, "error"> = {
    blocked: true,
    message: "Il tuo account è bloccato: non puoi fare nuove richieste di prestito.",
    reason: user.blockedReason,
    strikes: user.penaltyStrikes,
    helpMessage: UNBLOCK_HELP,
  };
  return forbidden("Account bloccato", answer);
}

export function blockedBorrowerError(user: Pick<Actor, "blockedReason" | "penaltyStrikes">) {
  const answer: Omit<BlockedBorrowerAnswer, "error"> = {
    message: BLOCKED_BORROWER_MESSAGE,
    reason: user.blockedReason,
    penaltyStrikes: user.penaltyStrikes,
    userBlocked: true,
  };
  return forbidden("Utente bloccato", answer);
}

export function hasOverdueLoan(db: Db, userId: number, today: string): boolean {
  return Boolean(anOverdueLoan(db).get({ userId, today }));
}

const anOverdueLoan = preparedQuery((db) =>
  db
    .select({ id: prestiti.id })
    .from(prestiti)
    .where(and(eq(prestiti.utenteId, sql.placeholder("userId")), overdueLoanCondition(sql.placeholder("today"))))
    .limit(1)
    .prepare(),
);

/** A user's account as it is stored now. */
export const userRow = rowById(users);

/** The strikes and block a late return adds to: null for a borrower without an account (deleted or none). */
export function borrowerStanding(db: Db, userId: number | null): { strikes: number; blocked: boolean } | null {
  const user = userId ? userRow(db, userId) : undefined;
  return user ? { strikes: user.penaltyStrikes, blocked: user.isBlocked } : null;
}

/**
 * Open loans plus pending requests: what counts towards `prestiti_massimi_per_studente`. A set counts
 * once, however many lines it holds, whether they are still requests or already loans.
 */
function heldByStudent(db: Db, userId: number): number {
  return bookingsHeld(db).all({ userId }).length;
}

const bookingsHeld = preparedQuery((db) => {
  const loans = db
    .select({ booking: sql<string>`coalesce('set:' || ${prestiti.prenotazioneId}, 'loan:' || ${prestiti.id})` })
    .from(prestiti)
    .where(and(eq(prestiti.utenteId, sql.placeholder("userId")), inArray(prestiti.stato, OPEN_LOAN_STATES)));
  const requests = db
    .select({ booking: sql<string>`coalesce('set:' || ${richieste.prenotazioneId}, 'request:' || ${richieste.id})` })
    .from(richieste)
    .where(and(eq(richieste.utenteId, sql.placeholder("userId")), eq(richieste.stato, REQUEST_STATE.pending)));
  // `union` keeps each booking once: a set's lines, requests or loans, are one.
  return union(loans, requests).prepare();
});

/** The academy's calendar applied to a new booking: open days, closures, longest loan. */
export function assertAcademyDates(
  db: Db,
  booking: { start: string; end: string; internal: boolean; itemMaxDays: number | null },
) {
  const problem = academyDateProblem(readSettings(db), booking);
  if (problem) throw badRequest(problem);
}

/** A new booking (a single request, a direct loan or a whole set) must stay within the most held at once. */
export function assertUnderLoanLimit(db: Db, studentId: number) {
  const overLimit = loanLimitProblem(readSettings(db), heldByStudent(db, studentId));
  if (overLimit) throw conflict(overLimit);
}

/** The academy's settings applied to a new booking: open days, longest loan, most held at once. */
export function assertAcademyRules(
  db: Db,
  booking: { start: string; end: string; internal: boolean; itemMaxDays: number | null; studentId: number | null },
) {
  assertAcademyDates(db, booking);
  if (booking.studentId !== null) assertUnderLoanLimit(db, booking.studentId);
}

/** A day the schema let through by its form, checked to be on the calendar (no 30 February). */
export function calendarDay(value: string, message: string): string {
  if (!isIsoDate(value)) throw badRequest(message);
  return value;
}

const requestRow = rowById(richieste);

export function requestOrNotFound(db: Db, id: number) {
  const request = requestRow(db, id);
  if (!request) throw notFound("Richiesta non trovata");
  return request;
}

export function assertCanMove(request: { stato: RequestState }, to: RequestState) {
  if (!canMoveRequest(request.stato, to)) throw conflict("La richiesta è già stata gestita");
}

const loanRow = rowById(prestiti);

export function loanOrNotFound(db: Db, id: number) {
  const loan = loanRow(db, id);
  if (!loan) throw notFound("Prestito non trovato");
  return loan;
}

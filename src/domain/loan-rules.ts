import { automaticBlockReason, DEFAULT_SETTINGS, type StrikeStep } from "./academy-settings";
import { LOAN_STATE, LOAN_STATES, type LoanState } from "./bookings";
import { addDays, daysBetween } from "./dates";
import type { LoanType, UsageType } from "./loan-types";

/** Strikes at which an account is blocked automatically by default (the setting `soglia_blocco`). */
export const BLOCK_AT_STRIKES = DEFAULT_SETTINGS.soglia_blocco;
/** The desk and the student are warned one strike before the block. */
export const WARN_AT_STRIKES = BLOCK_AT_STRIKES - 1;

/**
 * The desk's office has one name everywhere: the spec's "administrative office", where a blocked account is
 * unblocked in person and where students turn with questions.
 */
export const DESK_OFFICE = "ufficio amministrativo";

/** What a blocked student is told to do, on the dashboard card and in every refusal. */
export const UNBLOCK_HELP = `Per sbloccare l'account presentati di persona all'${DESK_OFFICE}.`;

/** The blocked borrower's message to the desk, when approving or lending to them. */
export const BLOCKED_BORROWER_MESSAGE = `L'utente è bloccato e non può ricevere prestiti: deve presentarsi di persona all'${DESK_OFFICE} per lo sblocco.`;

export const AUTOMATIC_BLOCK_REASON = automaticBlockReason(BLOCK_AT_STRIKES);

/** Days between the due date and the return (or today, while still out); returning on the due day is on time. */
export function daysLate(dueDate: string, returnedOrToday: string): number {
  return Math.max(0, daysBetween(dueDate, returnedOrToday));
}

/**
 * A loan's lateness on a day: the days past its due date, plus those it had already earned when the desk
 * extended it while overdue (`giorni_ritardo_pregressi`): an extension moves the due date, not the past.
 */
export function loanDaysLate(loan: { due: string; keptLateDays: number }, returnedOrToday: string): number {
  return loan.keptLateDays + daysLate(loan.due, returnedOrToday);
}

/**
 * The strikes a return `days` late earns: the last step of the academy's scale reached (by default 1–3
 * days late earn 1 strike, 4–7 earn 2, 8 or more earn 3).
 */
export function strikesForDaysLate(
  days: number,
  scale: readonly StrikeStep[] = DEFAULT_SETTINGS.scala_penalita,
): number {
  let strikes = 0;
  for (const step of scale) if (days >= step.da_giorni) strikes = step.strike;
  return strikes;
}

export function lateReturnReason(days: number): string {
  return `Ritardo di ${days} ${days === 1 ? "giorno" : "giorni"} nella restituzione`;
}

/**
 * An open loan past its due date is overdue even before the periodic job has marked it; a loan never
 * handed over is never overdue (the equipment did not leave the desk). Queries that filter on this state
 * use its SQL form, src/modules/loans/overdue.ts.
 */
export function effectiveLoanState(stored: LoanState, dueDate: string, today: string, handedOver = true): LoanState {
  if (stored === LOAN_STATE.returned) return stored;
  if (!handedOver) return LOAN_STATE.active;
  return dueDate < today ? LOAN_STATE.overdue : stored;
}

/**
 * Where a loan stands at the desk, beyond its stored `stato`: waiting to be collected (from its start
 * day), out, overdue, back, or cancelled before anyone collected it.
 */
export const LOAN_PHASES = ["da_ritirare", ...LOAN_STATES, "annullato"] as const;
export type LoanPhase = (typeof LOAN_PHASES)[number];

export function loanPhase(loan: {
  stato: LoanState;
  dueDate: string;
  handedOverAt: string | null;
  cancelledAt: string | null;
  today: string;
}): LoanPhase {
  if (loan.cancelledAt) return "annullato";
  if (loan.stato === LOAN_STATE.returned) return LOAN_STATE.returned;
  if (!loan.handedOverAt) return "da_ritirare";
  return effectiveLoanState(loan.stato, loan.dueDate, loan.today);
}

/**
 * A loan never handed over whose start day is before this day is a no-show: its student had the start
 * day and `collectionDays` more (the setting `giorni_ritiro`) to collect it.
 */
export function noShowStartsBefore(today: string, collectionDays: number): string {
  return addDays(today, -collectionDays);
}

export const HANDOVER_MESSAGES = {
  notYet: "Il prestito inizia più avanti: la consegna è possibile dal giorno di inizio",
  already: "Il prestito è già stato consegnato",
  closed: "Il prestito è già concluso",
  cancelAfterHandover: "Il prestito è già stato consegnato: registra la restituzione invece di annullarlo",
} as const;

/** Why a loan cannot be handed over `today`, or null. Only from its start day, and only once. */
export function handoverProblem(loan: {
  stato: LoanState;
  startDate: string;
  handedOverAt: string | null;
  today: string;
}): string | null {
  if (loan.stato === LOAN_STATE.returned) return HANDOVER_MESSAGES.closed;
  if (loan.handedOverAt) return HANDOVER_MESSAGES.already;
  if (loan.startDate > loan.today) return HANDOVER_MESSAGES.notYet;
  return null;
}

/** What a return does to the borrower: the same rule previews it at the desk and applies it. */
export interface ReturnConsequences {
  giorni_ritardo: number;
  strike: number;
  /** The borrower is blocked after this return because of its strikes. */
  blocco: boolean;
}

/**
 * Lateness counts once per loan, at the return of its last unit; a borrower without an account (or a
 * loan returned only in part) gets no strike.
 */
export function returnConsequences(input: {
  dueDate: string;
  /** Lateness kept from an extension of the loan while it was overdue. */
  keptLateDays: number;
  returnedOn: string;
  lastUnits: boolean;
  borrower: { strikes: number; blocked: boolean } | null;
  /** The academy's strike scale and block threshold (settings `scala_penalita`, `soglia_blocco`). */
  scale: readonly StrikeStep[];
  blockAt: number;
}): ReturnConsequences {
  const giorni_ritardo = loanDaysLate({ due: input.dueDate, keptLateDays: input.keptLateDays }, input.returnedOn);
  const strike = input.lastUnits && input.borrower ? strikesForDaysLate(giorni_ritardo, input.scale) : 0;
  const blocco =
    strike > 0 &&
    input.borrower !== null &&
    (input.borrower.blocked || input.borrower.strikes + strike >= input.blockAt);
  return { giorni_ritardo, strike, blocco };
}

/** The end a desk's form proposes for an external loan: a week, the usual one. */
export const DEFAULT_EXTERNAL_LOAN_DAYS = 7;

export function isInternalUse(loanType: LoanType, usage: UsageType | null | undefined): boolean {
  return loanType === "solo_interno" || (loanType === "entrambi" && usage === "interno");
}

export const DATE_MESSAGES = {
  startInPast: "La data di inizio non può essere nel passato",
  /** Wording of the student's request form. */
  endBeforeStartRequest: "La data di fine deve essere successiva alla data di inizio",
  /** Wording of the desk's direct-loan form. */
  endBeforeStartLoan: "La data di fine non può essere prima della data di inizio",
  internalSameDay: "Per utilizzo interno, la data di fine deve essere lo stesso giorno della data di inizio",
  usageRequired: "Seleziona il tipo di utilizzo",
} as const;

/**
 * The date rules of a booking, in the order a person fixes them. Returns the Italian message of the
 * first one broken, or null. `form` picks the wording of the end-before-start message.
 */
export function bookingDateProblem(input: {
  start: string;
  end: string;
  today: string;
  loanType: LoanType;
  usage: UsageType | null | undefined;
  form: "request" | "loan";
}): string | null {
  if (input.start < input.today) return DATE_MESSAGES.startInPast;
  if (input.end < input.start)
    return input.form === "request" ? DATE_MESSAGES.endBeforeStartRequest : DATE_MESSAGES.endBeforeStartLoan;
  if (isInternalUse(input.loanType, input.usage) && input.end !== input.start) return DATE_MESSAGES.internalSameDay;
  if (input.loanType === "entrambi" && !input.usage) return DATE_MESSAGES.usageRequired;
  return null;
}

export function penaltyWarning(strikes: number, blockAt = BLOCK_AT_STRIKES): string | null {
  if (strikes < blockAt - 1) return null;
  if (strikes >= blockAt) return `L'utente ha ${strikes} penalità ed è a rischio di blocco.`;
  return `Attenzione: l'utente ha ${strikes} penalità. Un altro ritardo nella restituzione bloccherà automaticamente l'account.`;
}

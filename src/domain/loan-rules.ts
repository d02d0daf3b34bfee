import { automaticBlockReason, DEFAULT_SETTINGS, type StrikeStep } from "./academy-settings";
import { daysBetween } from "./dates";
import type { LoanType, UsageType } from "./loan-types";

export type StoredLoanState = "attivo" | "scaduto" | "restituito";

/** A loan not yet returned: it holds its units, on time or overdue. */
export const OPEN_LOAN_STATES = ["attivo", "scaduto"] as const satisfies readonly StoredLoanState[];

/** Strikes at which an account is blocked automatically by default (the setting `soglia_blocco`). */
export const BLOCK_AT_STRIKES = DEFAULT_SETTINGS.soglia_blocco;
/** The desk and the student are warned one strike before the block. */
export const WARN_AT_STRIKES = BLOCK_AT_STRIKES - 1;

export const AUTOMATIC_BLOCK_REASON = automaticBlockReason(BLOCK_AT_STRIKES);

/** Days between the due date and the return (or today, while still out); returning on the due day is on time. */
export function daysLate(dueDate: string, returnedOrToday: string): number {
  return Math.max(0, daysBetween(dueDate, returnedOrToday));
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

/** An open loan past its due date is overdue even before the periodic job has marked it. */
export function effectiveLoanState(stored: StoredLoanState, dueDate: string, today: string): StoredLoanState {
  if (stored === "restituito") return stored;
  return dueDate < today ? "scaduto" : stored;
}

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

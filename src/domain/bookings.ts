/*
 * What a booking is, in one place for the server (SQL builds from these constants) and the UI.
 * A booking is a pending request or an open loan of a unit over an inclusive range of days.
 */

export const LOAN_STATE = { active: "attivo", overdue: "scaduto", returned: "restituito" } as const;
export const LOAN_STATES = [LOAN_STATE.active, LOAN_STATE.overdue, LOAN_STATE.returned] as const;
export type LoanState = (typeof LOAN_STATES)[number];

/** A loan not yet returned: it holds its units, on time or overdue. */
export const OPEN_LOAN_STATES = [LOAN_STATE.active, LOAN_STATE.overdue] as const;

export const REQUEST_STATE = {
  pending: "in_attesa",
  approved: "approvata",
  refused: "rifiutata",
  cancelled: "annullata",
} as const;
export const REQUEST_STATES = [
  REQUEST_STATE.pending,
  REQUEST_STATE.approved,
  REQUEST_STATE.refused,
  REQUEST_STATE.cancelled,
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** Where each state may go. A request is decided once; a loan may become overdue, and ends returned. */
const REQUEST_TRANSITIONS: Record<RequestState, readonly RequestState[]> = {
  in_attesa: [REQUEST_STATE.approved, REQUEST_STATE.refused, REQUEST_STATE.cancelled],
  approvata: [],
  rifiutata: [],
  annullata: [],
};
const LOAN_TRANSITIONS: Record<LoanState, readonly LoanState[]> = {
  attivo: [LOAN_STATE.overdue, LOAN_STATE.returned],
  scaduto: [LOAN_STATE.returned],
  restituito: [],
};

export function canMoveRequest(from: RequestState, to: RequestState): boolean {
  return REQUEST_TRANSITIONS[from].includes(to);
}

export function canMoveLoan(from: LoanState, to: LoanState): boolean {
  return LOAN_TRANSITIONS[from].includes(to);
}

export function isOpenLoan(state: string): boolean {
  return (OPEN_LOAN_STATES as readonly string[]).includes(state);
}

export function isPendingRequest(state: string): boolean {
  return state === REQUEST_STATE.pending;
}

export interface DayRange {
  from: string;
  to: string;
}

/** Two inclusive ranges of ISO days overlap iff start1 ≤ end2 and start2 ≤ end1. */
export function rangesOverlap(a: DayRange, b: DayRange): boolean {
  return a.from <= b.to && b.from <= a.to;
}

/**
 * Whether an existing booking holds a unit over `wanted`. An open loan past its due date (before
 * `today`) holds its unit until it is returned, so it overlaps every later day too.
 */
export function bookingHolds(booking: DayRange & { untilReturned: boolean }, wanted: DayRange): boolean {
  return booking.untilReturned ? booking.from <= wanted.to : rangesOverlap(booking, wanted);
}

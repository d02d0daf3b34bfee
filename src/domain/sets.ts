import { loanDaysLate } from "./loan-rules";

/**
 * The life of a set (`prenotazione`): pending until the desk decides; approved sets wait at the desk
 * ("da ritirare") until handed over; out until their last unit is back. Refused and cancelled sets hold
 * nothing. The state is written in the same transaction as the change of its lines.
 */
export const SET_STATE = {
  pending: "in_attesa",
  approved: "approvata",
  out: "in_corso",
  closed: "conclusa",
  refused: "rifiutata",
  cancelled: "annullata",
} as const;

export const SET_STATES = [
  SET_STATE.pending,
  SET_STATE.approved,
  SET_STATE.out,
  SET_STATE.closed,
  SET_STATE.refused,
  SET_STATE.cancelled,
] as const;
export type SetState = (typeof SET_STATES)[number];

/**
 * A set is late once, not once per line: by the line that came back latest past its own due date (each
 * line from its due date to the day its unit came back). Returns that line, whose lateness the strike
 * scale then reads, or undefined for a set with no line back.
 */
export function latestLine<Line extends { due: string; keptLateDays: number; returnedOn: string }>(
  lines: readonly Line[],
): Line | undefined {
  let latest: Line | undefined;
  for (const line of lines)
    if (!latest || loanDaysLate(line, line.returnedOn) > loanDaysLate(latest, latest.returnedOn)) latest = line;
  return latest;
}

/** The signature drawn at the desk: a PNG data URL, bounded so one field cannot fill the database. */
export const SIGNATURE_PNG_PREFIX = "data:image/png;base64,";
export const MAX_SIGNATURE_LENGTH = 400_000;

/** The most lines and units one set may hold (a shoot, not a warehouse). */
export const MAX_SET_UNITS = 50;

/** Why a drawn signature cannot be stored, or null: it must be a PNG image, base64-encoded, not too large. */
export function signatureProblem(dataUrl: string): string | null {
  if (!dataUrl.startsWith(SIGNATURE_PNG_PREFIX)) return "La firma deve essere un'immagine PNG";
  if (dataUrl.length > MAX_SIGNATURE_LENGTH) return "La firma è troppo grande";
  const body = dataUrl.slice(SIGNATURE_PNG_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return "La firma non è un'immagine valida";
  // The first bytes of every PNG file: "\x89PNG\r\n\x1a\n", base64-encoded.
  if (!body.startsWith("iVBORw0KGgo")) return "La firma non è un'immagine valida";
  return null;
}

/** One line of a set as its state is read from it: its request, and its loan once approved. */
export interface SetLineState {
  request: "in_attesa" | "approvata" | "rifiutata" | "annullata";
  loan: { open: boolean; handedOver: boolean } | null;
}

/**
 * A set's state read from its lines, so that the spec's calls on one line (approve, refuse, hand over,
 * return, cancel) and the set's own calls always agree: pending while a line waits for the desk; out
 * while a handed-over unit is out (or some are and others wait); approved while its loans wait to be
 * collected; closed when everything handed over is back; refused or cancelled when nothing was lent.
 */
export function setStateFromLines(lines: readonly SetLineState[]): SetState {
  if (lines.some((line) => line.request === "in_attesa")) return SET_STATE.pending;
  const loans = lines.flatMap((line) => (line.loan ? [line.loan] : []));
  if (loans.length === 0)
    return lines.some((line) => line.request === "rifiutata") ? SET_STATE.refused : SET_STATE.cancelled;
  const handedOver = loans.some((loan) => loan.handedOver);
  if (loans.some((loan) => loan.open)) return handedOver ? SET_STATE.out : SET_STATE.approved;
  return handedOver ? SET_STATE.closed : SET_STATE.cancelled;
}

import { daysLate } from "./loan-rules";

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

const SET_MOVES: Record<SetState, readonly SetState[]> = {
  in_attesa: [SET_STATE.approved, SET_STATE.refused, SET_STATE.cancelled],
  approvata: [SET_STATE.out, SET_STATE.cancelled],
  in_corso: [SET_STATE.closed],
  conclusa: [],
  rifiutata: [],
  annullata: [],
};

export function canMoveSet(from: SetState, to: SetState): boolean {
  return SET_MOVES[from].includes(to);
}

/**
 * A set is late once, not once per line: by the line that came back latest past its own due date (each
 * line from its due date to the day its unit came back). Returns that line, whose lateness the strike
 * scale then reads, or undefined for a set with no line back.
 */
export function latestLine<Line extends { due: string; returnedOn: string }>(lines: readonly Line[]): Line | undefined {
  let latest: Line | undefined;
  for (const line of lines)
    if (!latest || daysLate(line.due, line.returnedOn) > daysLate(latest.due, latest.returnedOn)) latest = line;
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

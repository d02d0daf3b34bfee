import { isIsoDate } from "../../../src/domain/dates";

// Italian date labels shared by every screen. Calendar dates (`YYYY-MM-DD`) are read as local days so
// they never shift by one in time zones west of UTC; timestamps are read as instants.

export const MISSING_DATE = "Data non specificata";
export const MISSING_FIELD = "Non specificata";
export const INVALID_DATE = "Data non valida";

type DateInput = string | number | Date | null | undefined;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** The server only sends ISO dates and timestamps; anything else is unreadable, not guessed at. */
function toDate(value: string | number | Date): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === "number") return new Date(value);
  if (CALENDAR_DATE.test(value)) {
    if (!isIsoDate(value)) return null;
    const [year = 0, month = 1, day = 1] = value.split("-").map(Number);
    return new Date(year, month - 1, day);
  }
  return TIMESTAMP.test(value) ? new Date(value.replace(" ", "T")) : null;
}

function format(value: DateInput, options: Intl.DateTimeFormatOptions, missingLabel: string): string {
  if (value === null || value === undefined || value === "") return missingLabel;
  const date = toDate(value);
  if (!date || Number.isNaN(date.getTime())) return INVALID_DATE;
  return date.toLocaleString("it-IT", options);
}

/** "05/03/2025"; `missingLabel` lets a form field say "Non specificata" instead. */
export function formatDate(value: DateInput, missingLabel = MISSING_DATE): string {
  return format(value, { day: "2-digit", month: "2-digit", year: "numeric" }, missingLabel);
}

/** "05/03/2025, 14:30". */
export function formatDateTime(value: DateInput, missingLabel = MISSING_DATE): string {
  return format(
    value,
    { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" },
    missingLabel,
  );
}

const MINUTE_MS = 60_000;

/** "Ora", "N min fa", "N ore fa" (under a day), else "N giorni fa". */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  if (value === null || value === undefined || value === "") return MISSING_DATE;
  const date = toDate(value);
  if (!date || Number.isNaN(date.getTime())) return INVALID_DATE;
  const minutes = Math.floor((now.getTime() - date.getTime()) / MINUTE_MS);
  if (minutes < 1) return "Ora";
  if (minutes < 60) return `${minutes} min fa`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? "1 ora fa" : `${hours} ore fa`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "1 giorno fa" : `${days} giorni fa`;
}

/** "1 giorno di ritardo", "4 giorni di ritardo". */
export function daysLateText(days: number): string {
  return `${days} ${days === 1 ? "giorno" : "giorni"} di ritardo`;
}

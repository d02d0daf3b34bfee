// Calendar-date helpers. Dates travel as `YYYY-MM-DD` strings; "today" is always computed in the
// academy's time zone so a loan due "today" is due on the academy's calendar, not the server's.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string" || !ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** One formatter per time zone: building one costs far more than formatting (every request asks for today). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function calendarDateIn(timeZone: string, instant: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

export function addDays(isoDate: string, days: number): string {
  const base = new Date(`${isoDate}T00:00:00Z`).getTime();
  return new Date(base + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The zone's offset from UTC at `instant`, in minutes (e.g. +60 for Rome in winter). */
function offsetMinutesAt(timeZone: string, instant: number): number {
  const offsetText =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(new Date(instant))
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offsetText);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The UTC instant (ISO string) at which calendar day `isoDate` starts in `timeZone`. */
export function startOfDayIn(timeZone: string, isoDate: string): string {
  const utcMidnight = Date.parse(`${isoDate}T00:00:00Z`);
  // Local midnight is UTC midnight minus the offset in force *at local midnight*, which differs from
  // the offset at UTC midnight when the clocks change in between (e.g. Sydney, Auckland). Try both
  // offsets and keep the earliest instant that already falls on `isoDate`.
  const first = utcMidnight - offsetMinutesAt(timeZone, utcMidnight) * 60_000;
  const second = utcMidnight - offsetMinutesAt(timeZone, first) * 60_000;
  const candidates = [first, second]
    .filter((instant) => calendarDateIn(timeZone, new Date(instant)) === isoDate)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? first).toISOString();
}

/** Monday of the ISO week containing `isoDate`. */
export function startOfIsoWeek(isoDate: string): string {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(isoDate, -((weekday + 6) % 7));
}

/** The later of two calendar dates. */
export function laterDate(a: string, b: string): string {
  return a > b ? a : b;
}

/** `YYYY-MM-DD` as Italians write it: `DD/MM/YYYY`. */
/** "il 10/03/2026", or "dal 10/03/2026 al 12/03/2026": a booking's days in a sentence. */
export const datesText = (from: string, to: string) =>
  from === to ? `il ${formatItalianDate(from)}` : `dal ${formatItalianDate(from)} al ${formatItalianDate(to)}`;

export function formatItalianDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}/${month}/${year}`;
}

/** `DD/MM/YYYY` as Italians type it, back to `YYYY-MM-DD`; null when it is not a real calendar day. */
export function parseItalianDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = match.slice(1, 4) as [string, string, string];
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : null;
}

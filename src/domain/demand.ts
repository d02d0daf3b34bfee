// Demand: what students asked for and could not get, and the waiting list that fills freed units. The
// pure rules of the demand report (the replay that says how many more units an item needs) live here too.

export const DEMAND_EVENT = {
  /** The desk refused a request or a set (`testo` holds the reason). */
  refused: "rifiuto",
  /** A booking met 409: no unit of the item was free for the dates. */
  noFreeUnit: "nessuna_unita",
  /** A search in the catalogue found nothing (`testo` holds the words). */
  emptySearch: "ricerca_vuota",
  /** A student joined the waiting list. */
  queued: "in_coda",
  /** A loan nobody collected was cancelled. */
  noShow: "mancato_ritiro",
  /** An extension was refused because the unit was booked after it. */
  extensionRefused: "proroga_rifiutata",
} as const;
export const DEMAND_EVENT_KINDS = [
  DEMAND_EVENT.refused,
  DEMAND_EVENT.noFreeUnit,
  DEMAND_EVENT.emptySearch,
  DEMAND_EVENT.queued,
  DEMAND_EVENT.noShow,
  DEMAND_EVENT.extensionRefused,
] as const;
export type DemandEventKind = (typeof DEMAND_EVENT_KINDS)[number];

/** How long a demand event keeps the student's id: after it, only the course remains. */
export const DEMAND_PERSONAL_MONTHS = 12;

export const WAIT_STATE = {
  queued: "in_coda",
  /** A freed unit is held for the student until `scade_il`. */
  offered: "offerta",
  confirmed: "confermata",
  expired: "scaduta",
  left: "annullata",
} as const;
export const WAIT_STATES = [
  WAIT_STATE.queued,
  WAIT_STATE.offered,
  WAIT_STATE.confirmed,
  WAIT_STATE.expired,
  WAIT_STATE.left,
] as const;
export type WaitState = (typeof WAIT_STATES)[number];
/** The entries still waiting: in the queue, or holding an offer. */
export const LIVE_WAIT_STATES: WaitState[] = [WAIT_STATE.queued, WAIT_STATE.offered];

/** Default of the setting `ore_attesa`: how long a freed unit is held for the first student waiting. */
export const DEFAULT_HOLD_HOURS = 12;

// ── The replay behind "Da acquistare" ───────────────────────────────────────────────────────────────

/** A booking someone wanted: its first and last day. */
export interface WantedDays {
  dal: string;
  al: string;
}

/**
 * Replays the bookings wanted, in the order they were asked, on as many units as they need: each takes
 * the first unit (by position) free for all its days. Answers each booking's unit position. With `n`
 * units exactly the bookings placed below `n` are met: what the first `n` units take never depends on the
 * units after them, so one replay answers for every number of units.
 */
export function replayPlaces(wanted: readonly WantedDays[]): number[] {
  // Each unit's bookings, sorted by first day: they never overlap, so they are sorted by last day too.
  const taken: WantedDays[][] = [];
  return wanted.map((booking) => {
    let place = taken.findIndex((unit) => isFreeOn(unit, booking));
    if (place === -1) place = taken.push([]) - 1;
    const unit = taken[place] as WantedDays[];
    unit.splice(bookingsStartingBy(unit, booking.dal), 0, booking);
    return place;
  });
}

/** How many of a unit's bookings (sorted by first day) start on or before `day`. */
function bookingsStartingBy(unit: readonly WantedDays[], day: string): number {
  let low = 0;
  let high = unit.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((unit[middle] as WantedDays).dal <= day) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether none of a unit's bookings takes a day of `booking`: only the last one starting by its end could. */
function isFreeOn(unit: readonly WantedDays[], booking: WantedDays): boolean {
  const before = unit[bookingsStartingBy(unit, booking.al) - 1];
  return before === undefined || before.al < booking.dal;
}

/** How many bookings the replay meets on 0, 1, 2 … units: `met[n]`, up to one unit per booking. */
function metByUnits(wanted: readonly WantedDays[]): number[] {
  const met = new Array<number>(wanted.length + 1).fill(0);
  for (const place of replayPlaces(wanted)) met[place + 1] = (met[place + 1] ?? 0) + 1;
  for (let units = 1; units < met.length; units++) met[units] = (met[units] ?? 0) + (met[units - 1] ?? 0);
  return met;
}

/** How many of the bookings wanted the replay meets on `units` units. */
export function bookingsMet(wanted: readonly WantedDays[], units: number): number {
  const met = metByUnits(wanted);
  return met[Math.min(units, wanted.length)] ?? 0;
}

/** The share of `wanted` met on `units` units; 1 when nothing was wanted. */
export function shareMet(wanted: readonly WantedDays[], units: number): number {
  return wanted.length === 0 ? 1 : bookingsMet(wanted, units) / wanted.length;
}

/**
 * The fewest extra units with which the replay meets at least `target` (0–1) of what was wanted, and the
 * share it then meets. With one unit per booking every booking is met, so the search always ends.
 */
export function extraUnitsFor(
  wanted: readonly WantedDays[],
  units: number,
  target: number,
): { extra: number; share: number } {
  const met = metByUnits(wanted);
  const shareWith = (count: number) =>
    wanted.length === 0 ? 1 : (met[Math.min(count, wanted.length)] ?? 0) / wanted.length;
  for (let extra = 0; ; extra++) {
    const share = shareWith(units + extra);
    if (share >= target || units + extra >= wanted.length) return { extra, share };
  }
}

/** Unmet days from which an item is listed "Da acquistare". */
export const UNMET_DAYS_TO_BUY = 3;
/** Utilisation under which a unit is "poco usata" and an item may move to another course. */
export const LOW_USE = 0.2;
/** The share of the demand the suggested units should meet, unless the desk asks another. */
export const DEFAULT_TARGET_SHARE = 0.9;

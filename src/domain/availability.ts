import { rangesOverlap } from "./bookings";
import { addDays, daysBetween, formatItalianDate } from "./dates";
import { type UnitState, unitState } from "./unit-state";

// The booking calendar of an item's units, as pure rules shared by the server (which decides) and
// the UI (which shows). A unit is taken over an inclusive range of days by a loan, a pending request,
// a repair in progress, a hold offered to the first student of a waiting list, or for good when it is lost.

export type OccupationKind = "prestito" | "richiesta" | "riparazione" | "perso" | "attesa";

export interface Occupation {
  tipo: OccupationKind;
  dal: string;
  /** Last day taken; null while the end is unknown: a repair in progress, a lost unit, an overdue loan. */
  al: string | null;
}

export interface UnitCalendar<T extends Occupation = Occupation> {
  id: number;
  occupazioni: T[];
}

/** The last day of an occupation whose end is unknown: it runs on past any booking. */
const OPEN_END = "9999-12-31";

/** Whether an occupation takes any day of [from, to]. */
export function overlaps(taken: Occupation, from: string, to: string): boolean {
  return rangesOverlap({ from: taken.dal, to: taken.al ?? OPEN_END }, { from, to });
}

export function isFreeFor(occupations: readonly Occupation[], from: string, to: string): boolean {
  return !occupations.some((taken) => overlaps(taken, from, to));
}

/** The units free over the whole range, in the order given. */
export function freeUnitsFor<U extends UnitCalendar>(units: readonly U[], from: string, to: string): U[] {
  return units.filter((unit) => isFreeFor(unit.occupazioni, from, to));
}

/** Every day of [from, to] on which at least one unit is free. */
export function daysWithAFreeUnit(units: readonly UnitCalendar[], from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1))
    if (units.some((unit) => isFreeFor(unit.occupazioni, day, day))) days.push(day);
  return days;
}

/**
 * The first start on or after `from`, up to `horizonDays` later, at which `needed` units are free for a
 * booking as long as [from, to]; null when there is none. Candidate starts are `from` and the day
 * after each occupation ends, since a free stretch can only begin there.
 */
export function nextStartWithFreeUnits(
  units: readonly UnitCalendar[],
  from: string,
  to: string,
  needed: number,
  horizonDays = 366,
): string | null {
  const length = daysBetween(from, to);
  const last = addDays(from, horizonDays);
  const candidates = new Set([from]);
  for (const unit of units)
    for (const taken of unit.occupazioni)
      if (taken.al !== null && taken.al >= from) candidates.add(addDays(taken.al, 1));
  const starts = [...candidates].filter((start) => start <= last).sort();
  return starts.find((start) => freeUnitsFor(units, start, addDays(start, length)).length >= needed) ?? null;
}

/** The first start on or after `from` at which some unit is free for a booking as long as [from, to]. */
export function nextFreeStart(
  units: readonly UnitCalendar[],
  from: string,
  to: string,
  horizonDays = 366,
): string | null {
  return nextStartWithFreeUnits(units, from, to, 1, horizonDays);
}

/**
 * What one line of a set or kit needs from an item: its pinned units, and how many more of its other
 * units. `units` are every unit of the item, with their calendars.
 */
export interface UnitNeed {
  units: readonly UnitCalendar[];
  pinnedUnitIds: readonly number[];
  anyUnits: number;
}

/** Whether the item can give the need for all of [from, to]: every pinned unit free, and enough others. */
export function needIsMet(need: UnitNeed, from: string, to: string): boolean {
  const free = new Set(freeUnitsFor(need.units, from, to).map((unit) => unit.id));
  if (!need.pinnedUnitIds.every((id) => free.has(id))) return false;
  const others = [...free].filter((id) => !need.pinnedUnitIds.includes(id));
  return others.length >= need.anyUnits;
}

/** Every day of [from, to] on which every need is met: the days a whole kit can be booked. */
export function daysEveryNeedIsMet(needs: readonly UnitNeed[], from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1))
    if (needs.every((need) => needIsMet(need, day, day))) days.push(day);
  return days;
}

/**
 * What a unit or an item is, as of today: whether it is free, the last day it stays free, and the first
 * day it is free again. Every screen (catalogue, item page, Banco, alerts, wizards) reads these.
 */
export interface FreeToday {
  /** Nothing takes it today (for an item: at least one of its units). */
  libera: boolean;
  /**
   * Free today: the last day before the next occupation starts (a loan can run to it), null when nothing
   * is booked later. Not free today: null.
   */
  liberaFinoAl: string | null;
  /** The first day from today on when it is free (today when free now); null when no end is known. */
  prossimaDisponibilita: string | null;
}

/** The occupations taking the unit today, in the order given: none when it is free today. */
export function occupationsOn(occupations: readonly Occupation[], day: string): Occupation[] {
  return occupations.filter((taken) => overlaps(taken, day, day));
}

/**
 * The one rule for today's availability of a unit. A booking that starts later never takes it today: it
 * only ends the free stretch the day before it starts.
 */
export function unitFreeToday(occupations: readonly Occupation[], today: string): FreeToday {
  if (occupationsOn(occupations, today).length === 0) {
    const nextStart = occupations
      .map((taken) => taken.dal)
      .filter((start) => start > today)
      .sort()[0];
    return { libera: true, liberaFinoAl: nextStart ? addDays(nextStart, -1) : null, prossimaDisponibilita: today };
  }
  // Taken today: walk the stretch of back-to-back occupations to the first day nothing takes.
  let day = today;
  for (let taking = occupationsOn(occupations, day); taking.length > 0; taking = occupationsOn(occupations, day)) {
    const ends = taking.map((taken) => taken.al);
    if (ends.includes(null)) return { libera: false, liberaFinoAl: null, prossimaDisponibilita: null };
    day = addDays((ends as string[]).sort().at(-1) as string, 1);
  }
  return { libera: false, liberaFinoAl: null, prossimaDisponibilita: day };
}

/**
 * An item's availability today from its units': free when one unit is, until the furthest end of a free
 * unit's stretch (null as soon as one free unit has no booking ahead), else from the earliest day a unit
 * frees up.
 */
export function itemFreeToday(units: readonly FreeToday[]): FreeToday {
  const free = units.filter((unit) => unit.libera);
  if (free.length > 0) {
    const ends = free.map((unit) => unit.liberaFinoAl);
    return {
      libera: true,
      liberaFinoAl: ends.includes(null) ? null : ((ends as string[]).sort().at(-1) as string),
      prossimaDisponibilita: free[0]?.prossimaDisponibilita ?? null,
    };
  }
  const starts = units.flatMap((unit) => (unit.prossimaDisponibilita ? [unit.prossimaDisponibilita] : []));
  return { libera: false, liberaFinoAl: null, prossimaDisponibilita: starts.sort()[0] ?? null };
}

/** The unit's state today, from what takes it today: a booking that starts later leaves it `disponibile`. */
export function unitStateOn(occupations: readonly Occupation[], today: string): UnitState {
  const kinds = new Set(occupationsOn(occupations, today).map((taken) => taken.tipo));
  return unitState({
    lost: kinds.has("perso"),
    inRepair: kinds.has("riparazione"),
    onStartedLoan: kinds.has("prestito"),
    // A hold of the waiting list is a booking: it reserves the unit as a pending request does.
    reserved: kinds.has("richiesta") || kinds.has("attesa"),
  });
}

/**
 * The return date offered for a loan that starts today: the usual one (the usual length, or today for
 * in-house use), brought forward to the last day the unit stays free before its next booking.
 */
export function proposedReturnDate(usual: string, freeUntil: string | null): string {
  return freeUntil !== null && freeUntil < usual ? freeUntil : usual;
}

/**
 * What every screen says of a unit's or an item's availability today: "Libera fino al 01/12/2026",
 * "Libera", "Libera dal 05/12/2026" or, with no known end, "Non libera: nessuna data di rientro".
 */
export function freeTodayText(free: {
  libera: boolean;
  liberaFinoAl: string | null;
  prossimaDisponibilita: string | null;
}): string {
  if (free.libera) return free.liberaFinoAl ? `Libera fino al ${formatItalianDate(free.liberaFinoAl)}` : "Libera";
  return free.prossimaDisponibilita
    ? `Libera dal ${formatItalianDate(free.prossimaDisponibilita)}`
    : "Non libera: nessuna data di rientro";
}

import { rangesOverlap } from "./bookings";
import { addDays, daysBetween } from "./dates";

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

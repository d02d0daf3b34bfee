import type { Db } from "../../db/client";

// Where kits meet sets (prenotazioni). The sets module owns the sets' tables and states, and fills these
// two answers in; until it lands, no set exists, so no kit has one open and no scan belongs to one.

/** How many sets booked from the kit are still open (pending, approved, out): a kit with one cannot go. */
export function openSetsOfKit(_db: Db, _kitId: number): number {
  return 0;
}

/**
 * The set the Banco should open for what was scanned: the set due to go out (from its start day) or to
 * come back that holds one of these units, or that was booked from this kit. Null when there is none.
 */
export function setDueAtTheCounter(
  _db: Db,
  _scanned: { unitIds: number[] } | { kitId: number },
  _today: string,
): number | null {
  return null;
}

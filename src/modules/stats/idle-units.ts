import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prestiti, prestitiUnita } from "../../db/schema";
import { LOW_USE } from "../../domain/demand";
import { italianOrder } from "../../domain/text-key";

/** How a unit was used over the period so far. */
export interface UnitUse {
  id: number;
  itemId: number;
  code: string;
  /** Open days it was out, and open days it could have been (not in repair). */
  out: number;
  available: number;
  /** Days of the period so far after its last day out: all of them when it was not out at all. */
  idle: number;
}

/** The longest "poco usati" list: the units idle longest first. */
export const IDLE_UNITS_LISTED = 50;
/**
 * A unit counts as "poco usata" only when it could go out for at least this share of the period's open
 * days: a unit in repair most of the period was not idle, it was away.
 */
export const IDLE_MIN_AVAILABLE_SHARE = 0.5;

/**
 * The units hardly used over the period (docs/decisions/idle-units-ranked-by-idle-days.md): out less than
 * LOW_USE of the days they were available, and available for a meaningful part of the period; ranked by
 * how long they have sat since their last day out, then by utilisation and code. Answers the first
 * IDLE_UNITS_LISTED with the date of their last loan ever, and how many there are in all.
 */
export function idleUnits(db: Db, uses: readonly UnitUse[], periodOpenDays: number, today: string) {
  const idle = uses.filter(
    (use) =>
      use.available > 0 &&
      use.available >= IDLE_MIN_AVAILABLE_SHARE * periodOpenDays &&
      use.out / use.available < LOW_USE,
  );
  const listed = firstInOrder(
    idle,
    IDLE_UNITS_LISTED,
    (a, b) => b.idle - a.idle || a.out / a.available - b.out / b.available || italianOrder(a.code, b.code),
  );
  const lastLoans = new Map(
    listed.length === 0
      ? []
      : db
          .select({ unitId: prestitiUnita.unitId, day: sql<string>`max(${prestiti.dataUscita})` })
          .from(prestitiUnita)
          .innerJoin(prestiti, eq(prestiti.id, prestitiUnita.prestitoId))
          .where(
            and(
              inArray(
                prestitiUnita.unitId,
                listed.map((use) => use.id),
              ),
              isNotNull(prestiti.consegnatoIl),
              lte(prestiti.dataUscita, today),
            ),
          )
          .groupBy(prestitiUnita.unitId)
          .all()
          .map((row) => [row.unitId, row.day]),
  );
  return {
    listed: listed.map((unit) => ({ unit, lastLoan: lastLoans.get(unit.id) ?? null })),
    total: idle.length,
  };
}

/**
 * The first `count` rows in the order of `compare`, sorted, without sorting them all: tens of thousands
 * of units never lent tie on their figures, and a full sort compared their codes by collation most of the
 * time. A row that does not beat the last one kept costs one comparison.
 */
function firstInOrder<T>(rows: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  const kept: T[] = [];
  for (const row of rows) {
    if (kept.length === count && compare(row, kept[count - 1] as T) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(kept[middle] as T, row) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, row);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

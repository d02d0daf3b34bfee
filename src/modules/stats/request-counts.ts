import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";

/**
 * How many requests each item and each borrower made since an instant, maintained instead of counted
 * again on every call: the first call of a process (or after the clock went back) counts the period once
 * through the covering index on `created_at`; later calls add the requests written since (by id, the
 * primary key) and take off those the period's start has moved past (a day's worth, through the same
 * index). Requests are never deleted and never change item, so the counts stay exact; a borrower whose
 * account is deleted keeps their count under an id no user has any more.
 */
export interface RequestCounts {
  byItem: Map<number, number>;
  byUser: Map<number, number>;
}

interface Kept extends RequestCounts {
  since: string;
  lastId: number;
}

const kept = new WeakMap<AppContext, Map<string, Kept>>();

function add(counts: Map<number, number>, key: number | null, delta: number) {
  if (key === null) return;
  const total = (counts.get(key) ?? 0) + delta;
  if (total === 0) counts.delete(key);
  else counts.set(key, total);
}

/** The counts of the requests created at `since` or later, for the period named `period`. */
export function requestCountsSince(ctx: AppContext, period: string, since: string): RequestCounts {
  const periods = kept.get(ctx) ?? new Map<string, Kept>();
  kept.set(ctx, periods);
  const lastId = ctx.db.values<[number | null]>(sql`SELECT max(id) FROM richieste`)[0]?.[0] ?? 0;
  let counts = periods.get(period);
  if (!counts || since < counts.since || lastId < counts.lastId) {
    counts = { since, lastId, byItem: new Map(), byUser: new Map() };
    for (const [itemId, userId] of ctx.db.values<[number, number | null]>(
      sql`SELECT inventario_id, utente_id FROM richieste WHERE created_at >= ${since} AND id <= ${lastId}`,
    )) {
      add(counts.byItem, itemId, 1);
      add(counts.byUser, userId, 1);
    }
    periods.set(period, counts);
    return counts;
  }
  if (since > counts.since) {
    for (const [itemId, userId] of ctx.db.values<[number, number | null]>(
      sql`SELECT inventario_id, utente_id FROM richieste
        WHERE created_at >= ${counts.since} AND created_at < ${since} AND id <= ${counts.lastId}`,
    )) {
      add(counts.byItem, itemId, -1);
      add(counts.byUser, userId, -1);
    }
    counts.since = since;
  }
  if (lastId > counts.lastId) {
    for (const [itemId, userId] of ctx.db.values<[number, number | null]>(
      sql`SELECT inventario_id, utente_id FROM richieste
        WHERE id > ${counts.lastId} AND id <= ${lastId} AND created_at >= ${since}`,
    )) {
      add(counts.byItem, itemId, 1);
      add(counts.byUser, userId, 1);
    }
    counts.lastId = lastId;
  }
  return counts;
}

/** The keys in decreasing count, for the caller to break ties and resolve names. */
export function byCount(counts: Map<number, number>): Array<[number, number]> {
  return [...counts].sort((a, b) => b[1] - a[1]);
}

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

/**
 * The counts of one side summed by a group of its keys (a borrower's course, an item's first course),
 * kept up to date with them: every request added or dropped moves its group's totals too. The keys'
 * groups are read again, and the totals summed again, only when the resource they come from changed.
 */
export interface GroupTotals {
  /** The version (`data_versions`) of the resource the groups were read from. */
  source: number;
  groupOf: Map<number, string>;
  /** Requests per group. */
  requests: Map<string, number>;
  /** Keys with at least one request, per group. */
  members: Map<string, number>;
}

type Side = keyof RequestCounts;

interface Kept extends RequestCounts {
  since: string;
  lastId: number;
  groups: Record<Side, Map<string, GroupTotals>>;
}

const kept = new WeakMap<AppContext, Map<string, Kept>>();

function addTo(totals: Map<string, number>, group: string, delta: number) {
  const total = (totals.get(group) ?? 0) + delta;
  if (total === 0) totals.delete(group);
  else totals.set(group, total);
}

function add(kept: Kept, side: Side, key: number | null, delta: number) {
  if (key === null) return;
  const counts = kept[side];
  const before = counts.get(key) ?? 0;
  const total = before + delta;
  if (total === 0) counts.delete(key);
  else counts.set(key, total);
  for (const totals of kept.groups[side].values()) {
    const group = totals.groupOf.get(key);
    if (group === undefined) continue;
    addTo(totals.requests, group, delta);
    if (before === 0) addTo(totals.members, group, 1);
    if (total === 0) addTo(totals.members, group, -1);
  }
}

function addRequests(kept: Kept, rows: Array<[number, number | null]>, delta: number) {
  for (const [itemId, userId] of rows) {
    add(kept, "byItem", itemId, delta);
    add(kept, "byUser", userId, delta);
  }
}

/** The counts of the requests created at `since` or later, for the period named `period`. */
export function requestCountsSince(ctx: AppContext, period: string, since: string): RequestCounts {
  return keptCounts(ctx, period, since);
}

function keptCounts(ctx: AppContext, period: string, since: string): Kept {
  const periods = kept.get(ctx) ?? new Map<string, Kept>();
  kept.set(ctx, periods);
  const lastId = ctx.db.values<[number | null]>(sql`SELECT max(id) FROM richieste`)[0]?.[0] ?? 0;
  let counts = periods.get(period);
  if (!counts || since < counts.since || lastId < counts.lastId) {
    counts = { since, lastId, byItem: new Map(), byUser: new Map(), groups: { byItem: new Map(), byUser: new Map() } };
    addRequests(
      counts,
      ctx.db.values<[number, number | null]>(
        sql`SELECT inventario_id, utente_id FROM richieste WHERE created_at >= ${since} AND id <= ${lastId}`,
      ),
      1,
    );
    periods.set(period, counts);
    return counts;
  }
  if (since > counts.since) {
    addRequests(
      counts,
      ctx.db.values<[number, number | null]>(
        sql`SELECT inventario_id, utente_id FROM richieste
        WHERE created_at >= ${counts.since} AND created_at < ${since} AND id <= ${counts.lastId}`,
      ),
      -1,
    );
    counts.since = since;
  }
  if (lastId > counts.lastId) {
    addRequests(
      counts,
      ctx.db.values<[number, number | null]>(
        sql`SELECT inventario_id, utente_id FROM richieste
        WHERE id > ${counts.lastId} AND id <= ${lastId} AND created_at >= ${since}`,
      ),
      1,
    );
    counts.lastId = lastId;
  }
  return counts;
}

/** The keys in decreasing count, for the caller to break ties and resolve names. */
export function byCount(counts: Map<number, number>): Array<[number, number]> {
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/**
 * The period's counts of one side summed by group, `groupsOf` naming each key's group (read again only
 * when `source`, the version of what it reads, moved).
 */
export function groupedCountsSince(
  ctx: AppContext,
  period: string,
  since: string,
  side: Side,
  grouping: { name: string; source: number; groupsOf: () => Map<number, string> },
): GroupTotals {
  const counts = keptCounts(ctx, period, since);
  const kept = counts.groups[side].get(grouping.name);
  if (kept?.source === grouping.source) return kept;
  const totals: GroupTotals = {
    source: grouping.source,
    groupOf: grouping.groupsOf(),
    requests: new Map(),
    members: new Map(),
  };
  for (const [key, count] of counts[side]) {
    const group = totals.groupOf.get(key);
    if (group === undefined) continue;
    addTo(totals.requests, group, count);
    addTo(totals.members, group, 1);
  }
  counts.groups[side].set(grouping.name, totals);
  return totals;
}

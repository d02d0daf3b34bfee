import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { addDays, calendarDateIn, startOfDayIn } from "../domain/dates";

/**
 * How many requests each item and each borrower made since an instant, maintained instead of counted
 * again on every call: the first call of a process (or after the clock went back) counts the period once
 * through the covering index on `created_at`; later calls add the requests written since (by id, the
 * primary key) and take off those the period's start has moved past (a day's worth, through the same
 * index). Requests are never deleted and never change item, so the counts stay exact; a borrower whose
 * account is deleted keeps their count under an id no user has any more.
 */
export interface RequestCounts {
  byItem: RankedCounts;
  byUser: RankedCounts;
  /** Requests per calendar day of the academy (its time zone), for the trend's buckets. */
  byDay: Map<string, number>;
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

type Side = "byItem" | "byUser";

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
  const before = kept[side].get(key);
  const total = kept[side].add(key, delta);
  for (const totals of kept.groups[side].values()) {
    const group = totals.groupOf.get(key);
    if (group === undefined) continue;
    addTo(totals.requests, group, delta);
    if (before === 0) addTo(totals.members, group, 1);
    if (total === 0) addTo(totals.members, group, -1);
  }
}

/** The academy's calendar days around the instants seen so far, each with the instant it starts at. */
interface DayStarts {
  timeZone: string;
  days: string[];
  starts: string[];
  /** The first instant after the last day. */
  end: string;
  /** The zone's calendar day of an instant: one formatter, built once (building one costs more than using it). */
  dayOf: (instant: number) => string;
}

/**
 * The first instant of `day`, next to a day whose first instant is known: days mostly start 24 hours
 * apart; only around a change of the clocks does the full search (startOfDayIn) run.
 */
function startOf(known: DayStarts, day: string, neighbourStart: string, daysAway: 1 | -1): string {
  const guess = Date.parse(neighbourStart) + daysAway * 24 * 3_600_000;
  if (known.dayOf(guess) === day && known.dayOf(guess - 1) !== day) return new Date(guess).toISOString();
  return startOfDayIn(known.timeZone, day);
}

const dayStarts = new WeakMap<AppContext, DayStarts>();

/**
 * The academy's calendar day of an instant (ISO, as `created_at` holds it): a binary search over the
 * first instants of the days, worked out once per day (time zone rules included) instead of per request.
 */
function academyDay(ctx: AppContext, instant: string): string {
  const { timeZone } = ctx.clock;
  let known = dayStarts.get(ctx);
  if (!known || known.timeZone !== timeZone) {
    const day = calendarDateIn(timeZone, new Date(instant));
    // en-CA formats as YYYY-MM-DD.
    const formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    const start = startOfDayIn(timeZone, day);
    known = { timeZone, days: [day], starts: [start], end: start, dayOf: (at) => formatter.format(at) };
    known.end = startOf(known, addDays(day, 1), start, 1);
    dayStarts.set(ctx, known);
  }
  const { days, starts } = known;
  while (instant < (starts[0] as string)) {
    const day = addDays(days[0] as string, -1);
    starts.unshift(startOf(known, day, starts[0] as string, -1));
    days.unshift(day);
  }
  while (instant >= known.end) {
    const day = addDays(days.at(-1) as string, 1);
    days.push(day);
    starts.push(known.end);
    known.end = startOf(known, addDays(day, 1), known.end, 1);
  }
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] as string) <= instant) low = middle;
    else high = middle - 1;
  }
  return days[low] as string;
}

/** Counts `delta` more for each request that `where` picks out. */
function addRequests(ctx: AppContext, kept: Kept, where: SQL, delta: number) {
  const rows = ctx.db.values<[number, number | null, string]>(
    sql`SELECT inventario_id, utente_id, created_at FROM richieste WHERE ${where}`,
  );
  for (const [itemId, userId, createdAt] of rows) {
    add(kept, "byItem", itemId, delta);
    add(kept, "byUser", userId, delta);
    addTo(kept.byDay, academyDay(ctx, createdAt), delta);
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
    counts = {
      since,
      lastId,
      byItem: new RankedCounts(),
      byUser: new RankedCounts(),
      byDay: new Map(),
      groups: { byItem: new Map(), byUser: new Map() },
    };
    addRequests(ctx, counts, sql`created_at >= ${since} AND id <= ${lastId}`, 1);
    periods.set(period, counts);
    return counts;
  }
  if (since > counts.since) {
    addRequests(
      ctx,
      counts,
      sql`created_at >= ${counts.since} AND created_at < ${since} AND id <= ${counts.lastId}`,
      -1,
    );
    counts.since = since;
  }
  if (lastId > counts.lastId) {
    addRequests(ctx, counts, sql`id > ${counts.lastId} AND id <= ${lastId} AND created_at >= ${since}`, 1);
    counts.lastId = lastId;
  }
  return counts;
}

/**
 * Counts per key, with the keys of each count beside them, so that the leading keys come from the few
 * distinct counts instead of a pass over every key (every borrower who asked in the year: 25,000 at five
 * times the default academy). A key whose count reaches zero is dropped.
 */
export class RankedCounts {
  private readonly counts = new Map<number, number>();
  private readonly keysWith = new Map<number, Set<number>>();

  get size(): number {
    return this.counts.size;
  }

  get(key: number): number {
    return this.counts.get(key) ?? 0;
  }

  [Symbol.iterator]() {
    return this.counts[Symbol.iterator]();
  }

  /** Moves a key's count by `delta`; answers the new count. */
  add(key: number, delta: number): number {
    const before = this.get(key);
    const total = before + delta;
    if (before !== 0) {
      const keys = this.keysWith.get(before);
      keys?.delete(key);
      if (keys?.size === 0) this.keysWith.delete(before);
    }
    if (total === 0) {
      this.counts.delete(key);
      return total;
    }
    this.counts.set(key, total);
    const keys = this.keysWith.get(total) ?? new Set<number>();
    keys.add(key);
    this.keysWith.set(total, keys);
    return total;
  }

  /**
   * The keys whose count reaches the `wanted`-th highest, in decreasing count (a tie is kept whole, by
   * key), for the caller to break ties and resolve names. Asked for more, it answers a longer list that
   * starts with the shorter one.
   */
  leading(wanted: number): Array<[number, number]> {
    const leading: Array<[number, number]> = [];
    for (const count of [...this.keysWith.keys()].sort((a, b) => b - a)) {
      if (leading.length >= wanted) break;
      const keys = [...(this.keysWith.get(count) ?? [])].sort((a, b) => a - b);
      for (const key of keys) leading.push([key, count]);
    }
    return leading;
  }
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

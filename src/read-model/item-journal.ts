import type { Database } from "bun:sqlite";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * What a connection keeps per item between reads (the unit counts, the units' JSON text) is brought up
 * to date from the `item_changes` journal (migration 0014): triggers name in it the item of every unit,
 * loan, loan unit, request and repair row written, by this process or any other. What is kept depends on
 * the day only through which requests have expired and which approved loans have started, so a new day
 * starts again from nothing.
 *
 * Starting again also happens when the journal no longer holds every row since the last read (the jobs
 * prune it), when it went backwards (a restored database), and when many items changed at once (an
 * import). Inside a write transaction nothing is kept: a rollback would take back journal rows whose
 * numbers are then used again.
 */

/** How far in the journal a connection's kept values are, and for which day. */
export interface JournalMark {
  today: string;
  /** The last journal row taken into account. */
  seq: number;
}

export type JournalNews =
  /** Inside a write transaction: compute what is needed, keep nothing. */
  | { keep: false }
  /** Start again from nothing, marked at `end`. */
  | { keep: true; end: number; changed: null }
  /** Only these items changed (none, when the journal did not move); the mark moves to `end`. */
  | { keep: true; end: number; changed: number[] };

/** Beyond this many changed items, starting again costs less than item by item. */
const ITEM_BY_ITEM_UP_TO = 500;

/** Which items changed since `mark` (nothing kept yet: undefined). The journal's end is read first: a write landing meanwhile is seen next time. */
export function journalSince(db: Db, today: string, mark: JournalMark | undefined): JournalNews {
  if (connectionOf(db)?.inTransaction !== false) return { keep: false };
  const end = journalEnd(db);
  if (!mark || mark.today !== today || end < mark.seq) return { keep: true, end, changed: null };
  if (end === mark.seq) return { keep: true, end, changed: [] };
  if (firstJournalled(db) > mark.seq + 1) return { keep: true, end, changed: null };
  const changed = db
    .values<[number]>(sql`SELECT DISTINCT inventario_id FROM item_changes WHERE seq > ${mark.seq} AND seq <= ${end}`)
    .map(([itemId]) => itemId);
  return { keep: true, end, changed: changed.length <= ITEM_BY_ITEM_UP_TO ? changed : null };
}

/** The connection behind `db`; a transaction's handle has none. */
const connectionOf = (db: Db): Database | undefined => ("$client" in db ? (db.$client as Database) : undefined);

const journalEnd = (db: Db) =>
  db.values<[number]>(sql`SELECT seq FROM sqlite_sequence WHERE name = 'item_changes'`)[0]?.[0] ?? 0;

const firstJournalled = (db: Db) =>
  db.values<[number | null]>(sql`SELECT min(seq) FROM item_changes`)[0]?.[0] ?? Number.POSITIVE_INFINITY;

interface KeptPerItem<V> extends JournalMark {
  values: Map<number, V>;
}

/**
 * A value per item (its view as text), kept per connection and per day: asked for some items, it builds
 * again only those the journal names since the last call and those never asked before. `build` gets the
 * ids to build and answers a value for each that exists (none for an archived item).
 */
export function keptPerItem<V>(build: (db: Db, today: string, itemIds: number[]) => Map<number, V>) {
  const kept = new WeakMap<Db, KeptPerItem<V>>();
  return (db: Db, today: string, itemIds: readonly number[]): ReadonlyMap<number, V> => {
    const before = kept.get(db);
    const news = journalSince(db, today, before);
    let store: KeptPerItem<V>;
    if (!news.keep) store = { today, seq: 0, values: new Map() };
    else if (before && news.changed) {
      for (const itemId of news.changed) before.values.delete(itemId);
      before.seq = news.end;
      store = before;
    } else {
      store = { today, seq: news.end, values: new Map() };
      kept.set(db, store);
    }
    // Built after the journal's end was read: a write landing meanwhile is built again next time.
    const missing = itemIds.filter((itemId) => !store.values.has(itemId));
    if (missing.length > 0) for (const [itemId, value] of build(db, today, missing)) store.values.set(itemId, value);
    return store.values;
  };
}

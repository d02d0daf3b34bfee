import type { Database } from "bun:sqlite";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { isLowStock } from "../domain/stock-level";
import { type ItemState, itemState, UNIT_STATES, type UnitState } from "../domain/unit-state";
import { loadOpenSet, unitToday } from "../modules/availability/today";
import { type JournalMark, journalSince } from "./item-journal";

/** An item's effective state and how many of its listed units there are, and are free. */
export interface ItemCounts {
  state: ItemState;
  available: number;
  total: number;
  /** Units in an open repair: what Riparazioni lists as in progress, one repair per unit. */
  inRepair: number;
}

/**
 * Every item's unit counts, for the status filter, the summary cards, the low-stock alerts and the
 * catalogue. Counting them all reads every listed unit and every open record (about 20 ms at five times
 * the default academy), and every write would make the next read count again. So the counts are kept
 * per connection and per day, and a read counts again only the items written since the last one
 * (item-journal.ts).
 */
export function itemCounts(db: Db, today: string): ReadonlyMap<number, ItemCounts> {
  return counted(db, today).counts;
}

/** What the inventory's summary cards add up over every item, kept with the counts (no walk over the items). */
export interface CountTotals {
  units: number;
  inRepair: number;
  lowStock: number;
}

export function itemCountTotals(db: Db, today: string): Readonly<CountTotals> {
  const { totals, lowStock } = counted(db, today);
  return { ...totals, lowStock: lowStock.size };
}

/** The items low on stock today, kept with the counts: the alerts list them without a walk over every item. */
export function lowStockItemIds(db: Db, today: string): ReadonlySet<number> {
  return counted(db, today).lowStock;
}

function counted(db: Db, today: string): Kept {
  const before = kept.get(db);
  const news = journalSince(db, today, before);
  if (!news.keep) return keptFrom(today, 0, countItems(db, today, null));
  if (before && news.changed?.length === 0) return before;
  if (before && news.changed) {
    const recounted = countItems(db, today, news.changed);
    for (const itemId of news.changed) {
      const previous = before.counts.get(itemId);
      if (previous) tally(before, itemId, previous, -1);
      const counts = recounted.get(itemId);
      if (counts) {
        before.counts.set(itemId, counts);
        tally(before, itemId, counts, 1);
      } else before.counts.delete(itemId);
    }
    before.seq = news.end;
    return before;
  }
  const fresh = keptFrom(today, news.end, countItems(db, today, null));
  kept.set(db, fresh);
  return fresh;
}

function keptFrom(today: string, seq: number, counts: Map<number, ItemCounts>): Kept {
  const fresh: Kept = { today, seq, counts, totals: { units: 0, inRepair: 0 }, lowStock: new Set() };
  for (const [itemId, item] of counts) tally(fresh, itemId, item, 1);
  return fresh;
}

/** Adds (1) or takes away (-1) one item's share of the totals and of the items low on stock. */
function tally(into: Pick<Kept, "totals" | "lowStock">, itemId: number, item: ItemCounts, sign: 1 | -1) {
  into.totals.units += sign * item.total;
  // Units, not items: the summary card then says what Riparazioni lists in progress (one rule, two screens).
  into.totals.inRepair += sign * item.inRepair;
  if (!isLowStock(item.available, item.total)) return;
  if (sign === 1) into.lowStock.add(itemId);
  else into.lowStock.delete(itemId);
}

interface Kept extends JournalMark {
  counts: Map<number, ItemCounts>;
  totals: Omit<CountTotals, "lowStock">;
  lowStock: Set<number>;
}

const kept = new WeakMap<Db, Kept>();

/** The journal rows kept for readers that are behind; older ones are pruned by the jobs. */
const JOURNAL_KEEPS = 10_000;

/** Drops all but the newest journal rows; answers how many went. */
export function pruneItemChanges(sqlite: Database): number {
  return sqlite.run("DELETE FROM item_changes WHERE seq <= (SELECT max(seq) FROM item_changes) - ?", [JOURNAL_KEEPS])
    .changes;
}

/**
 * The counts of the given items (all of them for null), from their listed units, the lost ones and the
 * open records only: a unit nothing takes today is free (a booking that starts later leaves it free), so
 * the free ones are the listed units minus those taken today. Nothing here reads a unit's history.
 */
function countItems(db: Db, today: string, itemIds: number[] | null): Map<number, ItemCounts> {
  const ofItems = itemIds ? sql`AND inventario_id IN (SELECT value FROM json_each(${JSON.stringify(itemIds)}))` : sql``;
  // The open records of these items' units, archived ones included, as the whole count reads them.
  const unitIds = itemIds
    ? db.values<[number]>(sql`SELECT id FROM unita WHERE 1 ${ofItems}`).map(([unitId]) => unitId)
    : null;
  const open = loadOpenSet(db, today, unitIds);
  const lostIds = new Set<number>();
  for (const [unitId, itemId] of db.values<[number, number]>(
    sql`SELECT id, inventario_id FROM unita WHERE perso = 1 AND archived_at IS NULL ${ofItems}`,
  )) {
    lostIds.add(unitId);
    open.itemOf.set(unitId, itemId);
  }
  const units = new Map<number, Record<UnitState, number>>();
  for (const [itemId, total] of db.values<[number, number]>(
    sql`SELECT inventario_id, count(*) FROM unita WHERE archived_at IS NULL ${ofItems} GROUP BY inventario_id`,
  ))
    units.set(itemId, { disponibile: total, prestato: 0, riservato: 0, in_riparazione: 0, perso: 0 });
  for (const [unitId, itemId] of open.itemOf) {
    const item = units.get(itemId);
    if (!item) continue;
    const state = unitToday(open, unitId, lostIds.has(unitId), today).stato;
    if (state === "disponibile") continue;
    item.disponibile -= 1;
    item[state] += 1;
  }
  const counts = new Map<number, ItemCounts>();
  for (const [itemId, item] of units) {
    // The item's state depends only on which unit states occur.
    const present = UNIT_STATES.filter((state) => item[state] > 0);
    const total = UNIT_STATES.reduce((sum, state) => sum + item[state], 0);
    counts.set(itemId, {
      state: itemState(present),
      available: item.disponibile,
      total,
      inRepair: item.in_riparazione,
    });
  }
  return counts;
}

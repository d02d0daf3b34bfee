import { and, count, gt, lte, max } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AppContext } from "../context";
import { prestiti, richieste } from "../db/schema";

/**
 * How many loans and requests there have ever been, kept between calls instead of counted again: loans
 * and requests are never deleted (a deleted account leaves them without a borrower), so the total is the
 * last one plus the rows written since, found by id through the primary key. The first call of a process,
 * or one that finds fewer rows than before (a restored database), counts the table once.
 */
const HISTORY_TABLES = { prestiti, richieste } as const;
type HistoryTable = keyof typeof HISTORY_TABLES;

interface Kept {
  lastId: number;
  total: number;
}

const kept = new WeakMap<AppContext, Map<HistoryTable, Kept>>();

export function historyTotal(ctx: AppContext, name: HistoryTable): number {
  const table = HISTORY_TABLES[name];
  const tables = kept.get(ctx) ?? new Map<HistoryTable, Kept>();
  kept.set(ctx, tables);
  const lastId =
    ctx.db
      .select({ id: max(table.id) })
      .from(table as SQLiteTable)
      .get()?.id ?? 0;
  const before = tables.get(name);
  const rowsAfter = (from: number) =>
    ctx.db
      .select({ n: count() })
      .from(table as SQLiteTable)
      .where(and(gt(table.id, from), lte(table.id, lastId)))
      .get()?.n ?? 0;
  const total = !before || lastId < before.lastId ? rowsAfter(0) : before.total + rowsAfter(before.lastId);
  tables.set(name, { lastId, total });
  return total;
}

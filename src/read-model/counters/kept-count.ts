import type { Database } from "bun:sqlite";
import { getTableName } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * A counter table kept true by triggers: one row per value of a column of `rows`, holding how many rows
 * have that value. The triggers add one on insert, move one on an update of the column and take one off
 * on delete, so a value whose rows are all gone keeps a row at zero.
 */
export interface KeptCountShape {
  /** The counter table and its two columns. */
  counter: SQLiteTable;
  key: SQLiteColumn;
  count: SQLiteColumn;
  /** The table counted, and the column it is counted by. */
  rows: SQLiteTable;
  by: SQLiteColumn;
  /** Where the counter's triggers are, and which writes fire them: what keeps the count true. */
  keptBy: { migration: string; triggers: string[]; writes: string };
}

export interface KeptCount extends KeptCountShape {
  name: string;
  /** The counter's rows as they would be counted from scratch now. */
  recount(sqlite: Database): Array<{ key: unknown; count: number }>;
  /** The counter's rows as the triggers kept them, zeros left out. */
  kept(sqlite: Database): Array<{ key: unknown; count: number }>;
  /** Counts again from scratch, in place of what the triggers kept (a repair; the triggers go on from there). */
  rebuild(sqlite: Database): void;
}

export function keptCount(shape: KeptCountShape): KeptCount {
  const name = getTableName(shape.counter);
  const rows = getTableName(shape.rows);
  const counted = `SELECT "${shape.by.name}" AS key, count(*) AS count FROM "${rows}" GROUP BY "${shape.by.name}" ORDER BY key`;
  return {
    ...shape,
    name,
    recount: (sqlite) => sqlite.query<{ key: unknown; count: number }, []>(counted).all(),
    kept: (sqlite) =>
      sqlite
        .query<{ key: unknown; count: number }, []>(
          `SELECT "${shape.key.name}" AS key, "${shape.count.name}" AS count FROM "${name}" WHERE "${shape.count.name}" <> 0 ORDER BY key`,
        )
        .all(),
    rebuild: (sqlite) =>
      sqlite.transaction(() => {
        sqlite.run(`DELETE FROM "${name}"`);
        sqlite.run(`INSERT INTO "${name}" ("${shape.key.name}", "${shape.count.name}") ${counted}`);
      })(),
  };
}

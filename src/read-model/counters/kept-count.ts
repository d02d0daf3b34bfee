import { getTableName, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { writeTransaction } from "../../db/transaction";

/**
 * A counter table kept true by triggers: one row per value of a column of `rows` (of those `only` admits,
 * when given), holding how many rows have that value. The triggers add one on insert, move one on an
 * update of the column and take one off on delete, so a value whose rows are all gone keeps a row at zero.
 */
export interface KeptCountShape {
  /** The counter table and its two columns. */
  counter: SQLiteTable;
  key: SQLiteColumn;
  count: SQLiteColumn;
  /** The table counted, and the column it is counted by. */
  rows: SQLiteTable;
  by: SQLiteColumn;
  /** Which rows count, when not all of them do. */
  only?: SQL;
  /** Where the counter's triggers are, and which writes fire them: what keeps the count true. */
  keptBy: { migration: string; triggers: string[]; writes: string };
}

export interface KeptCount extends KeptCountShape {
  name: string;
  /** The counter's rows as they would be counted from scratch now. */
  recount(db: Db): CountRow[];
  /** The counter's rows as the triggers kept them, zeros left out. */
  kept(db: Db): CountRow[];
  /** Counts again from scratch, in place of what the triggers kept (a repair; the triggers go on from there). */
  rebuild(db: Db): void;
}

export interface CountRow {
  key: unknown;
  count: number;
}

export function keptCount(shape: KeptCountShape): KeptCount {
  const { counter, key, count, rows, by, only } = shape;
  const counted = sql`SELECT ${by} AS key, count(*) AS count FROM ${rows} ${only === undefined ? sql`` : sql`WHERE ${only}`}
    GROUP BY ${by} ORDER BY key`;
  return {
    ...shape,
    name: getTableName(counter),
    recount: (db) => db.all<CountRow>(counted),
    kept: (db) =>
      db.all<CountRow>(sql`SELECT ${key} AS key, ${count} AS count FROM ${counter} WHERE ${count} <> 0 ORDER BY key`),
    rebuild: (db) =>
      writeTransaction(db, (tx) => {
        tx.delete(counter).run();
        tx.run(sql`INSERT INTO ${counter} (${sql.identifier(key.name)}, ${sql.identifier(count.name)}) ${counted}`);
      }),
  };
}

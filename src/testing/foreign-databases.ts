import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "../db/client";
import { embeddedMigrations } from "../db/migrations";
import * as schema from "../db/schema";

/**
 * A SQLite file holding only drizzle's migrations table, with `hashes` as its history: what a restore
 * must refuse whether the history is foreign or copied from PrestaLab's, since no table of ours is there.
 */
export function hollowDatabase(file: string, hashes: string[] = ["abc"]): string {
  const sqlite = new Database(file);
  sqlite.exec("CREATE TABLE __drizzle_migrations (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, created_at NUMERIC)");
  const record = sqlite.query("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, 1)");
  for (const hash of hashes) record.run(hash);
  sqlite.close();
  return file;
}

/** Turns a PrestaLab database into one from the version before: its last migration is forgotten. */
export function forgetLastMigration(file: string): void {
  const sqlite = new Database(file);
  sqlite.exec("DELETE FROM __drizzle_migrations WHERE id = (SELECT max(id) FROM __drizzle_migrations)");
  sqlite.close();
}

/** How many migrations come before the first whose SQL mentions `marker`: an older version's schema. */
export function migrationsBefore(marker: string): number {
  return embeddedMigrations().findIndex((migration) => migration.sql.join("").includes(marker));
}

/**
 * Writes `file` as an older PrestaLab left it: only its first `count` migrations applied, holding the
 * rows `insertRows` (SQL) adds. Opening it afterwards runs the later migrations over those rows.
 */
export function olderDatabase(file: string, count: number, insertRows: string): string {
  const sqlite = new Database(file);
  migrate(drizzle({ client: sqlite, schema }), embeddedMigrations().slice(0, count));
  sqlite.exec(insertRows);
  sqlite.close();
  return file;
}

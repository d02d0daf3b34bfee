import { Database } from "bun:sqlite";

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

import { Database } from "bun:sqlite";
import { chmodSync, copyFileSync, existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { embeddedMigrations, migrationSql } from "./migrations";

/** Backups hold every email and password hash: only the owner may read them. */
const PRIVATE = 0o600;

/**
 * A consistent copy of the live database, taken with VACUUM INTO (safe while the server writes). The
 * empty target is created first with mode 0600 (and must not exist, unless `replace` is asked for):
 * VACUUM INTO then fills it.
 */
export function backupDatabase(sqlite: Database, target: string, { replace = false } = {}): void {
  // A replaced backup is written beside it first and renamed over it: the old copy stays whole until the
  // new one is.
  const written = replace ? `${target}.${process.pid}.tmp` : target;
  try {
    writeFileSync(written, "", { mode: PRIVATE, flag: "wx" });
  } catch (error) {
    if ((error as { code?: string }).code === "EEXIST")
      throw new Error(`Il file ${target} esiste già: scegli un altro nome, oppure aggiungi --force per sostituirlo`);
    throw error;
  }
  chmodSync(written, PRIVATE);
  try {
    sqlite.query("VACUUM INTO ?").run(written);
    if (replace) renameSync(written, target);
  } catch (error) {
    rmSync(written, { force: true });
    throw error;
  }
}

/**
 * The live database opened only to read it, for `prestalab backup` beside a running server: it never
 * migrates nor writes, so it can never take the write lock from the server's own writes.
 */
export function openForBackup(file: string): Database {
  if (!existsSync(file)) throw new Error(`Nessun database in ${file}`);
  const sqlite = new Database(file, { readonly: true });
  sqlite.exec("PRAGMA busy_timeout = 5000");
  return sqlite;
}

/** The tables the given migrations create (and do not drop again). */
function tablesCreatedBy(tags: string[]): string[] {
  const tables = new Set<string>();
  for (const tag of tags) {
    const sql = migrationSql[tag] ?? "";
    for (const [, name] of sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?[`"]?(\w+)[`"]?/gi))
      tables.add(name as string);
    for (const [, name] of sql.matchAll(/DROP TABLE [`"]?(\w+)[`"]?/gi)) tables.delete(name as string);
  }
  return [...tables].filter((name) => !name.startsWith("__new_"));
}

/**
 * Checks that a file is an intact PrestaLab database this version can open: integrity, migration
 * history equal to (or a prefix of: an older backup, migrated on the next start) the embedded
 * migrations, and every table those migrations create. Returns its problem or null.
 */
export function backupProblem(file: string): string | null {
  if (!existsSync(file)) return `File non trovato: ${file}`;
  const notPrestaLab = "Il file non è un database PrestaLab";
  let candidate: Database | undefined;
  try {
    candidate = new Database(file, { readonly: true });
    const integrity = candidate.query("PRAGMA integrity_check").get() as { integrity_check: string };
    if (integrity.integrity_check !== "ok") return `Il file è danneggiato: ${integrity.integrity_check}`;
    const tableNames = new Set(
      (candidate.query("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map(
        (row) => row.name,
      ),
    );
    if (!tableNames.has("__drizzle_migrations")) return notPrestaLab;
    const applied = (
      candidate.query("SELECT hash FROM __drizzle_migrations ORDER BY id").all() as Array<{ hash: string }>
    ).map((row) => row.hash);
    const embedded = embeddedMigrations();
    if (applied.length === 0) return notPrestaLab;
    if (applied.length > embedded.length && applied.slice(0, embedded.length).every((h, i) => h === embedded[i]?.hash))
      return "Il backup viene da una versione più recente di PrestaLab: aggiorna il programma prima di ripristinarlo";
    if (applied.some((hash, index) => hash !== embedded[index]?.hash))
      return `${notPrestaLab}: la sua storia delle migrazioni non è quella di PrestaLab`;
    const tags = Object.keys(migrationSql).sort().slice(0, applied.length);
    const missing = tablesCreatedBy(tags).filter((name) => !tableNames.has(name));
    if (missing.length > 0) return `${notPrestaLab}: mancano le tabelle ${missing.join(", ")}`;
    return null;
  } catch {
    return "Il file non è un database SQLite valido";
  } finally {
    candidate?.close();
  }
}

/** Puts a validated backup in place of the database file; the previous file is kept beside it (0600). */
export function restoreDatabase(backupFile: string, databaseFile: string, stamp: string): string | null {
  let previous: string | null = null;
  if (existsSync(databaseFile)) {
    previous = `${databaseFile}.before-restore-${stamp}`;
    renameSync(databaseFile, previous);
    chmodSync(previous, PRIVATE);
  }
  for (const suffix of ["-wal", "-shm"]) rmSync(databaseFile + suffix, { force: true });
  copyFileSync(backupFile, databaseFile);
  chmodSync(databaseFile, PRIVATE);
  return previous;
}

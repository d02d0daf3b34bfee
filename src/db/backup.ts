import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, renameSync, rmSync } from "node:fs";
import { appliedMigrationCount } from "./client";
import { embeddedMigrations } from "./migrations";

/** A consistent copy of the live database, taken with VACUUM INTO (safe while the server writes). */
export function backupDatabase(sqlite: Database, target: string): void {
  if (existsSync(target)) throw new Error(`Il file ${target} esiste già: scegli un altro nome`);
  sqlite.query("VACUUM INTO ?").run(target);
}

/** Checks that a file is an intact PrestaLab database this version can open. Returns its problem or null. */
export function backupProblem(file: string): string | null {
  if (!existsSync(file)) return `File non trovato: ${file}`;
  let candidate: Database | undefined;
  try {
    candidate = new Database(file, { readonly: true });
    const integrity = candidate.query("PRAGMA integrity_check").get() as { integrity_check: string };
    if (integrity.integrity_check !== "ok") return `Il file è danneggiato: ${integrity.integrity_check}`;
    const applied = appliedMigrationCount(candidate);
    if (applied === 0) return "Il file non è un database PrestaLab";
    if (applied > embeddedMigrations().length)
      return "Il backup viene da una versione più recente di PrestaLab: aggiorna il programma prima di ripristinarlo";
    return null;
  } catch {
    return "Il file non è un database SQLite valido";
  } finally {
    candidate?.close();
  }
}

/** Puts a validated backup in place of the database file; the previous file is kept beside it. */
export function restoreDatabase(backupFile: string, databaseFile: string, stamp: string): string | null {
  let previous: string | null = null;
  if (existsSync(databaseFile)) {
    previous = `${databaseFile}.before-restore-${stamp}`;
    renameSync(databaseFile, previous);
  }
  for (const suffix of ["-wal", "-shm"]) rmSync(databaseFile + suffix, { force: true });
  copyFileSync(backupFile, databaseFile);
  return previous;
}

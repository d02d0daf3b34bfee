import { Database, type Statement } from "bun:sqlite";
import { chmodSync, existsSync, writeFileSync } from "node:fs";
import { type BunSQLiteDatabase, drizzle } from "drizzle-orm/bun-sqlite";
import { textKey } from "../domain/text-key";
import { embeddedMigrations } from "./migrations";
import * as schema from "./schema";

export type Db = BunSQLiteDatabase<typeof schema>;

export interface DatabaseHandle {
  sqlite: Database;
  db: Db;
}

/** Opens (or creates) the database file with the pragmas PrestaLab relies on, and migrates it. */
export function openDatabase(file: string): DatabaseHandle {
  if (file !== ":memory:") keepPrivate(file);
  const handle = connectDatabase(file);
  withoutMapping(handle.sqlite, () => {
    migrate(handle.db);
    refreshTextKeys(handle.sqlite);
  });
  return handle;
}

/** The database holds every email and password hash: only the owner may read it, as its backups. */
const PRIVATE = 0o600;

/**
 * Creates the database file with mode 0600 before SQLite opens it (SQLite then gives its -wal and -shm
 * files the same mode), and narrows an older file, and any -wal/-shm left beside it, to 0600 too.
 */
function keepPrivate(file: string): void {
  writeFileSync(file, "", { mode: PRIVATE, flag: "a" });
  for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) chmodSync(path, PRIVATE);
}

/** How much of the database file is read through memory mapping: more than a large academy's file. */
const MAPPED_BYTES = 2 ** 31;

/**
 * Runs `work` with the connection reading through SQLite's own page cache instead of the memory map, and
 * leaves the map empty afterwards. For the work that reads scattered rows once in a while (the start's
 * checks, the scheduled jobs): every page read through the map stays in the server's resident memory
 * with its neighbours (the kernel maps 64 kB around each), about 20 MB at start for rows no screen shows.
 */
export function withoutMapping<T>(sqlite: Database, work: () => T): T {
  if (sqlite.filename === ":memory:") return work();
  sqlite.exec("PRAGMA mmap_size = 0");
  try {
    return work();
  } finally {
    sqlite.exec(`PRAGMA mmap_size = ${MAPPED_BYTES}`);
  }
}

/**
 * A further connection to a database the server has already opened and migrated (a worker's own):
 * the same pragmas, nothing else.
 */
export function connectDatabase(file: string): DatabaseHandle {
  const sqlite = new Database(file, { create: true, strict: true });
  if (file !== ":memory:") {
    sqlite.exec("PRAGMA journal_mode = WAL");
    // Reads come straight from the operating system's cache of the file, shared by every connection of
    // the process (the list readers' too), instead of being copied into each connection's small page
    // cache: at five times the default academy the alerts' reads took 8 ms instead of 3.5 ms.
    sqlite.exec(`PRAGMA mmap_size = ${MAPPED_BYTES}`);
  }
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  const db = drizzle({ client: reusingStatements(sqlite), schema });
  // Code that reaches for the connection itself (the item journal) finds the real one.
  Object.assign(db, { $client: sqlite });
  return { sqlite, db };
}

/**
 * How many compiled statements a connection keeps: the few hundred texts the server runs, with a bound for
 * the texts that vary with the length of a list of ids.
 */
const KEPT_STATEMENTS = 500;

/**
 * The connection as drizzle sees it, compiling each distinct SQL text once. drizzle prepares every query
 * anew, and SQLite's compiling then took a fifth of a set's booking, approval and return (CPU profile);
 * bun's own cache (`query`) stops at 20 texts. drizzle runs a statement to its end before the next one
 * (no open iterators), so sharing one is safe. Past the bound a text is compiled each time, as drizzle
 * alone does. Closing the connection finalizes what it kept first: SQLite closes a connection only once
 * its statements are gone, and only then checkpoints the WAL into the file.
 */
function reusingStatements(sqlite: Database): Database {
  const compiled = new Map<string, Statement>();
  const close = sqlite.close.bind(sqlite);
  sqlite.close = (throwOnError?: boolean) => {
    for (const statement of compiled.values()) statement.finalize();
    compiled.clear();
    close(throwOnError);
  };
  const prepare = (sql: string) => {
    const known = compiled.get(sql);
    if (known) return known;
    const statement = sqlite.prepare(sql);
    if (compiled.size < KEPT_STATEMENTS) compiled.set(sql, statement);
    return statement;
  };
  // Only what drizzle's bun-sqlite session calls: prepare, exec and transaction.
  const client = { prepare, exec: (sql: string) => sqlite.exec(sql) } as Record<string, unknown>;
  client.transaction = sqlite.transaction.bind(sqlite);
  return client as unknown as Database;
}

/**
 * Migration 0003 filled the new key columns with SQLite's ASCII-only lower(); rows whose text holds any
 * other character get textKey's value here (a no-op once done). Should two old rows now share a key,
 * the first keeps it and the later keeps the ASCII one, so the start never fails on old data.
 */
function refreshTextKeys(sqlite: Database): void {
  const nonAscii = "GLOB '*[^ -~]*'";
  const targets = [
    { table: "unita", text: "codice_univoco", key: "codice_chiave" },
    { table: "users", text: "username", key: "username_chiave" },
  ];
  for (const { table, text, key } of targets) {
    const rows = sqlite
      .query(`SELECT id, ${text} AS text, ${key} AS key FROM ${table} WHERE ${text} ${nonAscii}`)
      .all() as Array<{
      id: number;
      text: string;
      key: string;
    }>;
    const update = sqlite.query(`UPDATE OR IGNORE ${table} SET ${key} = ? WHERE id = ?`);
    for (const row of rows) if (row.key !== textKey(row.text)) update.run(textKey(row.text), row.id);
  }
}

/** Applies `migrations` (all of them unless told: tests stop early to build an older version's database). */
export function migrate(db: Db, migrations = embeddedMigrations()): void {
  // drizzle keeps the applied-migration log in __drizzle_migrations, exactly as its own migrator does.
  const dialect = (db as unknown as { dialect: { migrate: (m: unknown, s: unknown, c: unknown) => void } }).dialect;
  const session = (db as unknown as { session: unknown }).session;
  dialect.migrate(migrations, session, { migrationsFolder: "" });
}

/** Number of migrations recorded as applied in a database (0 for a database that was never migrated). */
export function appliedMigrationCount(sqlite: Database): number {
  const table = sqlite
    .query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!table) return 0;
  return (sqlite.query("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n;
}

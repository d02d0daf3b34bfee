import { Database } from "bun:sqlite";
import { describe, expect, it } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { COURSES } from "../domain/courses";
import { olderDatabase } from "../testing/foreign-databases";
import { appliedMigrationCount, migrate, openDatabase } from "./client";
import { embeddedMigrations, latestMigration, migrationSql } from "./migrations";
import * as schema from "./schema";

const MIGRATIONS_DIR = join(import.meta.dir, "..", "..", "migrations");
const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
  entries: Array<{ idx: number; tag: string; when: number }>;
};
const sqlFiles = readdirSync(MIGRATIONS_DIR)
  .filter((name) => name.endsWith(".sql"))
  .sort();

describe("embedded migrations", () => {
  it("list exactly the migrations of drizzle-kit's journal, in order", () => {
    const tags = journal.entries.map((entry) => entry.tag);
    expect(Object.keys(migrationSql).sort()).toEqual([...tags].sort());
    expect(journal.entries.map((entry) => entry.idx)).toEqual(tags.map((_, index) => index));
    expect(latestMigration?.tag).toBe(tags[tags.length - 1]);
    expect(embeddedMigrations()).toHaveLength(tags.length);
  });

  it("embed every migrations/*.sql file, each in the journal, with the same text as on disk", () => {
    expect(sqlFiles.map((name) => name.replace(/\.sql$/, ""))).toEqual(journal.entries.map((entry) => entry.tag));
    for (const file of sqlFiles) {
      const onDisk = readFileSync(join(MIGRATIONS_DIR, file), "utf8");
      expect(migrationSql[file.replace(/\.sql$/, "")]).toBe(onDisk);
    }
  });

  it("carry the same hash and timestamp drizzle's own migrator would record", () => {
    const embedded = embeddedMigrations();
    journal.entries.forEach((entry, index) => {
      const onDisk = readFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`), "utf8");
      expect(embedded[index]?.hash).toBe(createHash("sha256").update(onDisk).digest("hex"));
      expect(embedded[index]?.folderMillis).toBe(entry.when);
    });
  });
});

describe("a migrated database", () => {
  it("records every migration as applied, and migrating again changes nothing", () => {
    const { db, sqlite } = openDatabase(":memory:");
    expect(appliedMigrationCount(sqlite)).toBe(journal.entries.length);
    migrate(db);
    expect(appliedMigrationCount(sqlite)).toBe(journal.entries.length);
    expect(sqlite.query("SELECT count(*) AS n FROM corsi").get()).toEqual({ n: COURSES.length });
  });

  it("has every table and column of the drizzle schema", () => {
    const { sqlite } = openDatabase(":memory:");
    const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));
    expect(tables.length).toBeGreaterThan(10);
    for (const table of tables) {
      const config = getTableConfig(table);
      const columns = (sqlite.query(`PRAGMA table_info(${config.name})`).all() as Array<{ name: string }>).map(
        (column) => column.name,
      );
      expect(columns.sort()).toEqual(config.columns.map((column) => column.name).sort());
    }
  });

  it("declares in the drizzle schema every table the migrations make, counters and search indexes included", () => {
    const { sqlite } = openDatabase(":memory:");
    const declared = (Object.values(schema) as unknown[])
      .filter((value): value is SQLiteTable => is(value, SQLiteTable))
      .map((table) => getTableConfig(table).name);
    // SQLite's own tables, drizzle's bookkeeping, and the tables FTS5 keeps behind each search index.
    const made = sqlite
      .query<{ name: string }, []>(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
           AND name <> '__drizzle_migrations' AND name NOT GLOB '*_fts_*'`,
      )
      .all()
      .map((row) => row.name);
    expect(made.length).toBe(47);
    expect(declared.sort()).toEqual(made.sort());
  });

  it("ships the academy's fixed list of courses", () => {
    const { sqlite } = openDatabase(":memory:");
    const names = (sqlite.query("SELECT nome FROM corsi ORDER BY nome").all() as Array<{ nome: string }>).map(
      (row) => row.nome,
    );
    expect(names).toEqual([...COURSES].sort());
  });

  it("keys the codes and usernames of a database from before the key columns by Unicode rules", () => {
    const dir = mkdtempSync(join(tmpdir(), "prestalab-keys-"));
    const file = join(dir, "old.db");
    try {
      olderDatabase(
        file,
        3,
        `INSERT INTO inventario (nome, data_aggiunta) VALUES ('Caméra', '2026-01-01');
        INSERT INTO unita (inventario_id, codice_univoco) VALUES (1, 'CAMÉRA_001'), (1, 'TRIPOD_002');
        INSERT INTO users (email, username, password_hash, name, surname, created_at)
          VALUES ('e@accademia.it', 'Élodie', 'x', 'E', 'L', '2026-01-01')`,
      );
      const { sqlite } = openDatabase(file);
      expect(sqlite.query("SELECT codice_chiave AS key FROM unita ORDER BY id").all()).toEqual([
        { key: "caméra_001" },
        { key: "tripod_002" },
      ]);
      expect(sqlite.query("SELECT username_chiave AS key FROM users").get()).toEqual({ key: "élodie" });
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("counts zero migrations in a database PrestaLab never touched", () => {
    expect(appliedMigrationCount(new Database(":memory:"))).toBe(0);
  });
});

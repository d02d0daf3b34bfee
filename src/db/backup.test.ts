import { Database } from "bun:sqlite";
import { afterAll, describe, expect, it } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { forgetLastMigration, hollowDatabase } from "../testing/foreign-databases";
import { backupDatabase, backupProblem, restoreDatabase } from "./backup";
import { openDatabase } from "./client";
import { embeddedMigrations } from "./migrations";
import { users } from "./schema";

const dir = mkdtempSync(join(tmpdir(), "prestalab-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileCounter = 0;
const fresh = (name: string) => join(dir, `${++fileCounter}-${name}`);

function liveDatabase(email = "giulia@accademia.it") {
  const handle = openDatabase(fresh("prestalab.db"));
  handle.db
    .insert(users)
    .values({ email, passwordHash: "x", name: "Giulia", surname: "Rossi", createdAt: "2026-03-10T09:00:00Z" })
    .run();
  return handle;
}

describe("backupDatabase", () => {
  it("writes a consistent copy that opens with integrity_check ok and holds the data", () => {
    const { sqlite } = liveDatabase();
    const target = fresh("copia.db");
    backupDatabase(sqlite, target);
    const copy = new Database(target, { readonly: true });
    expect(copy.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    expect(copy.query("SELECT email FROM users").all()).toEqual([{ email: "giulia@accademia.it" }]);
    copy.close();
    sqlite.close();
  });

  it("includes writes not yet checkpointed from the WAL", () => {
    const { sqlite, db } = liveDatabase();
    db.insert(users)
      .values({ email: "marco@accademia.it", passwordHash: "x", name: "M", surname: "B", createdAt: "2026-03-10" })
      .run();
    const target = fresh("copia.db");
    backupDatabase(sqlite, target);
    const copy = new Database(target, { readonly: true });
    expect(copy.query("SELECT count(*) AS n FROM users").get()).toEqual({ n: 2 });
    copy.close();
    sqlite.close();
  });

  it("creates the copy readable by its owner only (mode 0600)", () => {
    const { sqlite } = liveDatabase();
    const target = fresh("privata.db");
    backupDatabase(sqlite, target);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    sqlite.close();
  });

  it("refuses to overwrite an existing file", () => {
    const { sqlite } = liveDatabase();
    const target = fresh("esistente.db");
    writeFileSync(target, "da non perdere");
    expect(() => backupDatabase(sqlite, target)).toThrow(/esiste già/);
    expect(readFileSync(target, "utf8")).toBe("da non perdere");
    sqlite.close();
  });
});

describe("backupProblem", () => {
  it("accepts a real PrestaLab backup", () => {
    const { sqlite } = liveDatabase();
    const target = fresh("copia.db");
    backupDatabase(sqlite, target);
    expect(backupProblem(target)).toBeNull();
    sqlite.close();
  });

  it("refuses a missing file", () => {
    expect(backupProblem(join(dir, "non-esiste.db"))).toMatch(/^File non trovato/);
  });

  it("refuses a file that is not SQLite at all", () => {
    const junk = fresh("foto.jpg");
    writeFileSync(junk, Buffer.from("\xff\xd8\xff\xe0 non un database ".repeat(200), "latin1"));
    expect(backupProblem(junk)).toBe("Il file non è un database SQLite valido");
  });

  it("refuses an empty file and a SQLite database of another program", () => {
    const empty = fresh("vuoto.db");
    writeFileSync(empty, "");
    expect(backupProblem(empty)).toBe("Il file non è un database PrestaLab");
    const foreign = fresh("altro.db");
    const other = new Database(foreign);
    other.exec("CREATE TABLE ricette (id INTEGER PRIMARY KEY, nome TEXT)");
    other.close();
    expect(backupProblem(foreign)).toBe("Il file non è un database PrestaLab");
  });

  it("refuses a file holding only a migrations table, whether its history is foreign or PrestaLab's", () => {
    const hollow = hollowDatabase(fresh("vuoto-finto.db"));
    expect(backupProblem(hollow)).toBe(
      "Il file non è un database PrestaLab: la sua storia delle migrazioni non è quella di PrestaLab",
    );
    const copied = hollowDatabase(
      fresh("storia-copiata.db"),
      embeddedMigrations().map((migration) => migration.hash),
    );
    expect(backupProblem(copied)).toMatch(/^Il file non è un database PrestaLab: mancano le tabelle .*users/);
  });

  it("accepts an older PrestaLab backup, which the next start migrates", () => {
    const { sqlite } = liveDatabase();
    const target = fresh("vecchio.db");
    backupDatabase(sqlite, target);
    sqlite.close();
    forgetLastMigration(target);
    expect(backupProblem(target)).toBeNull();
  });

  it("refuses a backup from a newer PrestaLab", () => {
    const { sqlite } = liveDatabase();
    sqlite.exec("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('futura', 9999999999999)");
    const target = fresh("futuro.db");
    backupDatabase(sqlite, target);
    expect(backupProblem(target)).toMatch(/versione più recente/);
    sqlite.close();
  });
});

describe("restoreDatabase", () => {
  it("puts the backup in place and keeps the previous database beside it", () => {
    const before = liveDatabase("prima@accademia.it");
    const backupFile = fresh("copia.db");
    backupDatabase(before.sqlite, backupFile);
    before.db
      .insert(users)
      .values({ email: "dopo@accademia.it", passwordHash: "x", name: "D", surname: "P", createdAt: "2026-03-11" })
      .run();
    const databaseFile = before.sqlite.filename;
    before.sqlite.close();
    const previous = restoreDatabase(backupFile, databaseFile, "2026-03-11T10-00-00-000Z");
    expect(previous).toBe(`${databaseFile}.before-restore-2026-03-11T10-00-00-000Z`);
    expect(existsSync(previous as string)).toBe(true);
    for (const file of [databaseFile, previous as string]) expect(statSync(file).mode & 0o777).toBe(0o600);
    const restored = openDatabase(databaseFile);
    expect(restored.db.select({ email: users.email }).from(users).all()).toEqual([{ email: "prima@accademia.it" }]);
    restored.sqlite.close();
  });
});

import { afterAll, describe, expect, it, spyOn } from "bun:test";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { textKey } from "../domain/text-key";
import { openDatabase, withoutMapping } from "./client";
import { prestiti, users } from "./schema";

const dir = mkdtempSync(join(tmpdir(), "prestalab-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("openDatabase", () => {
  it("turns foreign keys on, in memory and on disk", () => {
    for (const file of [":memory:", join(dir, "chiavi.db")]) {
      const { sqlite } = openDatabase(file);
      expect(sqlite.query("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
      sqlite.close();
    }
  });

  it("refuses a loan that points to an item that does not exist", () => {
    const { db } = openDatabase(":memory:");
    expect(() =>
      db
        .insert(prestiti)
        .values({
          chi: "Nessuno",
          inventarioId: 999,
          dataUscita: "2026-03-10",
          dataRientro: "2026-03-12",
          createdAt: "2026-03-10T09:00:00.000Z",
        })
        .run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it("keeps a file database in WAL mode with a busy timeout, and reopens it without migrating twice", () => {
    const file = join(dir, "prestalab.db");
    const first = openDatabase(file);
    expect(first.sqlite.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(first.sqlite.query("PRAGMA busy_timeout").get()).toEqual({ timeout: 5000 });
    first.db
      .insert(users)
      .values({ email: "a@accademia.it", passwordHash: "x", name: "A", surname: "B", createdAt: "2026-03-10" })
      .run();
    first.sqlite.close();
    const second = openDatabase(file);
    expect(second.db.select().from(users).all()).toHaveLength(1);
    second.sqlite.close();
  });

  it("creates the file, its -wal and its -shm readable by the owner only, and narrows an older file", () => {
    const file = join(dir, "privato.db");
    const modeOf = (path: string) => statSync(path).mode & 0o777;
    const created = openDatabase(file);
    expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual([0o600, 0o600, 0o600]);
    created.sqlite.close();
    const older = join(dir, "vecchio.db");
    writeFileSync(older, "");
    chmodSync(older, 0o644);
    openDatabase(older).sqlite.close();
    expect(modeOf(older)).toBe(0o600);
  });

  it("enforces unique emails and usernames unique by their Unicode key in the schema itself", () => {
    const { db } = openDatabase(":memory:");
    const row = { passwordHash: "x", name: "A", surname: "B", createdAt: "2026-03-10" };
    db.insert(users)
      .values({ ...row, email: "a@accademia.it", username: "Élodie", usernameChiave: textKey("Élodie") })
      .run();
    expect(() =>
      db
        .insert(users)
        .values({ ...row, email: "a@accademia.it" })
        .run(),
    ).toThrow(/UNIQUE/);
    expect(() =>
      db
        .insert(users)
        .values({ ...row, email: "b@accademia.it", username: "ÉLODIE", usernameChiave: textKey("ÉLODIE") })
        .run(),
    ).toThrow(/UNIQUE/);
  });
});

/** How much of `file` this process holds mapped in resident memory, in kB (Linux's own accounting). */
function residentKbOf(file: string): number {
  let mapping = "";
  let kb = 0;
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) mapping = line.split(/\s+/)[5] ?? "";
    else if (line.startsWith("Rss:") && mapping === file) kb += Number(line.split(/\s+/)[1]);
  }
  return kb;
}

describe("withoutMapping", () => {
  it("reads through SQLite's page cache, leaves nothing of the file in resident memory, then maps again", () => {
    const file = join(dir, "mappa.db");
    const { sqlite } = openDatabase(file);
    sqlite.exec("CREATE TABLE righe (testo TEXT)");
    sqlite
      .query(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000) INSERT INTO righe SELECT hex(randomblob(500)) FROM n",
      )
      .run();
    sqlite.query("SELECT count(testo) FROM righe").get();
    expect(residentKbOf(file)).toBeGreaterThan(1000);

    const counted = withoutMapping(sqlite, () => sqlite.query("SELECT count(testo) AS n FROM righe").get());
    expect(counted).toEqual({ n: 4000 });
    expect(residentKbOf(file)).toBe(0);
    sqlite.query("SELECT count(testo) FROM righe").get();
    expect(residentKbOf(file)).toBeGreaterThan(1000);
    sqlite.close();
  });
});

describe("the statements drizzle runs", () => {
  it("are compiled once per SQL text, however often a query runs", () => {
    const { sqlite, db } = openDatabase(":memory:");
    const compiledBefore = spyOn(sqlite, "prepare");
    for (let run = 0; run < 5; run++) db.select({ id: users.id }).from(users).where(eq(users.id, run)).all();
    expect(compiledBefore).toHaveBeenCalledTimes(1);
    compiledBefore.mockRestore();
    sqlite.close();
  });

  it("are let go when the connection closes, so that SQLite closes it and folds the WAL into the file", () => {
    const file = join(dir, "chiusura.db");
    const { sqlite, db } = openDatabase(file);
    db.select({ id: users.id }).from(users).all();
    sqlite.close();
    expect(() => db.select({ id: users.id }).from(users).all()).toThrow();
    expect(statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0).toBe(0);
  });
});

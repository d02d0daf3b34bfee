import { Database } from "bun:sqlite";
import { describe, expect, it } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nextMessage } from "../testing/worker-messages";
import { openDatabase } from "./client";

type WorkerReport = { read: number } | { committed: true } | { failed: string };

describe("write transactions", () => {
  it("hold the write lock from their first read, so another connection's write waits instead of breaking them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "prestalab-tx-"));
    const file = join(dir, "prestalab.db");
    const { sqlite } = openDatabase(file);
    sqlite.exec("CREATE TABLE tally (n INTEGER NOT NULL); INSERT INTO tally VALUES (0)");
    const other = new Database(file);
    // The other writer (a second process, `prestalab backup` migrating) asks once instead of waiting,
    // so the test sees at once whether it could slip in between the worker's read and its write.
    other.exec("PRAGMA busy_timeout = 0");
    const worker = new Worker(new URL("./transaction-worker.ts", import.meta.url).href);
    const gate = new Int32Array(new SharedArrayBuffer(4));
    try {
      const read = nextMessage<WorkerReport>(worker);
      worker.postMessage({ file, gate });
      expect(await read).toEqual({ read: 0 });

      let slippedIn = true;
      try {
        other.exec("UPDATE tally SET n = n + 1");
      } catch (error) {
        expect((error as { code?: string }).code).toBe("SQLITE_BUSY");
        slippedIn = false;
      }
      const outcome = nextMessage<WorkerReport>(worker);
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
      expect(await outcome).toEqual({ committed: true });
      expect(slippedIn).toBe(false);
      other.exec("UPDATE tally SET n = n + 1");
      expect(sqlite.query("SELECT n FROM tally").get()).toEqual({ n: 2 });
    } finally {
      worker.terminate();
      other.close();
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("all go through writeTransaction (BEGIN IMMEDIATE): no module opens a transaction of its own", () => {
    const root = join(import.meta.dir, "..");
    const offenders: string[] = [];
    for (const path of readdirSync(root, { recursive: true }) as string[]) {
      if (!path.endsWith(".ts") || path.endsWith(".test.ts") || path === join("db", "transaction.ts")) continue;
      if (/\.transaction\(/.test(readFileSync(join(root, path), "utf8"))) offenders.push(path);
    }
    expect(offenders).toEqual([]);
  });
});

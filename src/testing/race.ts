import { expect } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestClient, createTestContext, type Json, type TestClient } from "./harness";
import { TODAY } from "./loan-fixtures";
import { nextMessage } from "./worker-messages";

/** The moment every race test, and each of its threads, is set at. */
const RACE_NOW = `${TODAY}T09:00:00Z`;

/** One call made from its own thread and its own SQLite connection (see any-unit-worker.ts). */
export interface RaceMove {
  token: string | undefined;
  body: Record<string, unknown>;
  path?: string;
  method?: "POST" | "PUT" | "DELETE";
}

export interface RaceAnswer {
  status: number;
  body: Json;
}

type WorkerReport = { ready: true } | RaceAnswer;

/**
 * Runs `test` against a database in a file of its own, which threads can open a second connection to,
 * and removes it afterwards.
 */
export async function withFileDatabase(name: string, test: (client: TestClient, file: string) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), `prestalab-${name}-`));
  const file = join(dir, "prestalab.db");
  const client = createTestClient(createTestContext(new Date(RACE_NOW), file));
  try {
    await test(client, file);
  } finally {
    client.ctx.sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Makes every move from its own thread and connection to `file`, released at the same moment once all the
 * threads are ready, and returns their answers in the order of the moves.
 */
export async function raceAtOnce(file: string, moves: RaceMove[]): Promise<RaceAnswer[]> {
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const workers = moves.map(() => new Worker(new URL("./any-unit-worker.ts", import.meta.url).href));
  try {
    const ready = workers.map((worker, index) => {
      const report = nextMessage<WorkerReport>(worker);
      worker.postMessage({ file, now: RACE_NOW, gate, ...moves[index] });
      return report;
    });
    expect(await Promise.all(ready)).toEqual(moves.map(() => ({ ready: true })));
    const answers = workers.map((worker) => nextMessage<RaceAnswer>(worker));
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    return await Promise.all(answers);
  } finally {
    for (const worker of workers) worker.terminate();
  }
}

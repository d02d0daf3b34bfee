import { type Clock, createClock } from "./clock";
import type { AppContext } from "./context";
import { backupDatabase } from "./db/backup";
import { connectDatabase, type DatabaseHandle } from "./db/client";
import { exportInventory } from "./modules/excel/service";
import { workerAddress } from "./worker-address";

/**
 * Reads of the whole database run on a thread of their own (src/read-worker.ts), on its own connection:
 * at five times the default size the inventory export took 4.1 s and a backup 3.7 s of the server's only
 * thread, during which nobody else got an answer. An in-memory database cannot be shared with another
 * thread, so there (tests only) the same read runs on the server's connection.
 */
export type ReadTask = { kind: "backup"; target: string } | { kind: "inventory-export" };

/** What the worker is told: the task, the database file and the academy's clock. */
export interface ReadWorkerTask {
  task: ReadTask;
  file: string;
  clock: { timeZone: string; now: string };
}

export type ReadWorkerAnswer = { done: true } | { spreadsheet: Uint8Array<ArrayBuffer> } | { failed: string };

/** The read itself, on whichever connection it is given. */
export async function runRead(handle: DatabaseHandle, clock: Clock, task: ReadTask): Promise<ReadWorkerAnswer> {
  if (task.kind === "backup") {
    backupDatabase(handle.sqlite, task.target);
    return { done: true };
  }
  return { spreadsheet: new Uint8Array(await exportInventory({ db: handle.db, clock })) };
}

function readInWorker(task: ReadWorkerTask): Promise<ReadWorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerAddress("read"));
    worker.onmessage = (event: MessageEvent<ReadWorkerAnswer>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(task);
  });
}

async function read(ctx: AppContext, task: ReadTask): Promise<ReadWorkerAnswer> {
  const answer =
    ctx.sqlite.filename === ":memory:"
      ? await runRead(ctx, ctx.clock, task)
      : await readInWorker({
          task,
          file: ctx.sqlite.filename,
          clock: { timeZone: ctx.clock.timeZone, now: ctx.clock.now().toISOString() },
        });
  if ("failed" in answer) throw new Error(answer.failed);
  return answer;
}

/** A consistent copy of the live database into `target` (VACUUM INTO), off the server's thread. */
export async function backupOffThread(ctx: AppContext, target: string): Promise<void> {
  await read(ctx, { kind: "backup", target });
}

/** The inventory spreadsheet, built off the server's thread. */
export async function inventoryExportOffThread(ctx: AppContext): Promise<Uint8Array<ArrayBuffer>> {
  const answer = await read(ctx, { kind: "inventory-export" });
  if (!("spreadsheet" in answer)) throw new Error("the read worker answered no spreadsheet");
  return answer.spreadsheet;
}

/** The worker's side: one task on a connection of its own. */
export async function readOnWorkerThread(task: ReadWorkerTask): Promise<ReadWorkerAnswer> {
  const handle = connectDatabase(task.file);
  try {
    return await runRead(
      handle,
      createClock({ timeZone: task.clock.timeZone, startAt: new Date(task.clock.now) }),
      task.task,
    );
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  } finally {
    handle.sqlite.close();
  }
}

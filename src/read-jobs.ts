import { type Clock, createClock } from "./clock";
import type { AppContext } from "./context";
import { backupDatabase } from "./db/backup";
import { connectDatabase, type DatabaseHandle } from "./db/client";
import { exportInventory } from "./modules/excel/service";
import { demandReport, loanPeriodOf, loanSpans, startDemandFigures } from "./modules/stats/demand";
import { demandCsv, demandWorkbook } from "./modules/stats/demand-export";
import type { DemandQuery } from "./modules/stats/demand-model";
import { workerAddress } from "./worker-address";

/**
 * Reads of the whole database run on a thread of their own (src/read-worker.ts), on its own connection:
 * at five times the default size the inventory export took 4.1 s and a backup 3.7 s of the server's only
 * thread, during which nobody else got an answer; the demand report over a year took 16 s there, and
 * even once fast, its sums and the encoding of its 2.4 MB of JSON take hundreds of milliseconds. An
 * in-memory database cannot be shared with another thread, so there (tests only) the same read runs on
 * the server's connection.
 */
export type ReadTask =
  | { kind: "backup"; target: string }
  | { kind: "inventory-export" }
  | { kind: "demand-report"; query: DemandQuery }
  | { kind: "demand-export"; query: DemandQuery; format: "csv" | "xlsx" }
  | { kind: "loan-spans"; query: DemandQuery };

/** The demand tasks, whose loans another worker reads meanwhile (`loanSpansPort`). */
type DemandTask = Extract<ReadTask, { kind: "demand-report" | "demand-export" }>;

/**
 * What the worker is told: the task, the database file and the academy's clock; for a demand task, the
 * port on which the loans' spans arrive from the worker reading them (null there if that read failed).
 */
export interface ReadWorkerTask {
  task: ReadTask;
  file: string;
  clock: { timeZone: string; now: string };
  loanSpansPort?: MessagePort;
}

export type ReadWorkerAnswer =
  | { done: true }
  | { spreadsheet: Uint8Array<ArrayBuffer> }
  | { gzippedJson: Uint8Array<ArrayBuffer> }
  | { spans: Int32Array<ArrayBuffer> }
  | { failed: string };

/**
 * gzip's level for the demand report: 1, the fastest: the answer is gzipped on every cache miss, and the
 * academy's network carries its few hundred kilobytes either way.
 */
const REPORT_GZIP_LEVEL = 1;

/**
 * The demand report of a task: the loans' spans come from `spansPort` when another worker reads them
 * meanwhile, else they are read here, after the rest.
 */
async function demandReportOf(handle: DatabaseHandle, clock: Clock, task: DemandTask, spansPort?: MessagePort) {
  const { period, finish } = startDemandFigures({ db: handle.db, clock }, task.query, null);
  const spans = spansPort ? await spansFrom(spansPort) : loanSpans(handle.db, period);
  return finish(spans).report;
}

function spansFrom(port: MessagePort): Promise<Int32Array> {
  return new Promise((resolve, reject) => {
    port.onmessage = (event: MessageEvent<Int32Array | null>) => {
      port.close();
      if (event.data) resolve(event.data);
      else reject(new Error("the loans of the demand report could not be read"));
    };
  });
}

/** The read itself, on whichever connection it is given. */
export async function runRead(
  handle: DatabaseHandle,
  clock: Clock,
  task: ReadTask,
  spansPort?: MessagePort,
): Promise<ReadWorkerAnswer> {
  switch (task.kind) {
    case "backup":
      backupDatabase(handle.sqlite, task.target);
      return { done: true };
    case "inventory-export":
      return { spreadsheet: new Uint8Array(await exportInventory({ db: handle.db, clock })) };
    case "demand-report": {
      const text = JSON.stringify(await demandReportOf(handle, clock, task, spansPort));
      return { gzippedJson: Bun.gzipSync(text, { level: REPORT_GZIP_LEVEL }) };
    }
    case "demand-export": {
      const report = await demandReportOf(handle, clock, task, spansPort);
      const file = task.format === "csv" ? new TextEncoder().encode(demandCsv(report)) : await demandWorkbook(report);
      return { spreadsheet: new Uint8Array(file) };
    }
    case "loan-spans":
      return { spans: loanSpans(handle.db, loanPeriodOf(clock.today(), task.query, null)) };
  }
}

/**
 * How long a read worker waits for its next task before it ends. Starting one loads the modules of every
 * read (the spreadsheet library among them), a tenth of a second that a report asked again, or a backup
 * after an export, would pay each time; an idle one ends so that it holds no memory for long.
 */
const WORKER_IDLE_MS = 30_000;

/** Bun's worker, which can stop keeping the process alive (the DOM's type does not say so). */
type ReadWorker = Worker & { ref(): void; unref(): void };

/** Workers that finished their task and wait for another; a busy one is never handed a second task. */
const idleWorkers = new Set<ReadWorker>();
const endTimers = new Map<ReadWorker, ReturnType<typeof setTimeout>>();

function takeWorker(): ReadWorker {
  const [worker] = idleWorkers;
  if (!worker) return new Worker(workerAddress("read")) as ReadWorker;
  idleWorkers.delete(worker);
  clearTimeout(endTimers.get(worker));
  endTimers.delete(worker);
  worker.ref();
  return worker;
}

function retire(worker: ReadWorker) {
  idleWorkers.delete(worker);
  clearTimeout(endTimers.get(worker));
  endTimers.delete(worker);
  worker.terminate();
}

function giveBack(worker: ReadWorker) {
  idleWorkers.add(worker);
  // An idle worker keeps neither the process nor a test run alive.
  worker.unref();
  const timer = setTimeout(() => retire(worker), WORKER_IDLE_MS);
  timer.unref();
  endTimers.set(worker, timer);
}

function readInWorker(task: ReadWorkerTask): Promise<ReadWorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = takeWorker();
    worker.onmessage = (event: MessageEvent<ReadWorkerAnswer>) => {
      giveBack(worker);
      resolve(event.data);
    };
    // A worker that failed outside its task (its thread broke) is not trusted with another, even one
    // that broke while it waited idle.
    worker.onerror = (event) => {
      retire(worker);
      reject(new Error(event.message));
    };
    worker.postMessage(task, task.loanSpansPort ? [task.loanSpansPort] : []);
  });
}

async function read(ctx: AppContext, task: ReadTask): Promise<ReadWorkerAnswer> {
  if (ctx.sqlite.filename === ":memory:") return answered(await runRead(ctx, ctx.clock, task));
  const file = ctx.sqlite.filename;
  // Both workers of a demand task read the same instant, so the same period.
  const clock = { timeZone: ctx.clock.timeZone, now: ctx.clock.now().toISOString() };
  if (task.kind !== "demand-report" && task.kind !== "demand-export")
    return answered(await readInWorker({ task, file, clock }));
  // The report's longest read, its loans, runs on a second worker while the first reads everything else:
  // on two cores the report then takes about the longer of the two instead of their sum.
  const channel = new MessageChannel();
  readInWorker({ task: { kind: "loan-spans", query: task.query }, file, clock }).then(
    (answer) =>
      "spans" in answer
        ? channel.port1.postMessage(answer.spans, [answer.spans.buffer])
        : channel.port1.postMessage(null),
    () => channel.port1.postMessage(null),
  );
  try {
    return answered(await readInWorker({ task, file, clock, loanSpansPort: channel.port2 }));
  } finally {
    channel.port1.close();
  }
}

function answered(answer: ReadWorkerAnswer): ReadWorkerAnswer {
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

/**
 * The demand report for a period the server already checked: from a worker, as its JSON gzipped, which
 * the server sends (and keeps) as it is; with the database in memory, as the report itself.
 */
export async function demandReportOffThread(
  ctx: AppContext,
  query: DemandQuery,
): Promise<Awaited<ReturnType<typeof demandReport>> | Uint8Array<ArrayBuffer>> {
  if (ctx.sqlite.filename === ":memory:") return demandReport(ctx, query);
  const answer = await read(ctx, { kind: "demand-report", query });
  if (!("gzippedJson" in answer)) throw new Error("the read worker answered no report");
  return answer.gzippedJson;
}

/** The demand report as a CSV or Excel file, built off the server's thread. */
export async function demandExportOffThread(
  ctx: AppContext,
  query: DemandQuery,
  format: "csv" | "xlsx",
): Promise<Uint8Array<ArrayBuffer>> {
  const answer = await read(ctx, { kind: "demand-export", query, format });
  if (!("spreadsheet" in answer)) throw new Error("the read worker answered no file");
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
      task.loanSpansPort,
    );
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  } finally {
    handle.sqlite.close();
  }
}

import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { WriteGate } from "../../db/write-gate";
import { HttpError, notFound } from "../../http/errors";
import { workerAddress } from "../../worker-address";
import { type MappingChoices, rememberedChoices } from "./column-mapping";
import type { ImportProgress, ImportRun, ImportUpload } from "./import-job";
import type { ImportJobView, ImportOutcome } from "./model";

/** What the server's thread hands the import worker: the file, and who imports it when. */
export interface WorkerTask {
  file: string;
  upload: ImportUpload;
  admin: ImportRun["admin"];
  clock: { timeZone: string; now: string };
  preview: boolean;
  choices: MappingChoices;
}

/**
 * What the worker reports: progress any number of times; `ready` with the number of rows once the file is
 * read (the server then answers "go"); then exactly one of the last three.
 */
export type WorkerAnswer =
  | { progress: ImportProgress }
  | { ready: number }
  | { outcome: ImportOutcome }
  | { refused: { status: number; error: string } }
  | { failed: string };

export interface ImportJob {
  view: ImportJobView;
  /** Settles with the outcome, or with the HttpError to answer (a refused file, or a 500 for a crash). */
  done: Promise<ImportOutcome>;
}

/** Finished imports kept for their page to read; older ones are forgotten first. */
const KEPT_JOBS = 20;
/** Imports queued or running at once: each holds its file (up to 10 MB) until it is done. */
const MAX_PENDING_JOBS = 3;
const IMPORT_FAILED = "Errore durante l'import Excel";

/**
 * Reads and checks one file in the import worker, then lets it apply the rows on its own connection once
 * this server's writes are held back (the worker holds the write lock until it is done).
 */
function importInWorker(
  task: WorkerTask,
  writes: WriteGate,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerAddress("import"));
    const settle = (finish: () => void) => {
      worker.terminate();
      writes.open();
      finish();
    };
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      const answer = event.data;
      if ("ready" in answer) {
        onProgress({ fase: "importazione", letti: 0, totale: answer.ready });
        writes.close().then(() => worker.postMessage("go"));
      } else if ("progress" in answer) onProgress(answer.progress);
      else if ("outcome" in answer) settle(() => resolve(answer.outcome));
      else if ("refused" in answer) settle(() => reject(new HttpError(answer.refused.status, answer.refused.error)));
      else settle(() => reject(new Error(answer.failed)));
    };
    worker.onerror = (event) => settle(() => reject(new Error(event.message)));
    worker.postMessage(task);
  });
}

/**
 * The spreadsheet imports of one server. They run one at a time, in the order they came, each in its own
 * worker thread: a 5,000-row file takes seconds, and the server's thread must go on answering meanwhile.
 * An in-memory database cannot be shared with another thread, so there (tests only) the same import runs
 * on the server's connection.
 */
export function createImportJobs(ctx: AppContext, writes: WriteGate) {
  const jobs = new Map<string, ImportJob & { ownerId: number }>();
  let queue: Promise<unknown> = Promise.resolve();
  const inMemory = ctx.sqlite.filename === ":memory:";
  const pending = () => [...jobs.values()].filter(({ view }) => !isFinished(view)).length;

  function execute(
    admin: ImportRun["admin"],
    upload: ImportUpload,
    preview: boolean,
    chosen: MappingChoices["chosen"],
    view: ImportJobView,
  ): Promise<ImportOutcome> {
    const onProgress = (progress: ImportProgress) => Object.assign(view, progress);
    // Its turn has come: "in_coda" means waiting behind another import only.
    onProgress({ fase: "lettura", letti: 0, totale: 0 });
    // Read here, at its turn: an import just before may have remembered new choices.
    const choices: MappingChoices = { chosen, remembered: rememberedChoices(ctx.db) };
    // The import's code (with SheetJS) is loaded by its worker; here, only when an in-memory database keeps it on this thread.
    if (inMemory)
      return import("./import-job").then(({ runImport }) =>
        runImport(ctx.db, { upload, admin, clock: ctx.clock, preview, choices }, onProgress),
      );
    const clock = { timeZone: ctx.clock.timeZone, now: ctx.clock.now().toISOString() };
    return importInWorker({ file: ctx.sqlite.filename, upload, admin, clock, preview, choices }, writes, onProgress);
  }

  function forgetFinishedJobs() {
    for (const [id, job] of jobs) {
      if (jobs.size <= KEPT_JOBS) return;
      if (isFinished(job.view)) jobs.delete(id);
    }
  }

  return {
    /** Starts an import, or with `preview` its dry run (see applyImport), with the columns the desk mapped. */
    start(admin: Actor, upload: ImportUpload, preview = false, chosen: MappingChoices["chosen"] = {}): ImportJob {
      if (pending() >= MAX_PENDING_JOBS)
        throw new HttpError(429, "Troppe importazioni in corso: riprova quando le altre sono finite");
      const view: ImportJobView = { id: crypto.randomUUID(), fase: "in_coda", letti: 0, totale: 0 };
      const importer = { id: admin.id, email: admin.email };
      const done = queue
        .then(() => execute(importer, upload, preview, chosen, view))
        .then(
          (outcome) => {
            Object.assign(view, {
              fase: "completato",
              letti: outcome.total,
              totale: outcome.total,
              risultato: outcome,
            });
            return outcome;
          },
          (error: unknown) => {
            const refusal = error instanceof HttpError ? error : new HttpError(500, IMPORT_FAILED);
            if (!(error instanceof HttpError)) {
              const message = error instanceof Error ? error.message : String(error);
              ctx.logger.error(`spreadsheet import of ${upload.name} failed: ${message}`);
              ctx.metrics.recordIncident("api", `Import Excel ${upload.name}: errore interno`);
            }
            Object.assign(view, { fase: "fallito", errore: refusal.message });
            throw refusal;
          },
        );
      queue = done.catch(() => {});
      jobs.set(view.id, { view, done, ownerId: admin.id });
      forgetFinishedJobs();
      // The job as it stands now: queued (the live one moves on as the import runs).
      return { view: { ...view }, done };
    },

    /** An import its own administrator started (another one's reads as unknown). */
    find(admin: Actor, id: string): ImportJobView {
      const job = jobs.get(id);
      if (!job || job.ownerId !== admin.id) throw notFound("Importazione non trovata");
      return job.view;
    },
  };
}

export type ImportJobs = ReturnType<typeof createImportJobs>;

function isFinished(view: ImportJobView): boolean {
  return view.fase === "completato" || view.fase === "fallito";
}

// The spreadsheet import's own thread (see import-jobs.ts): it reads, checks and applies one file on its
// own connection, reporting progress, so the server's thread goes on answering meanwhile.
// scripts/build.ts compiles this file into the binary as an entrypoint of its own.
import { createClock } from "../../clock";
import { connectDatabase } from "../../db/client";
import { HttpError } from "../../http/errors";
import { type ImportRun, runImport } from "./import-job";
import type { WorkerAnswer, WorkerTask } from "./import-jobs";

declare const self: Worker;

const answer = (message: WorkerAnswer) => self.postMessage(message);

self.onmessage = (event: MessageEvent<WorkerTask>) => {
  const { file, upload, admin, clock } = event.data;
  const run: ImportRun = {
    upload,
    admin,
    clock: createClock({ timeZone: clock.timeZone, startAt: new Date(clock.now) }),
  };
  const { sqlite, db } = connectDatabase(file);
  try {
    answer({ outcome: runImport(db, run, (progress) => answer({ progress })) });
  } catch (error) {
    if (error instanceof HttpError) answer({ refused: { status: error.status, error: error.message } });
    else answer({ failed: error instanceof Error ? error.message : String(error) });
  } finally {
    sqlite.close();
  }
};

// The spreadsheet import's own thread (see import-jobs.ts). It reads and checks the file, says it is
// ready, and applies it on its own connection once the server says "go" (the server first holds its own
// writes back, so none of them waits on this one's lock). The server's thread answers meanwhile.
// scripts/build.ts compiles this file into the binary as an entrypoint of its own.
import { createClock } from "../../clock";
import { connectDatabase } from "../../db/client";
import { HttpError } from "../../http/errors";
import { applyImport, type ImportRun, type ImportSheet, readImport } from "./import-job";
import type { WorkerAnswer, WorkerTask } from "./import-jobs";

declare const self: Worker;

const answer = (message: WorkerAnswer) => self.postMessage(message);

let task: WorkerTask | undefined;
let sheet: ImportSheet | undefined;

function failure(error: unknown): WorkerAnswer {
  if (error instanceof HttpError) return { refused: { status: error.status, error: error.message } };
  return { failed: error instanceof Error ? error.message : String(error) };
}

self.onmessage = (event: MessageEvent<WorkerTask | "go">) => {
  try {
    if (event.data !== "go") {
      task = event.data;
      sheet = readImport(task.upload, task);
      answer({ ready: sheet.items.length });
      return;
    }
    if (!task || !sheet) throw new Error("import worker told to apply before reading");
    const run: ImportRun = {
      upload: task.upload,
      admin: task.admin,
      clock: createClock({ timeZone: task.clock.timeZone, startAt: new Date(task.clock.now) }),
      preview: task.preview,
      choices: task.choices,
    };
    const { sqlite, db } = connectDatabase(task.file);
    try {
      answer({ outcome: applyImport(db, run, sheet, (progress) => answer({ progress })) });
    } finally {
      sqlite.close();
    }
  } catch (error) {
    answer(failure(error));
  }
};

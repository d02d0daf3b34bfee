// The thread of whole-database reads (see read-jobs.ts): one task per worker, on its own connection.
// scripts/build.ts compiles this file into the binary as an entrypoint of its own.
import { type ReadWorkerTask, readOnWorkerThread } from "./read-jobs";

declare const self: Worker;

self.onmessage = async (event: MessageEvent<ReadWorkerTask>) => {
  const answer = await readOnWorkerThread(event.data);
  // The spreadsheet's bytes move to the server's thread instead of being copied there.
  self.postMessage(answer, "spreadsheet" in answer ? [answer.spreadsheet.buffer] : []);
};

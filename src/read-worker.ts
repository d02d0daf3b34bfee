// The thread of whole-database reads (see read-jobs.ts): one task at a time, each on a connection of its own.
// scripts/build.ts compiles this file into the binary as an entrypoint of its own.
import { type ReadWorkerTask, readOnWorkerThread } from "./read-jobs";

declare const self: Worker;

self.onmessage = async (event: MessageEvent<ReadWorkerTask>) => {
  const answer = await readOnWorkerThread(event.data);
  // A file's, a report's or the loans' bytes move to the server's thread instead of being copied there.
  const bytes =
    "spreadsheet" in answer
      ? answer.spreadsheet
      : "gzippedJson" in answer
        ? answer.gzippedJson
        : "spans" in answer
          ? answer.spans
          : null;
  self.postMessage(answer, bytes ? [bytes.buffer] : []);
};

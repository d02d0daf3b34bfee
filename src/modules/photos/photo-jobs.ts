import { HttpError } from "../../http/errors";
import { workerAddress } from "../../worker-address";
import type { KeptPhoto } from "./codec";

/**
 * Photos are decoded on a worker thread, one at a time: a 12-megapixel photo takes about a second of
 * decoding and 50 MB while it is decoded, so a burst of uploads neither holds the server's thread nor
 * decodes several at once. At most MAX_WAITING uploads wait their turn (each holds its file, up to
 * 12 MB); one more is told to try again shortly.
 */
export type PhotoAnswer = { photo: KeptPhoto } | { refused: { status: number; error: string } } | { failed: string };

const MAX_WAITING = 4;

function encodeInWorker(bytes: Uint8Array): Promise<KeptPhoto> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerAddress("photo"));
    worker.onmessage = (event: MessageEvent<PhotoAnswer>) => {
      worker.terminate();
      const answer = event.data;
      if ("photo" in answer) resolve(answer.photo);
      else if ("refused" in answer) reject(new HttpError(answer.refused.status, answer.refused.error));
      else reject(new Error(answer.failed));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(bytes, [bytes.buffer]);
  });
}

let busy = false;
const waiting: Array<() => void> = [];

/** The photo to keep, re-encoded on the worker once the photos before it are done. */
export async function encodePhoto(bytes: Uint8Array): Promise<KeptPhoto> {
  if (busy) {
    if (waiting.length >= MAX_WAITING) throw new HttpError(503, "Troppe foto in caricamento: riprova tra poco");
    await new Promise<void>((turn) => waiting.push(turn));
  } else busy = true;
  try {
    return await encodeInWorker(bytes);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  }
}

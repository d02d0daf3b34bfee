import { HttpError } from "../../http/errors";
import { workerReply } from "../../worker-reply";
import type { KeptPhoto } from "./codec";

/**
 * Photos are decoded on a worker thread, one at a time: a 12-megapixel photo takes about a second and
 * about 350 MB while it is decoded (docs/performance.md), so a burst of uploads neither holds the
 * server's thread nor decodes several at once. At most MAX_WAITING uploads wait their turn (each holds
 * its file, up to 12 MB); one more is told to try again shortly, its body never kept.
 */
export type PhotoAnswer = { photo: KeptPhoto } | { refused: { status: number; error: string } } | { failed: string };

const MAX_WAITING = 4;

async function encodeInWorker(bytes: Uint8Array): Promise<KeptPhoto> {
  const answer = await workerReply<PhotoAnswer>("photo", bytes, [bytes.buffer]);
  if ("photo" in answer) return answer.photo;
  if ("refused" in answer) throw new HttpError(answer.refused.status, answer.refused.error);
  throw new Error(answer.failed);
}

/**
 * Turns on the photo worker: one photo decodes, MAX_WAITING wait, and one more is refused. The body guard
 * asks `full()` before it reads an upload's body, so a flood's refused uploads are not held in memory.
 */
export const photoTurns = {
  decoding: false,
  waiting: [] as Array<() => void>,
  full(): boolean {
    return this.decoding && this.waiting.length >= MAX_WAITING;
  },
  /** Waits for this photo's turn; answers what ends it. */
  async take(): Promise<() => void> {
    if (this.decoding) {
      if (this.full()) throw tooManyPhotos();
      await new Promise<void>((turn) => this.waiting.push(turn));
    } else this.decoding = true;
    return () => {
      const next = this.waiting.shift();
      if (next) next();
      else this.decoding = false;
    };
  },
};

export const tooManyPhotos = () => new HttpError(503, "Troppe foto in caricamento: riprova tra poco");

/** The photo to keep, re-encoded on the worker once the photos before it are done. */
export async function encodePhoto(bytes: Uint8Array): Promise<KeptPhoto> {
  const done = await photoTurns.take();
  try {
    return await encodeInWorker(bytes);
  } finally {
    done();
  }
}

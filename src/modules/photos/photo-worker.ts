// The thread photos are decoded and encoded on (see photo-jobs.ts): one photo per worker.
// scripts/build.ts compiles this file into the binary as an entrypoint of its own.
import { keptPhoto, PhotoRefused } from "./codec";
import type { PhotoAnswer } from "./photo-jobs";

declare const self: Worker;

self.onmessage = (event: MessageEvent<Uint8Array>) => {
  let answer: PhotoAnswer;
  try {
    answer = { photo: keptPhoto(event.data) };
  } catch (error) {
    answer =
      error instanceof PhotoRefused
        ? { refused: { status: error.status, error: error.message } }
        : { failed: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer, "photo" in answer ? [answer.photo.jpeg.buffer] : []);
};

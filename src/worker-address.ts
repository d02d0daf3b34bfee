/**
 * The worker threads' source files, from the project root: scripts/build.ts compiles each into the binary
 * as an entrypoint of its own, embedded at this path.
 */
export const WORKER_SOURCES = {
  /** The spreadsheet import (src/modules/excel/import-jobs.ts). */
  import: "src/modules/excel/import-worker.ts",
  /** Whole-database reads: backups and the inventory export (src/read-jobs.ts). */
  read: "src/read-worker.ts",
  /** The polled lists' cache misses (src/read-model/list-readers.ts). */
  lists: "src/read-model/list-reader-worker.ts",
  /** Receipts and labels (src/modules/counter/pdf-jobs.ts). */
  pdf: "src/modules/counter/pdf-worker.ts",
  /** Photos re-encoded (src/modules/photos/photo-jobs.ts). */
  photo: "src/modules/photos/photo-worker.ts",
} as const;

/**
 * Where to start a worker from. Inside the compiled binary every module's `import.meta.url` is the
 * binary's own, and the worker is embedded at its path from the project root (Bun resolves a relative
 * Worker path among the embedded files first); from source it sits at that path below the project root.
 */
export function workerAddress(worker: keyof typeof WORKER_SOURCES): string {
  return import.meta.url.includes("/$bunfs/")
    ? `./${WORKER_SOURCES[worker]}`
    : new URL(`../${WORKER_SOURCES[worker]}`, import.meta.url).href;
}

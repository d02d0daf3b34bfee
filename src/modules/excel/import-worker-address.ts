/** The import worker's source file, from the project root: scripts/build.ts embeds it at this path. */
export const IMPORT_WORKER_SOURCE = "src/modules/excel/import-worker.ts";

/**
 * Where to start the import worker from. Inside the compiled binary every module's `import.meta.url` is
 * the binary's own, and the worker is embedded at its path from the project root (Bun resolves a
 * relative Worker path among the embedded files first); from source it sits beside this file.
 */
export function importWorkerAddress(): string {
  return import.meta.url.includes("/$bunfs/")
    ? `./${IMPORT_WORKER_SOURCE}`
    : new URL("./import-worker.ts", import.meta.url).href;
}

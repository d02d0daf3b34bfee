import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const projectRoot = resolve(import.meta.dir, "..");
export const uiDist = join(projectRoot, "ui", "dist");

/** What the Vite build reads: when any of these is newer than ui/dist/index.html, the UI is rebuilt. */
const uiInputs = ["ui/src", "ui/public", "ui/index.html", "ui/vite.config.ts", "package.json", "bun.lock"];

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)));
  return newest;
}

/** True when ui/dist is missing or older than any of its sources. */
export function uiIsStale(): boolean {
  const builtIndex = join(uiDist, "index.html");
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return uiInputs.some((input) => newestModification(join(projectRoot, input)) > builtAt);
}

/**
 * Runs `vite build` on Bun's runtime (`--bun`), so building needs no Node.js — the Docker build stage has
 * only Bun. Throws when Vite fails; its output goes straight to the console.
 */
export async function buildUi(): Promise<void> {
  const vite = Bun.spawn([process.execPath, "--bun", "x", "vite", "build", "--config", "ui/vite.config.ts"], {
    cwd: projectRoot,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await vite.exited;
  if (code !== 0) throw new Error(`vite build failed (exit code ${code})`);
  if (!existsSync(join(uiDist, "index.html"))) throw new Error("vite build produced no ui/dist/index.html");
}

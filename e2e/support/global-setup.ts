import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { binaryPath, projectRoot } from "./server";

/** Fails the run at once, with the fix, when the browser or the binary under test is missing. */
export default function globalSetup() {
  if (!existsSync("/usr/bin/chromium"))
    throw new Error("/usr/bin/chromium is missing: apt-get install -y chromium (Debian's Chromium drives the tests)");
  if (!existsSync(binaryPath)) throw new Error(`${binaryPath} is missing: run \`bun run build\` first`);
  const builtAt = statSync(binaryPath).mtimeMs;
  const uiBuiltAt = existsSync(join(projectRoot, "ui", "dist", "index.html"))
    ? statSync(join(projectRoot, "ui", "dist", "index.html")).mtimeMs
    : 0;
  if (uiBuiltAt > builtAt) console.warn("warning: ui/dist is newer than dist/prestalab — `bun run build` to test it");
}

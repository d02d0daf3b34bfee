/**
 * `bun run start [-- --port 8080 …]`: runs PrestaLab from source, building the UI first when ui/dist is
 * missing or older than its sources. Extra arguments go to `serve`; signals are passed on so that Ctrl-C
 * and `kill` shut the server down cleanly (WAL checkpoint, lock released).
 */
import { join } from "node:path";
import { buildUi, projectRoot, uiIsStale } from "./ui-build";

if (uiIsStale()) {
  console.log("start: building the UI (ui/dist is missing or older than ui/src)…");
  await buildUi();
}

// `bun run start -- --port 8080` may hand the separator on; the command line of the server does not want it.
const extra = process.argv.slice(2).filter((argument, index) => !(index === 0 && argument === "--"));
const server = Bun.spawn([process.execPath, "run", join(projectRoot, "src/main.ts"), "serve", ...extra], {
  cwd: projectRoot,
  stdio: ["inherit", "inherit", "inherit"],
});

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => server.kill(signal));
}

process.exit(await server.exited);

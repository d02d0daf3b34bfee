/**
 * `bun run typecheck`: the server's and the UI's TypeScript projects checked side by side. Each `tsc` is a
 * single thread, so on two cores the pair takes about as long as the slower one alone.
 */
import { join } from "node:path";
import { projectRoot } from "./ui-build";

const projects = ["tsconfig.json", "ui/tsconfig.json"];
const tsc = join(projectRoot, "node_modules", ".bin", "tsc");

const codes = await Promise.all(
  projects.map(
    (project) =>
      Bun.spawn([tsc, "--noEmit", "-p", project], { cwd: projectRoot, stdio: ["ignore", "inherit", "inherit"] }).exited,
  ),
);
const failed = projects.filter((_, index) => codes[index] !== 0);
if (failed.length > 0) {
  console.error(`typecheck: errors in ${failed.join(" and ")}`);
  process.exit(1);
}

/**
 * `bun run typecheck`: the server's and the UI's TypeScript projects checked side by side, by TypeScript 7's
 * native compiler (the `typescript-native` package): 7–9 s a project on two cores where TypeScript 5's took
 * about 40. TypeScript 5 stays for what uses its compiler API (the typed-client test of the API document).
 */
import { join } from "node:path";
import { projectRoot } from "./ui-build";

const projects = ["tsconfig.json", "ui/tsconfig.json"];
const tsc = join(projectRoot, "node_modules", "typescript-native", "bin", "tsc");

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

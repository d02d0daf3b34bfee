/**
 * `bun run test`: every check, cheapest first, stopping at the first failure with its exit code.
 * The last line is always `test-all: N passed, M failed`.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./ui-build";

interface Step {
  name: string;
  command: string[];
  cwd?: string;
  before?: () => Promise<void>;
}

const bun = process.execPath;
const chromium = "/usr/bin/chromium";

async function run(command: string[], cwd = projectRoot): Promise<number> {
  const child = Bun.spawn(command, { cwd, stdio: ["ignore", "inherit", "inherit"] });
  return await child.exited;
}

/** The end-to-end tests drive Debian's Chromium; as root with apt-get at hand, install it when missing. */
async function ensureChromium() {
  if (existsSync(chromium)) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !Bun.which("apt-get"))
    throw new Error(`${chromium} is missing: install Debian's chromium package (apt-get install -y chromium)`);
  console.log(`test-all: ${chromium} is missing, installing Debian's chromium…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const command of [
    ["apt-get", "update"],
    ["apt-get", "install", "-y", "--no-install-recommends", "chromium"],
  ]) {
    const code = await Bun.spawn(command, { env, stdio: ["ignore", "inherit", "inherit"] }).exited;
    if (code !== 0) throw new Error(`${command.join(" ")} failed (exit code ${code})`);
  }
}

const steps: Step[] = [
  { name: "lint", command: [bun, "x", "biome", "check", "."] },
  { name: "typecheck", command: [bun, "run", "typecheck"] },
  { name: "server tests", command: [bun, "test", "src"] },
  { name: "UI tests", command: [bun, "test"], cwd: join(projectRoot, "ui") },
  { name: "build", command: [bun, "run", "scripts/build.ts"] },
  { name: "smoke", command: [bun, "run", "scripts/smoke.ts"] },
  { name: "e2e", command: [bun, "x", "playwright", "test"], before: ensureChromium },
];

const started = performance.now();
const timings: string[] = [];
let passed = 0;
let exitCode = 0;

for (const step of steps) {
  console.log(`\n=== test-all: ${step.name} (${step.command.slice(1).join(" ")}) ===\n`);
  const stepStarted = performance.now();
  let code: number;
  try {
    await step.before?.();
    code = await run(step.command, step.cwd);
  } catch (error) {
    console.error(`test-all: ${error instanceof Error ? error.message : String(error)}`);
    code = 1;
  }
  timings.push(`${step.name} ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`);
  if (code !== 0) {
    console.error(`\ntest-all: step "${step.name}" failed with exit code ${code}`);
    const skipped = steps.slice(steps.indexOf(step) + 1).map((rest) => rest.name);
    if (skipped.length > 0) console.error(`test-all: not run: ${skipped.join(", ")}`);
    exitCode = code;
    break;
  }
  passed++;
}

console.log(`\ntest-all: ${timings.join(" · ")} — ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
console.log(`test-all: ${passed} passed, ${exitCode === 0 ? 0 : 1} failed`);
process.exit(exitCode);

/**
 * `bun run test`: every check, stopping at the first failure with its exit code, in three stages sized for
 * two cores: lint, typecheck and the longest server test files in one lane, beside the UI tests, the build
 * and the smoke test in the other; then the other server tests in two worker processes; then the
 * end-to-end run. A step that runs
 * beside another prints its output whole when it ends, so the two lanes never interleave. The last line
 * is always `test-all: N passed, M failed`.
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

/** Runs a step; its output is kept and printed whole at the end, unless `live` streams it. */
async function run(step: Step, live: boolean): Promise<{ code: number; output: string }> {
  const stdio = live ? "inherit" : "pipe";
  const child = Bun.spawn(step.command, { cwd: step.cwd ?? projectRoot, stdio: ["ignore", stdio, stdio] });
  if (live) return { code: await child.exited, output: "" };
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, output: out + err };
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

const lint: Step = { name: "lint", command: [bun, "x", "biome", "check", "."] };
const typecheck: Step = { name: "typecheck", command: [bun, "run", "typecheck"] };
/**
 * The longest server test files (the route fuzz, the booking properties, then the longest by the recorded
 * durations: about 80 s in one process) run beside the UI tests in the first stage; the rest then share two
 * worker processes, the slowest first by the recorded durations (refresh them with `bun test src
 * --parallel=2 --timings=scripts/server-test-timings.json --update-timings`).
 */
const SERVER_TESTS_BESIDE_UI = [
  "src/fuzz.test.ts",
  "src/modules/loans/booking-properties.test.ts",
  "src/modules/inventory/inventory.test.ts",
  "src/modules/counter/documents.test.ts",
  "src/modules/loans/loans.test.ts",
  "src/modules/counter/labels.test.ts",
  "src/modules/loans/requests.test.ts",
];
const serverTestsBesideUi: Step = { name: "longest server tests", command: [bun, "test", ...SERVER_TESTS_BESIDE_UI] };
const serverTests: Step = {
  name: "server tests",
  command: [
    bun,
    "test",
    "src",
    "--parallel=2",
    "--timings=scripts/server-test-timings.json",
    ...SERVER_TESTS_BESIDE_UI.map((file) => `--path-ignore-patterns=${file}`),
  ],
};
const uiTests: Step = { name: "UI tests", command: [bun, "test", "--timeout", "20000"], cwd: join(projectRoot, "ui") };
const build: Step = { name: "build", command: [bun, "run", "scripts/build.ts"] };
const smoke: Step = { name: "smoke", command: [bun, "run", "scripts/smoke.ts"] };
const e2e: Step = { name: "e2e", command: [bun, "x", "playwright", "test"], before: ensureChromium };

/**
 * Lanes run side by side; the steps of a lane one after the other: about 95 s each in the first stage on
 * the 2-core machine. The server tests' two workers then have both cores to themselves (beside them, the
 * UI tests' waits for a screen overran), and the e2e run has them last.
 */
const stages: Step[][][] = [
  [
    [lint, typecheck, serverTestsBesideUi],
    [uiTests, build, smoke],
  ],
  [[serverTests]],
  [[e2e]],
];
const allSteps = stages.flat(2);

const started = performance.now();
const timings: string[] = [];
let passed = 0;
// Set by whichever lane fails first (the cast keeps TypeScript from reading it as always null here).
let failure = null as { step: Step; code: number } | null;

async function runLane(lane: Step[], live: boolean) {
  for (const step of lane) {
    if (failure) return;
    const stepStarted = performance.now();
    let result: { code: number; output: string };
    try {
      await step.before?.();
      if (live) console.log(`\n=== test-all: ${step.name} (${step.command.slice(1).join(" ")}) ===\n`);
      result = await run(step, live);
    } catch (error) {
      result = { code: 1, output: `test-all: ${error instanceof Error ? error.message : String(error)}\n` };
    }
    const seconds = ((performance.now() - stepStarted) / 1000).toFixed(1);
    if (!live) {
      console.log(`\n=== test-all: ${step.name} (${step.command.slice(1).join(" ")}), ${seconds} s ===\n`);
      process.stdout.write(result.output);
    }
    timings.push(`${step.name} ${seconds} s`);
    if (result.code !== 0) {
      failure ??= { step, code: result.code };
      return;
    }
    passed++;
  }
}

for (const lanes of stages) {
  // A stage of one lane (the e2e run) streams its output: it is long, and its progress is worth watching.
  await Promise.all(lanes.map((lane) => runLane(lane, lanes.length === 1)));
  if (failure) break;
}

if (failure) {
  console.error(`\ntest-all: step "${failure.step.name}" failed with exit code ${failure.code}`);
  const notRun = allSteps.filter((step) => !timings.some((timing) => timing.startsWith(`${step.name} `)));
  if (notRun.length > 0) console.error(`test-all: not run: ${notRun.map((step) => step.name).join(", ")}`);
}
console.log(`\ntest-all: ${timings.join(" · ")} — ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
console.log(`test-all: ${passed} passed, ${failure ? 1 : 0} failed`);
process.exit(failure?.code ?? 0);

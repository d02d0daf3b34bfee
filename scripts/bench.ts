/**
 * The performance benchmark of DESIGN §7: builds dist/prestalab, seeds (or reuses) a large academy in
 * ./data-bench, then measures on 127.0.0.1 only:
 *   - cold start to the first healthy /api/health (seeded and empty data dir), idle and peak memory;
 *   - every list endpoint, /api/auth/me, sign-in, conditional requests and the paged lists with autocannon
 *     at 1 and 16 connections (req/s, p50, p99, gzip bytes of one answer), plus a few cache misses;
 *   - the request → approve → hand-over → return cycle with 1 and 16 concurrent workers, and the same
 *     cycle for a set of two units (book, approve, hand over, return: one call each for the whole set);
 *   - a bare Bun.serve + bun:sqlite baseline (scripts/bench-baseline.ts) on the heaviest lists;
 *   - the binary's size and the UI's initial JavaScript, gzipped.
 * Progress goes to stderr; the results go to stdout as Markdown and to bench-results.json.
 *
 *   bun run bench [--quick] [--scale 5] [--mixed | --screens | --side-by-side | --demand] [--fresh] [--no-build] [--duration 5] [--cycles 300] [--calls 7] [--cpus 2] [--data-dir ./data-bench]
 *
 * --quick: small data set and short runs, to try the script out. --scale N: N times the default academy
 * (--scale 5: 10,000 items, 50,000 units, 20,000 students... see below), seeded into its own folder
 * (data-bench/seed-x5) so both sizes stay on disk; it takes minutes and about N times the disk space.
 * --mixed: instead of the measures above, the mixed scenario of scripts/bench-mixed.ts (students, the desk
 * and 16 polling readers at once) for --duration seconds (60 by default), on the same data set.
 * --screens: instead, every admin and student screen opened in Debian's Chromium (scripts/bench-screens.ts),
 * the time until each is usable, first with cold caches and then again.
 * --side-by-side: instead, the side-by-side run of issue 14 (scripts/bench-side-by-side.ts) on a data set of
 * its size (500 items, 2,588 units, 1,000 students, 5,000 loans, in data-bench/seed-side): the inventory, a
 * student's catalogue and the alerts, each read right after a write, against the times quoted there.
 * --demand: instead, only the demand report over the last year (scripts/bench-demand.ts): --calls cache
 * misses one at a time (7 by default), and the longest wait of /api/health asked meanwhile.
 * --fresh: seed again even when the data set on disk matches. --cpus N: pin the servers to the first N
 * CPUs (taskset), as the budgets assume 2 cores.
 */
import { Database } from "bun:sqlite";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, cpus, release, totalmem, type } from "node:os";
import { join, relative, resolve } from "node:path";
import type { Subprocess } from "bun";
import { parseArgs } from "../src/config";
import { addDays } from "../src/domain/dates";
import { demandMarkdown, runDemandScenario } from "./bench-demand";
import { HANDLER_CALLS, HANDLER_WARM_UP, measureHandlers, signIn } from "./bench-misses";
import { mixedMarkdown, runMixedScenario } from "./bench-mixed";
import { runScreenTimings, screensMarkdown } from "./bench-screens";
import { runSideBySide, sideBySideMarkdown } from "./bench-side-by-side";
import { SEED_DEFAULTS, seedDataDir } from "./seed";

type SeedSummary = Awaited<ReturnType<typeof seedDataDir>>["summary"];

// ── Options ──────────────────────────────────────────────────────────────────────────────────────

const projectRoot = resolve(import.meta.dir, "..");
const binaryPath = join(projectRoot, "dist", "prestalab");
const { flags } = parseArgs(process.argv.slice(2));
const quick = flags.quick === true;

function numberFlag(name: string, fallback: number): number {
  const value = flags[name];
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!(number > 0)) throw new Error(`--${name} needs a positive number, got ${value}`);
  return number;
}

const options = {
  quick,
  fresh: flags.fresh === true,
  build: flags["no-build"] !== true,
  mixed: flags.mixed === true,
  screens: flags.screens === true,
  sideBySide: flags["side-by-side"] === true,
  demand: flags.demand === true,
  demandCalls: Math.round(numberFlag("calls", 7)),
  durationSeconds: numberFlag("duration", quick ? 1 : flags.mixed === true ? 60 : 5),
  cycles: Math.round(numberFlag("cycles", quick ? 40 : 300)),
  cpus: flags.cpus === undefined ? null : Math.round(numberFlag("cpus", 2)),
  scale: Math.round(numberFlag("scale", 1)),
  coldStarts: quick ? 3 : 5,
  idleSeconds: quick ? 1 : 3,
  cacheMisses: quick ? 3 : 10,
  dataRoot: resolve(projectRoot, typeof flags["data-dir"] === "string" ? flags["data-dir"] : "data-bench"),
};

if (quick && options.scale !== 1) throw new Error("--quick and --scale do not go together");
if (options.sideBySide && (quick || options.scale !== 1))
  throw new Error("--side-by-side has its own data set: no --quick or --scale");

/**
 * The data set: DESIGN §7's size (the seeder's defaults) times --scale, or a small one for --quick. The
 * history keeps its length (years): a bigger academy has more of everything per year. Any change seeds again.
 */
const scaled = (count: number) => count * options.scale;
/**
 * The side-by-side run's academy: its counts of items, units, students and loans as quoted; a quarter of
 * the default requests, repairs and reports, as it has a quarter of the items; a year of history.
 */
const SIDE_BY_SIDE = {
  items: 500,
  units: 2_588,
  students: 1_000,
  loans: 5_000,
  years: 1,
  requests: SEED_DEFAULTS.requests / 4,
  repairs: SEED_DEFAULTS.repairs / 4,
  reports: SEED_DEFAULTS.reports / 4,
};
const counts = options.sideBySide
  ? SIDE_BY_SIDE
  : {
      items: quick ? 200 : scaled(SEED_DEFAULTS.items),
      units: quick ? 1_000 : scaled(SEED_DEFAULTS.units),
      students: quick ? 500 : scaled(SEED_DEFAULTS.students),
      loans: quick ? 10_000 : scaled(SEED_DEFAULTS.loans),
      years: quick ? 1 : SEED_DEFAULTS.years,
      requests: quick ? 300 : scaled(SEED_DEFAULTS.requests),
      repairs: quick ? 30 : scaled(SEED_DEFAULTS.repairs),
      reports: quick ? 30 : scaled(SEED_DEFAULTS.reports),
    };
const seedParameters = {
  ...counts,
  seed: 2025,
  adminEmail: SEED_DEFAULTS.adminEmail,
  adminPassword: SEED_DEFAULTS.adminPassword,
  studentPassword: SEED_DEFAULTS.studentPassword,
};

const CONNECTIONS = [1, 16] as const;
const PAGE_SIZE = 50;
/** The longest one load run may last, whatever the endpoint (see loadEndpoint). */
const MAX_RUN_SECONDS = 60;
const GZIP = { "accept-encoding": "gzip, deflate, br" };

const progress = (message: string) => process.stderr.write(`bench: ${message}\n`);
const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));
const round = (value: number, digits = 2) => Number(value.toFixed(digits));
/** For the report: thousands separators, a dash for a missing figure. */
const number = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined || Number.isNaN(value)
    ? "–"
    : value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

// ── Child processes: every server is stopped at the end, on error and on Ctrl-C ─────────────────

const children = new Set<Subprocess>();

function spawnTracked(command: string[], spawnOptions: Parameters<typeof Bun.spawn>[1]): Subprocess {
  const child = Bun.spawn(command, spawnOptions);
  children.add(child);
  void child.exited.then(() => children.delete(child));
  return child;
}

async function stopChild(child: Subprocess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const ended = await Promise.race([child.exited.then(() => true), sleep(timeoutMs).then(() => false)]);
  if (!ended) {
    child.kill("SIGKILL");
    await child.exited;
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    progress(`${signal}: stopping the servers`);
    void Promise.all([...children].map((child) => stopChild(child, 3_000))).then(() => process.exit(130));
  });
}
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

// ── Servers ──────────────────────────────────────────────────────────────────────────────────────

interface Server {
  child: Subprocess;
  baseUrl: string;
  startupMs: number;
  logFile: string;
}

function freePort(): number {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response(null) });
  const port = probe.port as number;
  probe.stop(true);
  return port;
}

function logTail(file: string): string {
  try {
    return readFileSync(file, "utf8").slice(-3_000);
  } catch {
    return "(no output)";
  }
}

/** Spawns a server writing its output to `logFile` and resolves once `/api/health` answers 200. */
async function launch(command: string[], env: Record<string, string>, logFile: string, port: number): Promise<Server> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const output = openSync(logFile, "w");
  const started = performance.now();
  const inherited = Object.fromEntries(
    ["PATH", "HOME", "LANG", "TMPDIR"].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
  // taskset execs the server in place: the pid stays the server's own (memory is read from /proc/<pid>).
  const pinned = options.cpus ? ["taskset", "-c", `0-${options.cpus - 1}`, ...command] : command;
  const child = spawnTracked(pinned, {
    cwd: options.dataRoot,
    env: { ...inherited, ...env },
    stdin: "ignore",
    stdout: output,
    stderr: output,
  });
  closeSync(output);
  const deadline = started + 60_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${command.join(" ")} exited during start-up:\n${logTail(logFile)}`);
    try {
      const answer = await fetch(`${baseUrl}/api/health`);
      await answer.arrayBuffer();
      if (answer.ok) return { child, baseUrl, startupMs: performance.now() - started, logFile };
    } catch {
      // Not listening yet.
    }
    await sleep(2);
  }
  await stopChild(child);
  throw new Error(`${command.join(" ")} did not answer /api/health within 60 s:\n${logTail(logFile)}`);
}

function startPrestaLab(dataDir: string, now: string | null, logName: string): Promise<Server> {
  const port = freePort();
  const env: Record<string, string> = {
    PRESTALAB_DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: String(port),
    ADMIN_EMAIL: seedParameters.adminEmail,
    ADMIN_PASSWORD: seedParameters.adminPassword,
    LOG_LEVEL: "info",
  };
  // The seeded history ends on the day it was generated: keep that day, so every run sees the same data.
  if (now) env.PRESTALAB_NOW = now;
  return launch([binaryPath, "serve"], env, join(options.dataRoot, "logs", logName), port);
}

/**
 * VmRSS / VmHWM of a process, in MB, and what the resident memory is made of: the process's own
 * (anonymous: heaps, caches, answers) and the files it maps. The database file is mapped by every
 * connection (the server's and each list reader's), so its pages count once per connection that read
 * them, though they are the same pages of the kernel's file cache.
 */
function memoryOf(pid: number): { rssMb: number; peakMb: number; anonMb: number; fileMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const megabytes = (field: string) =>
    round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) / 1024, 1);
  return {
    rssMb: megabytes("VmRSS"),
    peakMb: megabytes("VmHWM"),
    anonMb: megabytes("RssAnon"),
    fileMb: megabytes("RssFile"),
  };
}

/** The most private and the most mapped-file memory a process holds until `stop()`, sampled every 250 ms. */
function memorySampler(pid: number) {
  let anonMb = 0;
  let fileMb = 0;
  const sample = () => {
    const now = memoryOf(pid);
    anonMb = Math.max(anonMb, now.anonMb);
    fileMb = Math.max(fileMb, now.fileMb);
  };
  const timer = setInterval(sample, 250);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { anonMb, fileMb };
    },
  };
}

// ── Steps 1–2: build, seed ───────────────────────────────────────────────────────────────────────

async function build() {
  if (!options.build && existsSync(binaryPath)) {
    progress("--no-build: using the existing dist/prestalab");
    return;
  }
  progress("bun run build");
  // The build's own output goes to stderr: stdout carries the results only.
  const child = spawnTracked(["bun", "run", "build"], { cwd: projectRoot, stdout: 2, stderr: 2, stdin: "ignore" });
  if ((await child.exited) !== 0) throw new Error("bun run build failed");
}

interface SeedMarker {
  parameters: typeof seedParameters;
  /** When the data set was generated: the servers run with PRESTALAB_NOW set to it. */
  seededAt: string;
  /** What the seeder generated (counts). */
  summary: SeedSummary;
}

async function seededDataDir(): Promise<{ dir: string; marker: SeedMarker }> {
  const dir = join(
    options.dataRoot,
    options.sideBySide
      ? "seed-side"
      : quick
        ? "seed-quick"
        : options.scale === 1
          ? "seed-full"
          : `seed-x${options.scale}`,
  );
  const markerFile = join(dir, "bench-seed.json");
  if (!options.fresh && existsSync(markerFile) && existsSync(join(dir, "prestalab.db"))) {
    const marker = JSON.parse(readFileSync(markerFile, "utf8")) as SeedMarker;
    if (JSON.stringify(marker.parameters) === JSON.stringify(seedParameters)) {
      progress(`reusing the data set in ${dir} (seeded ${marker.seededAt}; --fresh seeds again)`);
      return { dir, marker };
    }
    progress("the data set on disk was seeded with other parameters: seeding again");
  }
  rmSync(dir, { recursive: true, force: true });
  progress(
    `seeding ${dir}: ${seedParameters.items} items, ${seedParameters.units} units, ${seedParameters.students} students, ${seedParameters.loans} loans, ${seedParameters.requests} requests`,
  );
  // The seeder's "today" is the real one unless PRESTALAB_NOW moves it, as for the server.
  const seededAt = new Date(process.env.PRESTALAB_NOW || Date.now()).toISOString();
  const started = performance.now();
  // Whatever the seeder prints is progress, not results: keep stdout for the results.
  const consoleLog = console.log;
  console.log = console.error;
  let summary: SeedSummary;
  try {
    ({ summary } = await seedDataDir({ dataDir: dir, ...seedParameters, force: true }));
  } finally {
    console.log = consoleLog;
  }
  progress(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const marker: SeedMarker = { parameters: seedParameters, seededAt, summary };
  writeFileSync(markerFile, `${JSON.stringify(marker, null, 2)}\n`);
  return { dir, marker };
}

/** A fresh copy of the seeded data for this run: what the load writes never reaches the seeded set. */
function workingCopy(seedDir: string): string {
  const dir = join(options.dataRoot, "run");
  rmSync(dir, { recursive: true, force: true });
  cpSync(seedDir, dir, {
    recursive: true,
    filter: (source) => !source.endsWith("server.pid") && !source.endsWith("bench-seed.json"),
  });
  return dir;
}

// ── Step 3: cold starts ──────────────────────────────────────────────────────────────────────────

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function coldStarts(dataDir: string | null, now: string | null): Promise<number[]> {
  const times: number[] = [];
  for (let run = 1; run <= options.coldStarts; run++) {
    const dir = dataDir ?? join(options.dataRoot, "empty");
    if (!dataDir) rmSync(dir, { recursive: true, force: true });
    const server = await startPrestaLab(dir, now, `cold-${dataDir ? "seeded" : "empty"}-${run}.log`);
    times.push(round(server.startupMs, 1));
    await stopChild(server.child);
  }
  if (!dataDir) rmSync(join(options.dataRoot, "empty"), { recursive: true, force: true });
  return times;
}

// ── Step 5: load with autocannon ─────────────────────────────────────────────────────────────────

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
}

interface AutocannonRun extends PromiseLike<AutocannonResult> {
  on(
    event: "response",
    listener: (client: unknown, statusCode: number, responseBytes: number, responseTimeMs: number) => void,
  ): void;
}

// autocannon ships no type declarations: this is the part of its programmatic API the bench uses.
const autocannon = require("autocannon") as (options: Record<string, unknown>) => AutocannonRun;

interface Endpoint {
  label: string;
  method: "GET" | "POST";
  path: string;
  token?: string;
  headers?: Record<string, string>;
  /** POST bodies, sent in turn by each connection. */
  bodies?: string[];
  expectStatus: number;
  /** A list the DESIGN §7 budget applies to. */
  list: boolean;
}

interface LoadRow {
  endpoint: string;
  connections: number;
  /** How long the run lasted (longer than --duration for slow answers). */
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  bytes: number | null;
  requests: number;
  unexpected: number;
  errors: number;
  list: boolean;
  /** For a list answer over BIG_ANSWER_BYTES, the same run by `nativeLoad`: what the budget reads. */
  native?: { requestsPerSecond: number; p50Ms: number; p99Ms: number };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}

function latencySummary(samples: number[]) {
  const sorted = Float64Array.from(samples).sort();
  return { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), count: sorted.length };
}

/**
 * autocannon appends each answer's bytes to a string, decoding them as UTF-8, so for a large answer it
 * measures itself: a bare Bun.serve sending the whole inventory's 160 kB gzip gets about 600 answers a
 * second from it on this machine, and 14,000 from Bun's own fetch. A list answer larger than this is
 * loaded again by `nativeLoad`, and the DESIGN §7 budget reads that run.
 */
const BIG_ANSWER_BYTES = 64_000;

/** `connections` loops of Bun's fetch, each asking again once it has read its answer, for `seconds`. */
async function nativeLoad(baseUrl: string, endpoint: Endpoint, connections: number, seconds: number) {
  const samples: number[] = [];
  const headers = headersOf(endpoint);
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const answer = await fetch(`${baseUrl}${endpoint.path}`, { headers, decompress: false });
        await answer.arrayBuffer();
        if (answer.status === endpoint.expectStatus) samples.push(performance.now() - started);
      }
    }),
  );
  await waitUntilIdle(baseUrl);
  const { p50, p99, count } = latencySummary(samples);
  return { requestsPerSecond: round(count / seconds, 1), p50Ms: p50, p99Ms: p99 };
}

function headersOf(endpoint: Endpoint): Record<string, string> {
  return {
    ...GZIP,
    ...(endpoint.token ? { authorization: `Bearer ${endpoint.token}` } : {}),
    ...(endpoint.bodies ? { "content-type": "application/json" } : {}),
    ...endpoint.headers,
  };
}

/** One answer as sent on the wire (gzip when the server compresses), its status and headers. */
async function probe(baseUrl: string, endpoint: Endpoint, path = endpoint.path) {
  const started = performance.now();
  const answer = await fetch(`${baseUrl}${path}`, {
    method: endpoint.method,
    headers: headersOf(endpoint),
    body: endpoint.bodies?.[0],
    decompress: false,
  });
  const bytes = (await answer.arrayBuffer()).byteLength;
  return { status: answer.status, headers: answer.headers, bytes, ms: performance.now() - started };
}

/** Latency is timed per response (autocannon's own histogram keeps whole milliseconds only). */
async function loadOnce(
  baseUrl: string,
  endpoint: Endpoint,
  connections: number,
  durationSeconds: number,
): Promise<Omit<LoadRow, "bytes">> {
  const samples: number[] = [];
  let unexpected = 0;
  const run = autocannon({
    url: `${baseUrl}${endpoint.path}`,
    method: endpoint.method,
    headers: headersOf(endpoint),
    connections,
    duration: durationSeconds,
    timeout: MAX_RUN_SECONDS * 2,
    ...(endpoint.bodies
      ? { requests: endpoint.bodies.map((body) => ({ method: endpoint.method, path: endpoint.path, body })) }
      : {}),
  });
  run.on("response", (_client, statusCode, _bytes, responseTimeMs) => {
    if (statusCode === endpoint.expectStatus) samples.push(responseTimeMs);
    else unexpected++;
  });
  const result = await run;
  // autocannon drops the calls still open at the end; the server finishes them before the next run starts.
  await waitUntilIdle(baseUrl);
  const { p50, p99, count } = latencySummary(samples);
  return {
    endpoint: endpoint.label,
    connections,
    seconds: round(result.duration, 1),
    requestsPerSecond: round(count / result.duration, 1),
    p50Ms: p50,
    p99Ms: p99,
    requests: count,
    unexpected,
    errors: result.errors + result.timeouts,
    list: endpoint.list,
  };
}

async function loadEndpoint(baseUrl: string, endpoint: Endpoint): Promise<LoadRow[]> {
  const first = await probe(baseUrl, endpoint);
  if (first.status !== endpoint.expectStatus) {
    progress(`  ${endpoint.label}: answered ${first.status}, expected ${endpoint.expectStatus} — not loaded`);
    return [];
  }
  const rows: LoadRow[] = [];
  for (const connections of CONNECTIONS) {
    // A slow answer queues behind the others: give each connection time for about two of them, so the run
    // measures something instead of ending before the first answer (bounded by MAX_RUN_SECONDS).
    const perAnswerSeconds = (rows[0]?.p50Ms || first.ms) / 1000;
    const twoAnswersEach = Math.ceil(connections * perAnswerSeconds * 2);
    const duration = Math.max(options.durationSeconds, Math.min(MAX_RUN_SECONDS, twoAnswersEach));
    if (duration > options.durationSeconds)
      progress(`  ${endpoint.label} ×${connections}: slow answers, ${duration} s run`);
    const row: LoadRow = { ...(await loadOnce(baseUrl, endpoint, connections, duration)), bytes: first.bytes };
    progress(
      `  ${endpoint.label} ×${connections}: ${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms${row.unexpected || row.errors ? ` (${row.unexpected} unexpected, ${row.errors} errors)` : ""}`,
    );
    if (endpoint.list && endpoint.method === "GET" && connections > 1 && first.bytes > BIG_ANSWER_BYTES) {
      row.native = await nativeLoad(baseUrl, endpoint, connections, duration);
      progress(
        `  ${endpoint.label} ×${connections}, Bun's fetch: ${row.native.requestsPerSecond} req/s, p50 ${row.native.p50Ms} ms, p99 ${row.native.p99Ms} ms`,
      );
    }
    rows.push(row);
  }
  return rows;
}

/** Polls /api/health until it answers quickly: the calls left over from a run have been served. */
async function waitUntilIdle(baseUrl: string) {
  const deadline = performance.now() + MAX_RUN_SECONDS * 2_000;
  while (performance.now() < deadline) {
    const started = performance.now();
    await fetch(`${baseUrl}/api/health`).then((answer) => answer.arrayBuffer());
    if (performance.now() - started < 10) return;
    await sleep(100);
  }
  progress(`  warning: ${baseUrl}/api/health still slow ${MAX_RUN_SECONDS * 2} s after a load run; going on`);
}

/** Sequential calls, each with a URL never asked before, so no kept answer can serve it. */
async function cacheMisses(baseUrl: string, endpoint: Endpoint) {
  const samples: number[] = [];
  for (let call = 0; call < options.cacheMisses; call++) {
    const separator = endpoint.path.includes("?") ? "&" : "?";
    const answer = await probe(baseUrl, endpoint, `${endpoint.path}${separator}_bench=${Date.now()}${call}`);
    if (answer.status === endpoint.expectStatus) samples.push(answer.ms);
  }
  const { p50, count } = latencySummary(samples);
  return {
    endpoint: endpoint.label,
    calls: count,
    p50Ms: p50,
    maxMs: count ? round(Math.max(...samples)) : Number.NaN,
    /** PrestaLab's own time for the call, in process (scripts/bench-misses.ts), set by `addHandlerTimes`. */
    handlerMs: null as number | null,
  };
}

// ── Step 4 and fixtures: who signs in, which item, unit and words the load uses ─────────────────

interface Fixtures {
  today: string;
  students: Array<{ email: string; course: string; surname: string }>;
  /**
   * One unit of each cycle student's course, different for each, and a second one (of another item where
   * the course has one) that, with the first, makes the student's set of two.
   */
  cycleUnits: Array<{ unitId: number; usage: "interno" | null; setLines: Array<{ itemId: number; unitId: number }> }>;
  /** The item with the most units (desk view) and the one with the most units in the main student's course. */
  biggestItemId: number;
  studentItemId: number;
  /** The text searched in the paged lists: the first student's surname, which the generator gives to many. */
  searchTerm: string;
}

function readFixtures(databaseFile: string, today: string, needed: number): Fixtures {
  const db = new Database(databaseFile, { readonly: true });
  try {
    // Students who may request: not blocked, nothing overdue; the busiest first, so their own lists have rows.
    const students = db
      .query<{ email: string; course: string; surname: string }, [string]>(
        `SELECT u.email, u.corso_accademico AS course, u.surname FROM users u
          WHERE u.ruolo = 'user' AND u.is_blocked = 0 AND u.corso_accademico IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM prestiti p WHERE p.utente_id = u.id AND p.stato IN ('attivo', 'scaduto')
                              AND p.data_rientro < ?1)
          ORDER BY (SELECT count(*) FROM prestiti p WHERE p.utente_id = u.id) DESC, u.id LIMIT 200`,
      )
      .all(today);
    const unitQuery = db.query<{ unitId: number; itemId: number; loanType: string }, [string, string]>(
      `SELECT un.id AS unitId, i.id AS itemId, i.tipo_prestito AS loanType FROM unita un
         JOIN inventario i ON i.id = un.inventario_id
         JOIN inventario_corsi ic ON ic.inventario_id = i.id JOIN corsi c ON c.id = ic.corso_id
        WHERE c.nome = ?1 AND un.archived_at IS NULL AND i.archived_at IS NULL AND un.perso = 0
          AND NOT EXISTS (SELECT 1 FROM riparazioni r WHERE r.unit_id = un.id AND r.stato = 'in_corso')
          AND NOT EXISTS (SELECT 1 FROM prestiti_unita pu CROSS JOIN prestiti p ON p.id = pu.prestito_id
                           WHERE pu.unit_id = un.id AND p.stato IN ('attivo', 'scaduto') AND p.data_uscita <= ?2)
          AND NOT EXISTS (SELECT 1 FROM richieste q WHERE q.unit_id = un.id AND +q.stato = 'in_attesa'
                           AND q.dal <= ?2 AND q.al >= ?2)
        ORDER BY un.id`,
    );
    const usedUnits = new Set<number>();
    const cycleStudents: Fixtures["students"] = [];
    const cycleUnits: Fixtures["cycleUnits"] = [];
    for (const student of students) {
      if (cycleStudents.length === needed) break;
      const free = unitQuery.all(student.course, today).filter((candidate) => !usedUnits.has(candidate.unitId));
      const [unit] = free;
      const second = free.find((candidate) => candidate.itemId !== unit?.itemId) ?? free[1];
      if (!unit || !second) continue;
      usedUnits.add(unit.unitId);
      usedUnits.add(second.unitId);
      cycleStudents.push(student);
      // One day of internal use fits every loan type; "entrambi" needs the choice spelled out.
      cycleUnits.push({
        unitId: unit.unitId,
        usage: unit.loanType === "entrambi" ? "interno" : null,
        setLines: [unit, second].map((line) => ({ itemId: line.itemId, unitId: line.unitId })),
      });
    }
    if (cycleStudents.length < needed)
      throw new Error(`only ${cycleStudents.length} students can request a unit; the cycle needs ${needed}`);
    const mainCourse = (cycleStudents[0] as Fixtures["students"][number]).course;
    // The item with the most units, among those of `course` when one is given.
    const biggestItemQuery = db.query<{ id: number }, [string | null]>(
      `SELECT i.id FROM inventario i JOIN unita un ON un.inventario_id = i.id
        WHERE i.archived_at IS NULL AND un.archived_at IS NULL
          AND (?1 IS NULL OR EXISTS (SELECT 1 FROM inventario_corsi ic JOIN corsi c ON c.id = ic.corso_id
                                      WHERE ic.inventario_id = i.id AND c.nome = ?1))
        GROUP BY i.id ORDER BY count(*) DESC, i.id LIMIT 1`,
    );
    const biggestItem = (course: string | null) => biggestItemQuery.get(course);
    const biggestItemId = biggestItem(null)?.id;
    const studentItemId = biggestItem(mainCourse)?.id;
    if (!biggestItemId || !studentItemId) throw new Error("the data set has no items with units");
    return {
      today,
      students: cycleStudents,
      cycleUnits,
      biggestItemId,
      studentItemId,
      searchTerm: (cycleStudents[0] as Fixtures["students"][number]).surname,
    };
  } finally {
    db.close();
  }
}

// ── Step 6: request → approve → hand-over → return ──────────────────────────────────────────────

/** What one cycle books: a single spec request, or a set of two units through `/api/prenotazioni`. */
type CycleKind = "request" | "set";

interface CycleRow {
  kind: CycleKind;
  workers: number;
  cycles: number;
  cyclesPerSecond: number;
  failures: number;
  steps: Record<"request" | "approve" | "handOver" | "return" | "cycle", { p50Ms: number; p99Ms: number }>;
}

async function call(baseUrl: string, method: string, path: string, token: string, body?: unknown) {
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...GZIP },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

type CycleWorker = Fixtures["cycleUnits"][number] & { token: string };

/** One cycle of a single request: the spec's four calls. Answers each step's end time. */
async function requestCycle(baseUrl: string, adminToken: string, worker: CycleWorker, today: string) {
  const request = await call(baseUrl, "POST", "/api/richieste", worker.token, {
    unit_id: worker.unitId,
    dal: today,
    al: today,
    note: null,
    tipo_utilizzo: worker.usage,
  });
  const t1 = performance.now();
  const approval = await call(baseUrl, "PUT", `/api/prestiti/${request.id}/approva`, adminToken);
  const t2 = performance.now();
  // The counter hands the unit over before it can be taken back (DESIGN §3.3).
  await call(baseUrl, "PUT", `/api/prestiti/${approval.loanId}/consegna`, adminToken);
  const t3 = performance.now();
  await call(baseUrl, "PUT", `/api/prestiti/${approval.loanId}/restituisci`, adminToken);
  return [t1, t2, t3, performance.now()] as const;
}

/** One cycle of a set of two units: one call per step for the whole set. */
async function setCycle(baseUrl: string, adminToken: string, worker: CycleWorker, today: string) {
  const set = await call(baseUrl, "POST", "/api/prenotazioni", worker.token, {
    dal: today,
    al: today,
    tipo_utilizzo: "interno",
    righe: worker.setLines.map((line) => ({ inventario_id: line.itemId, unit_id: line.unitId })),
  });
  const t1 = performance.now();
  await call(baseUrl, "PUT", `/api/prenotazioni/${set.id}/approva`, adminToken);
  const t2 = performance.now();
  const unitIds = worker.setLines.map((line) => line.unitId);
  await call(baseUrl, "PUT", `/api/prenotazioni/${set.id}/consegna`, adminToken, { unita_ids: unitIds });
  const t3 = performance.now();
  await call(baseUrl, "PUT", `/api/prenotazioni/${set.id}/restituisci`, adminToken, { unita_ids: unitIds });
  return [t1, t2, t3, performance.now()] as const;
}

async function cycleRun(
  baseUrl: string,
  adminToken: string,
  workers: CycleWorker[],
  fixtures: Fixtures,
  count: number,
  kind: CycleKind = "request",
): Promise<CycleRow> {
  const timings = {
    request: [] as number[],
    approve: [] as number[],
    handOver: [] as number[],
    return: [] as number[],
    cycle: [] as number[],
  };
  let done = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    workers.map(async (worker) => {
      // Bounded: `count` cycles in all, each a day of use today (a loan is handed over from its first day,
      // not before); the worker's unit is free again once taken back. A few failures stop the run.
      while (done < count && failures < 5) {
        done++;
        try {
          const t0 = performance.now();
          const [t1, t2, t3, t4] = await (kind === "set" ? setCycle : requestCycle)(
            baseUrl,
            adminToken,
            worker,
            fixtures.today,
          );
          timings.request.push(t1 - t0);
          timings.approve.push(t2 - t1);
          timings.handOver.push(t3 - t2);
          timings.return.push(t4 - t3);
          timings.cycle.push(t4 - t0);
        } catch (error) {
          failures++;
          progress(`  cycle failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const steps = Object.fromEntries(
    Object.entries(timings).map(([step, samples]) => {
      const { p50, p99 } = latencySummary(samples);
      return [step, { p50Ms: p50, p99Ms: p99 }];
    }),
  ) as CycleRow["steps"];
  return {
    kind,
    workers: workers.length,
    cycles: timings.cycle.length,
    cyclesPerSecond: round(timings.cycle.length / seconds, 1),
    failures,
    steps,
  };
}

// ── Step 8: sizes ────────────────────────────────────────────────────────────────────────────────

/** The scripts and modulepreloads of the built index.html, gzipped and summed (lazy chunks excluded). */
function initialUiJavaScript() {
  const uiDist = join(projectRoot, "ui", "dist");
  const html = readFileSync(join(uiDist, "index.html"), "utf8");
  const files = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src) files.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) files.add(href);
  }
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const content = readFileSync(join(uiDist, file.replace(/^\//, "")));
    rawBytes += content.byteLength;
    gzipBytes += Bun.gzipSync(content).byteLength;
  }
  return { files: [...files], rawBytes, gzipBytes };
}

function machine() {
  const cpuInfo = existsSync("/proc/cpuinfo") ? readFileSync("/proc/cpuinfo", "utf8") : "";
  const osRelease = existsSync("/etc/os-release") ? readFileSync("/etc/os-release", "utf8") : "";
  return {
    cpu: /^model name\s*:\s*(.+)$/m.exec(cpuInfo)?.[1]?.trim() ?? cpus()[0]?.model ?? "unknown",
    cores: availableParallelism(),
    memoryGb: round(totalmem() / 1024 ** 3, 1),
    os: `${/^PRETTY_NAME="?([^"\n]+)"?$/m.exec(osRelease)?.[1] ?? type()} (kernel ${release()})`,
    bun: Bun.version,
    serverCpus: options.cpus ? `pinned to CPUs 0-${options.cpus - 1} with taskset` : "not pinned",
  };
}

// ── Step 5 (which endpoints) ─────────────────────────────────────────────────────────────────────

/**
 * The desk's list of sets, a page and a search by the first student's surname. Loaded after the cycles,
 * which book the sets it lists (the generated academy has none).
 */
function setListEndpoints(adminToken: string, fixtures: Fixtures): Endpoint[] {
  const term = encodeURIComponent(fixtures.searchTerm);
  const list = (query: string, label: string): Endpoint => ({
    label,
    method: "GET",
    path: `/api/prenotazioni?${query}&per_pagina=${PAGE_SIZE}`,
    token: adminToken,
    expectStatus: 200,
    list: true,
  });
  return [
    list("pagina=1", "sets: page 1"),
    list("stato=conclusa&pagina=1", "sets: conclusa, page 1"),
    list(`cerca=${term}&pagina=1`, `sets: search "${fixtures.searchTerm}", page 1`),
  ];
}

/** Every GET list of the spec's §7 API tables, the paged forms, conditional requests, /me and sign-in. */
async function endpointsToLoad(baseUrl: string, adminToken: string, studentToken: string, fixtures: Fixtures) {
  const admin = (path: string, label = path): Endpoint => ({
    label,
    method: "GET",
    path,
    token: adminToken,
    expectStatus: 200,
    list: true,
  });
  const asStudent = (path: string, label = path): Endpoint => ({
    ...admin(path, `${label} (student)`),
    token: studentToken,
  });
  const page = (list: "prestiti" | "richieste", query: string, label: string) =>
    admin(`/api/${list}?all=1&${query}&per_pagina=${PAGE_SIZE}`, label);

  const endpoints: Endpoint[] = [
    admin("/api/inventario"),
    asStudent("/api/inventario/disponibili"),
    asStudent(`/api/inventario/${fixtures.studentItemId}/disponibili`, "/api/inventario/{id}/disponibili"),
    admin(`/api/inventario/${fixtures.biggestItemId}/units`, "/api/inventario/{id}/units"),
    admin("/api/categorie-semplici"),
    admin("/api/corsi"),
    // The spec's plain calls answer the whole history (megabytes at this size): no screen uses them any
    // more, they are measured but not held to the list budget.
    { ...admin("/api/richieste?all=1", "/api/richieste?all=1 (whole history)"), list: false },
    asStudent("/api/richieste/mie"),
    { ...admin("/api/prestiti?all=1", "/api/prestiti?all=1 (whole history)"), list: false },
    asStudent("/api/prestiti/mie"),
    admin("/api/auth/users"),
    admin("/api/auth/password-reset-requests"),
    admin("/api/riparazioni"),
    admin("/api/segnalazioni"),
    asStudent("/api/segnalazioni/mie"),
    admin("/api/avvisi"),
    asStudent("/api/avvisi/utente"),
    admin("/api/stats"),
    ...["top-users", "top-items", "top-departments", "categories", "monthly-requests"].flatMap((name) =>
      [30, 90, 365].map((period) => admin(`/api/stats/${name}?period=${period}`)),
    ),
    // The demand report over the last year (src/modules/stats/demand.ts): one answer, not a list.
    {
      ...admin(
        `/api/stats/domanda?dal=${addDays(fixtures.today, -364)}&al=${fixtures.today}`,
        "/api/stats/domanda (a year)",
      ),
      list: false,
    },
    // A health probe that measures on every call, not a list.
    { ...admin("/api/system/status"), list: false },
    admin("/api/audit"),
  ];

  const returned = page("prestiti", "stato=restituito&pagina=1", "loans: restituito, page 1");
  const returnedTotal = await fetch(`${baseUrl}${returned.path}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  })
    .then((answer) => answer.json() as Promise<{ totale?: number }>)
    .then((body) => body.totale ?? 0);
  const lastPage = Math.max(1, Math.ceil(returnedTotal / PAGE_SIZE));
  const term = encodeURIComponent(fixtures.searchTerm);
  const pending = page("richieste", "stato=in_attesa&pagina=1", "requests: in_attesa, page 1");
  endpoints.push(
    pending,
    page("prestiti", "stato=in_corso&pagina=1", "loans: in_corso, page 1"),
    page("prestiti", "stato=attivo&pagina=1", "loans: attivo, page 1"),
    page("prestiti", "stato=scaduto&pagina=1", "loans: scaduto, page 1"),
    returned,
    page("prestiti", `stato=restituito&pagina=${lastPage}`, `loans: restituito, page ${lastPage} (last)`),
    page("prestiti", `cerca=${term}&pagina=1`, `loans: search "${fixtures.searchTerm}", page 1`),
    page("richieste", `cerca=${term}&pagina=1`, `requests: search "${fixtures.searchTerm}", page 1`),
  );

  // The big lists again, asking with the ETag of a previous answer: 304 and no body while nothing changed.
  for (const path of ["/api/inventario", "/api/prestiti?all=1", "/api/richieste?all=1", pending.path]) {
    const endpoint = endpoints.find((candidate) => candidate.path === path) as Endpoint;
    const etag = (await probe(baseUrl, endpoint)).headers.get("etag");
    if (etag)
      endpoints.push({
        ...endpoint,
        label: `${endpoint.label} (If-None-Match)`,
        headers: { "if-none-match": etag },
        expectStatus: 304,
      });
    else progress(`${path} sends no ETag: no conditional request`);
  }

  endpoints.push(
    { ...admin("/api/auth/me"), list: false },
    { ...asStudent("/api/auth/me"), list: false },
    {
      label: "POST /api/auth/login",
      method: "POST",
      path: "/api/auth/login",
      // A few different students, each with the right password: only failed sign-ins are throttled.
      bodies: fixtures.students
        .slice(0, 8)
        .map(({ email }) => JSON.stringify({ email, password: seedParameters.studentPassword })),
      expectStatus: 200,
      list: false,
    },
  );
  return endpoints;
}

/** The lists the baseline answers too (same paths): the full lists and the pages without a search. */
function isBaselineEndpoint(endpoint: Endpoint): boolean {
  if (endpoint.expectStatus !== 200 || endpoint.method !== "GET") return false;
  if (["/api/inventario", "/api/prestiti?all=1", "/api/richieste?all=1"].includes(endpoint.path)) return true;
  return /^\/api\/(prestiti|richieste)\?all=1&stato=/.test(endpoint.path);
}

type CacheMissRow = Awaited<ReturnType<typeof cacheMisses>>;

/** The lists whose misses the report shows. */
const isMissedList = (endpoint: Endpoint) => endpoint.list && endpoint.expectStatus === 200;

/**
 * The misses' "handler ms": each list's own time in process, on a copy of the data the server left (so
 * the same rows it answered from), once the server has stopped so that nothing else runs meanwhile.
 */
async function addHandlerTimes(
  runDir: string,
  now: string,
  measured: { endpoints: Endpoint[]; misses: CacheMissRow[] },
) {
  progress(`handler ms: ${HANDLER_CALLS} calls of each list through app.handle, on a copy of the data`);
  const handlerMs = await measureHandlers(
    runDir,
    now,
    measured.endpoints
      .filter(isMissedList)
      .map((endpoint) => ({ label: endpoint.label, path: endpoint.path, headers: headersOf(endpoint) })),
  );
  for (const row of measured.misses) row.handlerMs = handlerMs.get(row.endpoint) ?? null;
}

// ── Steps 3–6 on PrestaLab, step 7 on the baseline ───────────────────────────────────────────────

async function measurePrestaLab(runDir: string, now: string) {
  progress("starting the server for the load");
  const server = await startPrestaLab(runDir, now, "load.log");
  try {
    const { baseUrl } = server;
    await sleep(options.idleSeconds * 1000);
    const idle = memoryOf(server.child.pid);
    progress(`idle memory after ${options.idleSeconds} s: ${idle.rssMb} MB`);
    const sampler = memorySampler(server.child.pid);

    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { today: string };
    const fixtures = readFixtures(join(runDir, "prestalab.db"), health.today, CONNECTIONS[1]);
    const tokens = await Promise.all(
      fixtures.students.map(({ email }) => signIn(baseUrl, email, seedParameters.studentPassword)),
    );
    const adminToken = await signIn(baseUrl, seedParameters.adminEmail, seedParameters.adminPassword);
    const student = fixtures.students[0] as Fixtures["students"][number];
    progress(`signed in as ${seedParameters.adminEmail} and ${tokens.length} students (first: ${student.email})`);

    const endpoints = await endpointsToLoad(baseUrl, adminToken, tokens[0] as string, fixtures);
    progress(
      `loading ${endpoints.length} endpoints at ${CONNECTIONS.join(" and ")} connections, ${options.durationSeconds} s each`,
    );
    const rows: LoadRow[] = [];
    for (const endpoint of endpoints) rows.push(...(await loadEndpoint(baseUrl, endpoint)));

    progress(`request → approve → hand-over → return: ${options.cycles} cycles with 1 and ${CONNECTIONS[1]} workers`);
    const workers = fixtures.cycleUnits.map((unit, index) => ({ ...unit, token: tokens[index] as string }));
    await sleep(1_000);
    // A few unmeasured cycles first: the first calls of a code path are slower than the rest.
    await cycleRun(baseUrl, adminToken, workers.slice(0, 1), fixtures, 5);
    const cycles = [
      await cycleRun(baseUrl, adminToken, workers.slice(0, 1), fixtures, options.cycles),
      await cycleRun(baseUrl, adminToken, workers, fixtures, options.cycles),
    ];
    progress(`the same for a set of two units: ${options.cycles} cycles with 1 and ${CONNECTIONS[1]} workers`);
    await cycleRun(baseUrl, adminToken, workers.slice(0, 1), fixtures, 5, "set");
    cycles.push(
      await cycleRun(baseUrl, adminToken, workers.slice(0, 1), fixtures, options.cycles, "set"),
      await cycleRun(baseUrl, adminToken, workers, fixtures, options.cycles, "set"),
    );
    for (const row of cycles)
      progress(
        `  ${row.kind}, ${row.workers} worker(s): ${row.cycles} cycles, ${row.cyclesPerSecond}/s, cycle p50 ${row.steps.cycle.p50Ms} ms, p99 ${row.steps.cycle.p99Ms} ms`,
      );

    const setLists = setListEndpoints(adminToken, fixtures);
    progress(`loading the set lists (${setLists.length}) over the sets the cycles booked`);
    for (const endpoint of setLists) rows.push(...(await loadEndpoint(baseUrl, endpoint)));
    endpoints.push(...setLists);

    const peak = { ...memoryOf(server.child.pid), ...sampler.stop() };
    progress(
      `peak memory (VmHWM): ${peak.peakMb} MB; at most ${peak.anonMb} MB private, ${peak.fileMb} MB mapped files`,
    );

    progress(`cache misses: ${options.cacheMisses} sequential calls per list, each with a new URL`);
    const misses: CacheMissRow[] = [];
    for (const endpoint of endpoints.filter(isMissedList)) misses.push(await cacheMisses(baseUrl, endpoint));
    return { idleMb: idle.rssMb, peak, fixtures, endpoints, rows, cycles, misses };
  } finally {
    await stopChild(server.child);
  }
}

async function measureBaseline(runDir: string, today: string, endpoints: Endpoint[]) {
  progress("baseline: Bun.serve + bun:sqlite, read-only, the same lists");
  const port = freePort();
  const baseline = await launch(
    ["bun", "run", join(projectRoot, "scripts", "bench-baseline.ts")],
    { BENCH_DB: join(runDir, "prestalab.db"), BENCH_TODAY: today, PORT: String(port) },
    join(options.dataRoot, "logs", "baseline.log"),
    port,
  );
  try {
    const rows: LoadRow[] = [];
    const misses: CacheMissRow[] = [];
    for (const endpoint of endpoints.filter(isBaselineEndpoint)) {
      const anonymous = { ...endpoint, token: undefined };
      rows.push(...(await loadEndpoint(baseline.baseUrl, anonymous)));
      misses.push(await cacheMisses(baseline.baseUrl, anonymous));
    }
    return { rows, misses };
  } finally {
    await stopChild(baseline.child);
  }
}

// ── Step 9: report ───────────────────────────────────────────────────────────────────────────────

const ratio = (ours: number | undefined, base: number) => (ours === undefined ? Number.NaN : round(ours / base, 1));

function compareWithBaseline(ours: LoadRow[], baseline: LoadRow[], oursMisses: CacheMissRow[], misses: CacheMissRow[]) {
  return {
    load: baseline.map((base) => {
      const row = ours.find(
        (candidate) => candidate.endpoint === base.endpoint && candidate.connections === base.connections,
      );
      return {
        endpoint: base.endpoint,
        connections: base.connections,
        p50Ms: row?.p50Ms ?? Number.NaN,
        baselineP50Ms: base.p50Ms,
        p50Ratio: ratio(row?.p50Ms, base.p50Ms),
        p99Ms: row?.p99Ms ?? Number.NaN,
        baselineP99Ms: base.p99Ms,
        p99Ratio: ratio(row?.p99Ms, base.p99Ms),
      };
    }),
    cacheMisses: misses.map((base) => {
      const row = oursMisses.find((candidate) => candidate.endpoint === base.endpoint);
      return {
        endpoint: base.endpoint,
        p50Ms: row?.p50Ms ?? Number.NaN,
        baselineP50Ms: base.p50Ms,
        p50Ratio: ratio(row?.p50Ms, base.p50Ms),
      };
    }),
  };
}

function budgetsOf(measured: {
  rows: LoadRow[];
  cycles: CycleRow[];
  coldStartMs: number;
  idleMb: number;
  uiGzipBytes: number;
}) {
  const lists = measured.rows
    .filter((row) => row.list && row.connections === CONNECTIONS[1])
    .map((row) => ({ ...row, ...row.native }));
  const slow = lists.filter((row) => !(row.p50Ms < 10 && row.p99Ms < 50));
  return [
    {
      budget: `list endpoints at ${CONNECTIONS[1]} connections: p50 < 10 ms and p99 < 50 ms (answers over ${BIG_ANSWER_BYTES / 1000} kB loaded by Bun's fetch)`,
      measured: `${lists.length - slow.length}/${lists.length} within${slow.length ? `; over: ${slow.map((row) => `${row.endpoint} (${number(row.p50Ms, 1)} / ${number(row.p99Ms, 1)} ms)`).join(", ")}` : ""}`,
      met: lists.length > 0 && slow.length === 0,
    },
    ...measured.cycles.map((cycle) => ({
      budget: `${cycle.kind === "set" ? "set of two: book/approve/hand-over/return" : "request/approve/return"} cycle p99 < 20 ms (${cycle.workers} worker${cycle.workers > 1 ? "s" : ""})`,
      measured: `${cycle.steps.cycle.p99Ms} ms${cycle.failures ? `, ${cycle.failures} failed` : ""}`,
      met: cycle.failures === 0 && cycle.steps.cycle.p99Ms < 20,
    })),
    {
      budget: "cold start to the first /api/health < 300 ms (seeded data, median)",
      measured: `${measured.coldStartMs} ms`,
      met: measured.coldStartMs < 300,
    },
    { budget: "idle memory < 120 MB (VmRSS)", measured: `${measured.idleMb} MB`, met: measured.idleMb < 120 },
    {
      budget: "UI initial JavaScript < 250 kB gzipped",
      measured: `${round(measured.uiGzipBytes / 1000, 1)} kB`,
      met: measured.uiGzipBytes < 250_000,
    },
  ];
}

function loadWarning(row: LoadRow): string {
  if (row.requests === 0) return ` ⚠ no answer completed within ${row.seconds} s`;
  if (row.unexpected || row.errors) return ` ⚠ ${row.unexpected} unexpected statuses, ${row.errors} errors`;
  return "";
}

function markdownTable(header: string[], rows: Array<Array<string | number>>, rightFrom = 1): string {
  const align = header.map((_, index) => (index >= rightFrom ? "---:" : "---"));
  return [header, align, ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

type Results = ReturnType<typeof collectResults>;

function collectResults(input: {
  startedAt: string;
  marker: SeedMarker;
  prestaLab: Awaited<ReturnType<typeof measurePrestaLab>>;
  baseline: Awaited<ReturnType<typeof measureBaseline>>;
  coldSeeded: number[];
  coldEmpty: number[];
}) {
  const { prestaLab, baseline, marker } = input;
  const ui = initialUiJavaScript();
  const coldStartMs = {
    seeded: input.coldSeeded,
    seededMedian: round(median(input.coldSeeded), 1),
    empty: input.coldEmpty,
    emptyMedian: round(median(input.coldEmpty), 1),
  };
  return {
    startedAt: input.startedAt,
    finishedAt: new Date().toISOString(),
    options: { ...options, dataRoot: relative(projectRoot, options.dataRoot) || "." },
    dataSet: { seededAt: marker.seededAt, parameters: marker.parameters, generated: marker.summary },
    machine: machine(),
    load: prestaLab.rows,
    cycles: prestaLab.cycles,
    cacheMisses: prestaLab.misses,
    baseline: {
      load: baseline.rows,
      cacheMisses: baseline.misses,
      comparison: compareWithBaseline(prestaLab.rows, baseline.rows, prestaLab.misses, baseline.misses),
    },
    coldStartMs,
    memoryMb: {
      idleRss: prestaLab.idleMb,
      idleAfterSeconds: options.idleSeconds,
      peakHwm: prestaLab.peak.peakMb,
      peakPrivate: prestaLab.peak.anonMb,
      peakMappedFiles: prestaLab.peak.fileMb,
    },
    binaryBytes: statSync(binaryPath).size,
    uiInitialJs: ui,
    budgets: budgetsOf({
      rows: prestaLab.rows,
      cycles: prestaLab.cycles,
      coldStartMs: coldStartMs.seededMedian,
      idleMb: prestaLab.idleMb,
      uiGzipBytes: ui.gzipBytes,
    }),
  };
}

function renderMarkdown(results: Results): string {
  const counts = results.dataSet.generated;
  const { comparison } = results.baseline;
  const pair = (step: { p50Ms: number; p99Ms: number }) => `${number(step.p50Ms, 2)} / ${number(step.p99Ms, 2)}`;
  const host = results.machine;
  const ui = results.uiInitialJs;
  return [
    `## PrestaLab benchmark${quick ? " (--quick)" : ""}`,
    "",
    `Data: ${number(counts.items)} items, ${number(counts.units)} units, ${number(counts.students)} students, ${number(counts.loans)} loans, ${number(counts.requests)} requests, ${number(counts.repairs)} repairs, ${number(counts.reports)} reports — seeded ${results.dataSet.seededAt}, served with PRESTALAB_NOW at that instant. ${options.durationSeconds} s per run (longer for slow answers, at most ${MAX_RUN_SECONDS} s) with Accept-Encoding: gzip; the load generator shares the machine.`,
    "",
    markdownTable(
      ["endpoint", "conns", "req/s", "p50 ms", "p99 ms", "bytes"],
      results.load.map((row) => [
        row.endpoint + loadWarning(row),
        row.connections,
        number(row.requestsPerSecond, row.requestsPerSecond < 10 ? 1 : 0),
        number(row.p50Ms, 2),
        number(row.p99Ms, 2),
        number(row.bytes),
      ]),
    ),
    "",
    ...results.load
      .filter((row) => row.native)
      .map(
        (row) =>
          `- ${row.endpoint} ×${row.connections} loaded by Bun's fetch (autocannon decodes each answer into a string): ${number(row.native?.requestsPerSecond ?? 0, 0)} req/s, p50 ${number(row.native?.p50Ms ?? 0, 2)} ms, p99 ${number(row.native?.p99Ms ?? 0, 2)} ms`,
      ),
    "",
    "### Request → approve → hand-over → return (a single request, or a set of two units)",
    "",
    markdownTable(
      [
        "booking",
        "workers",
        "cycles",
        "cycles/s",
        "request p50 / p99",
        "approve p50 / p99",
        "hand-over p50 / p99",
        "return p50 / p99",
        "cycle p50 / p99 ms",
      ],
      results.cycles.map((row) => [
        row.kind === "set" ? "set of two" : "request",
        row.workers,
        `${row.cycles}${row.failures ? ` (${row.failures} failed)` : ""}`,
        number(row.cyclesPerSecond, 1),
        pair(row.steps.request),
        pair(row.steps.approve),
        pair(row.steps.handOver),
        pair(row.steps.return),
        pair(row.steps.cycle),
      ]),
    ),
    "",
    "### Against the baseline (bare Bun.serve + bun:sqlite, read-only; no auth, cache or gzip)",
    "",
    "Under load PrestaLab answers repeated lists from its response cache; the cache-miss table compares the queries themselves.",
    "",
    markdownTable(
      ["endpoint", "conns", "p50 ms", "baseline p50", "p50 ×", "p99 ms", "baseline p99", "p99 ×"],
      comparison.load.map((row) => [
        row.endpoint,
        row.connections,
        number(row.p50Ms, 2),
        number(row.baselineP50Ms, 2),
        number(row.p50Ratio, 1),
        number(row.p99Ms, 2),
        number(row.baselineP99Ms, 2),
        number(row.p99Ratio, 1),
      ]),
    ),
    "",
    `### Cache misses (${options.cacheMisses} sequential calls per list, each with a URL not asked before)`,
    "",
    `handler ms: the same call's own time in process (\`app.handle\` on a copy of the data, no socket, list readers or request log; median of ${HANDLER_CALLS} after ${HANDLER_WARM_UP} unmeasured, in rounds; see scripts/bench-misses.ts), steadier than the wall times for calls of a few ms.`,
    "",
    markdownTable(
      ["endpoint", "p50 ms", "max ms", "handler ms", "baseline p50", "p50 ×"],
      results.cacheMisses.map((miss) => {
        const base = comparison.cacheMisses.find((row) => row.endpoint === miss.endpoint);
        return [
          miss.endpoint,
          number(miss.p50Ms, 2),
          number(miss.maxMs, 2),
          number(miss.handlerMs, 2),
          number(base?.baselineP50Ms, 2),
          number(base?.p50Ratio, 1),
        ];
      }),
    ),
    "",
    "### Start-up, memory, size",
    "",
    `- cold start to the first /api/health, seeded data: median ${results.coldStartMs.seededMedian} ms (${results.coldStartMs.seeded.join(", ")})`,
    `- cold start, empty data dir (creates the database and the first administrator): median ${results.coldStartMs.emptyMedian} ms (${results.coldStartMs.empty.join(", ")})`,
    `- idle memory (VmRSS ${results.memoryMb.idleAfterSeconds} s after start): ${results.memoryMb.idleRss} MB`,
    `- peak memory (VmHWM at the end of the load): ${results.memoryMb.peakHwm} MB; sampled every 250 ms, at most ${results.memoryMb.peakPrivate} MB private (RssAnon) and ${results.memoryMb.peakMappedFiles} MB of mapped files (RssFile: the database, once per connection that read it)`,
    `- binary dist/prestalab: ${round(results.binaryBytes / 1024 ** 2, 1)} MB`,
    `- UI initial JavaScript: ${round(ui.gzipBytes / 1000, 1)} kB gzipped (${round(ui.rawBytes / 1000, 1)} kB raw; ${ui.files.join(", ")})`,
    "",
    "### Machine",
    "",
    `- CPU: ${host.cpu}, ${host.cores} cores (servers ${host.serverCpus})`,
    `- memory: ${host.memoryGb} GB`,
    `- OS: ${host.os}`,
    `- Bun ${host.bun}`,
    "",
    "### DESIGN §7 budgets",
    "",
    markdownTable(
      ["budget", "measured", "result"],
      results.budgets.map((row) => [row.budget, row.measured, row.met ? "met" : "NOT met"]),
      3,
    ),
  ].join("\n");
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────────

/** The mixed scenario: students, the desk and the polling screens at once (scripts/bench-mixed.ts). */
async function measureMixed(runDir: string, now: string) {
  const server = await startPrestaLab(runDir, now, "mixed.log");
  try {
    const { baseUrl } = server;
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { today: string };
    const studentCount = 8;
    const fixtures = readFixtures(join(runDir, "prestalab.db"), health.today, studentCount);
    const tokens = await Promise.all(
      fixtures.students.map(({ email }) => signIn(baseUrl, email, seedParameters.studentPassword)),
    );
    const result = await runMixedScenario({
      baseUrl,
      adminToken: await signIn(baseUrl, seedParameters.adminEmail, seedParameters.adminPassword),
      students: fixtures.cycleUnits.map((unit, index) => ({ ...unit, token: tokens[index] as string })),
      studentItemId: fixtures.studentItemId,
      today: health.today,
      durationSeconds: options.durationSeconds,
      readers: CONNECTIONS[1],
      pageSize: PAGE_SIZE,
      progress,
    });
    return { ...result, memory: memoryOf(server.child.pid) };
  } finally {
    await stopChild(server.child);
  }
}

async function mainMixed() {
  await build();
  const { dir: seedDir, marker } = await seededDataDir();
  const runDir = workingCopy(seedDir);
  mkdirSync(join(options.dataRoot, "logs"), { recursive: true });
  const result = await measureMixed(runDir, marker.seededAt);
  const results = { machine: machine(), dataSet: marker.parameters, ...result };
  writeFileSync(join(projectRoot, "bench-mixed-results.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log(mixedMarkdown(result));
  progress("results also written to bench-mixed-results.json");
}

/** Every screen in Chromium, time to usable (scripts/bench-screens.ts). */
async function mainScreens() {
  await build();
  const { dir: seedDir, marker } = await seededDataDir();
  const runDir = workingCopy(seedDir);
  mkdirSync(join(options.dataRoot, "logs"), { recursive: true });
  const server = await startPrestaLab(runDir, marker.seededAt, "screens.log");
  try {
    const { baseUrl } = server;
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { today: string };
    const fixtures = readFixtures(join(runDir, "prestalab.db"), health.today, 1);
    const student = fixtures.students[0];
    if (!student) throw new Error("the data set has no student who may borrow");
    progress("screens in Chromium: first open (cache misses), then again");
    const rows = await runScreenTimings({
      baseUrl,
      adminToken: await signIn(baseUrl, seedParameters.adminEmail, seedParameters.adminPassword),
      studentToken: await signIn(baseUrl, student.email, seedParameters.studentPassword),
      studentItemId: fixtures.studentItemId,
      screenshotDir: join(options.dataRoot, "logs", "screens"),
      progress,
    });
    writeFileSync(
      join(projectRoot, "bench-screens-results.json"),
      `${JSON.stringify({ machine: machine(), dataSet: marker.parameters, rows }, null, 2)}\n`,
    );
    console.log(screensMarkdown(rows));
    progress("results also written to bench-screens-results.json");
  } finally {
    await stopChild(server.child);
  }
}

/** Issue 14's side-by-side run: three lists, each read after a write (scripts/bench-side-by-side.ts). */
async function mainSideBySide() {
  await build();
  const { dir: seedDir, marker } = await seededDataDir();
  const runDir = workingCopy(seedDir);
  mkdirSync(join(options.dataRoot, "logs"), { recursive: true });
  const server = await startPrestaLab(runDir, marker.seededAt, "side-by-side.log");
  try {
    const { baseUrl } = server;
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { today: string };
    const fixtures = readFixtures(join(runDir, "prestalab.db"), health.today, 1);
    const student = fixtures.students[0];
    const unit = fixtures.cycleUnits[0];
    if (!student || !unit) throw new Error("the data set has no student who may borrow");
    const database = new Database(join(runDir, "prestalab.db"), { readonly: true });
    const itemId = database
      .query<{ id: number }, [number]>("SELECT inventario_id AS id FROM unita WHERE id = ?1")
      .get(unit.unitId)?.id;
    database.close();
    if (!itemId) throw new Error(`unit ${unit.unitId} has no item`);
    progress(`side by side: ${options.cacheMisses * 2} reads of each list, each after a write`);
    const rows = await runSideBySide({
      baseUrl,
      adminToken: await signIn(baseUrl, seedParameters.adminEmail, seedParameters.adminPassword),
      studentToken: await signIn(baseUrl, student.email, seedParameters.studentPassword),
      write: { itemId, unitId: unit.unitId },
      serverPid: server.child.pid,
      calls: options.cacheMisses * 2,
    });
    const summary = marker.summary;
    writeFileSync(
      join(projectRoot, "bench-side-by-side-results.json"),
      `${JSON.stringify({ machine: machine(), dataSet: marker.parameters, generated: summary, rows }, null, 2)}\n`,
    );
    console.log(
      `Data: ${number(summary.items)} items, ${number(summary.units)} units, ${number(summary.students)} students, ${number(summary.loans)} loans, ${number(summary.requests)} requests (data-bench/seed-side); the student sees the items of their course.\n`,
    );
    console.log(sideBySideMarkdown(rows));
    progress("results also written to bench-side-by-side-results.json");
  } finally {
    await stopChild(server.child);
  }
}

/** The demand report alone: its cache misses and the server's longest stall meanwhile (scripts/bench-demand.ts). */
async function mainDemand() {
  await build();
  const { dir: seedDir, marker } = await seededDataDir();
  const runDir = workingCopy(seedDir);
  mkdirSync(join(options.dataRoot, "logs"), { recursive: true });
  const server = await startPrestaLab(runDir, marker.seededAt, "demand.log");
  try {
    const { baseUrl } = server;
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { today: string };
    progress(`demand report over the year to ${health.today}: ${options.demandCalls} cache misses`);
    const row = await runDemandScenario({
      baseUrl,
      adminToken: await signIn(baseUrl, seedParameters.adminEmail, seedParameters.adminPassword),
      from: addDays(health.today, -364),
      to: health.today,
      calls: options.demandCalls,
    });
    const summary = marker.summary;
    writeFileSync(
      join(projectRoot, "bench-demand-results.json"),
      `${JSON.stringify({ machine: machine(), dataSet: marker.parameters, row }, null, 2)}\n`,
    );
    console.log(
      demandMarkdown(
        row,
        `${number(summary.items)} items, ${number(summary.units)} units, ${number(summary.loans)} loans (×${options.scale})`,
      ),
    );
    progress("results also written to bench-demand-results.json");
  } finally {
    await stopChild(server.child);
  }
}

async function main() {
  const startedAt = new Date().toISOString();
  await build();
  const { dir: seedDir, marker } = await seededDataDir();
  const runDir = workingCopy(seedDir);
  const logs = join(options.dataRoot, "logs");
  rmSync(logs, { recursive: true, force: true });
  mkdirSync(logs, { recursive: true });

  progress(`cold start ×${options.coldStarts} on the seeded data`);
  const coldSeeded = await coldStarts(runDir, marker.seededAt);
  progress(`  ${coldSeeded.join(", ")} ms`);
  progress(`cold start ×${options.coldStarts} on an empty data dir`);
  const coldEmpty = await coldStarts(null, null);
  progress(`  ${coldEmpty.join(", ")} ms`);

  const prestaLab = await measurePrestaLab(runDir, marker.seededAt);
  await addHandlerTimes(runDir, marker.seededAt, prestaLab);
  const baseline = await measureBaseline(runDir, prestaLab.fixtures.today, prestaLab.endpoints);

  const results = collectResults({ startedAt, marker, prestaLab, baseline, coldSeeded, coldEmpty });
  writeFileSync(join(projectRoot, "bench-results.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log(renderMarkdown(results));
  progress("results also written to bench-results.json");
}

try {
  await (options.mixed
    ? mainMixed()
    : options.screens
      ? mainScreens()
      : options.sideBySide
        ? mainSideBySide()
        : options.demand
          ? mainDemand()
          : main());
} catch (error) {
  progress(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await Promise.all([...children].map((child) => stopChild(child)));
}

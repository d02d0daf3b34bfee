/**
 * Starts the compiled binary (dist/prestalab) on a fresh temporary data directory and a free port, and
 * talks to its API. Plain Node.js APIs only: Playwright runs this under Node, scripts/smoke.ts under Bun.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
export const binaryPath = join(projectRoot, "dist", "prestalab");

export interface Credentials {
  email: string;
  password: string;
}

export interface ServerOptions {
  /** Extra environment, e.g. `{ PRESTALAB_NOW: "2026-03-10T09:00:00+01:00" }`. */
  env?: Record<string, string>;
  /** The first administrator, created on the empty database (ADMIN_EMAIL / ADMIN_PASSWORD). */
  admin?: Credentials;
  /** Directory the binary starts in (its data lives in `<workDir>/data`); a new temporary one by default. */
  workDir?: string;
  /** How long to wait for /api/health to answer. */
  startTimeoutMs?: number;
  /**
   * Extra command-line arguments after `serve`, e.g. `["--demo"]`. `--demo` loads the demo academy into the
   * empty database on the first start only (the binary refuses it on a database with data), so `restart()`
   * leaves it out.
   */
  args?: string[];
}

/** The accounts `serve --demo` generates and prints once on the console. */
export interface DemoCredentials {
  admin: Credentials;
  student: Credentials;
}

export const defaultAdmin: Credentials = { email: "banco@accademia.test", password: "Banco-Prestiti-2026" };

export interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are inspected freely in tests
  body: any;
  headers: Headers;
}

export interface Student extends Credentials {
  token: string;
  // biome-ignore lint/suspicious/noExplicitAny: the user as the API returns it
  user: any;
}

/** Variables of the developer's shell that would change the server under test; the test sets its own. */
const inheritedVariables = ["PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "TZ"];

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

let studentCounter = 0;

export class PrestaLabServer {
  /** The first administrator (with `--demo`: the demo administrator read from the console). */
  admin: Credentials;
  /** With `--demo`: the printed demo accounts; null otherwise. */
  demo: DemoCredentials | null = null;
  readonly workDir: string;
  readonly dataDir: string;
  /** Milliseconds from spawning the process to the first healthy answer, for the latest start. */
  startupMs = 0;
  private child: ChildProcess | null = null;
  private exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null = null;
  private log = "";
  private logListeners = new Set<() => void>();
  private env: Record<string, string>;
  private args: string[];
  private readonly ownsWorkDir: boolean;

  private constructor(
    readonly port: number,
    private readonly options: ServerOptions,
  ) {
    this.admin = options.admin ?? defaultAdmin;
    this.ownsWorkDir = !options.workDir;
    this.workDir = options.workDir ?? mkdtempSync(join(tmpdir(), "prestalab-e2e-"));
    this.dataDir = join(this.workDir, "data");
    this.env = { ...(options.env ?? {}) };
    this.args = [...(options.args ?? [])];
  }

  /** Starts the binary and resolves once /api/health answers. */
  static async start(options: ServerOptions = {}): Promise<PrestaLabServer> {
    if (!existsSync(binaryPath)) throw new Error(`${binaryPath} is missing: run \`bun run build\` first`);
    const server = new PrestaLabServer(await freePort(), options);
    await server.launch();
    if (server.args.includes("--demo")) {
      server.demo = await server.readDemoCredentials();
      server.admin = server.demo.admin;
    }
    return server;
  }

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The running process's id (for a script that reads its memory in /proc), or null when stopped. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** Everything the server printed so far (its request log, the first-admin banner, errors). */
  output(): string {
    return this.log;
  }

  private async launch() {
    const environment: Record<string, string> = {};
    for (const name of inheritedVariables) {
      const value = process.env[name];
      if (value !== undefined) environment[name] = value;
    }
    Object.assign(environment, {
      PRESTALAB_DATA_DIR: this.dataDir,
      HOST: "127.0.0.1",
      PORT: String(this.port),
      ADMIN_EMAIL: this.admin.email,
      ADMIN_PASSWORD: this.admin.password,
      LOG_LEVEL: "info",
      ...this.env,
    });
    const started = performance.now();
    const child = spawn(binaryPath, ["serve", ...this.args], { cwd: this.workDir, env: environment, stdio: "pipe" });
    this.child = child;
    const append = (chunk: Buffer) => {
      // Keep the tail only: a long journey logs one line per request.
      this.log = (this.log + chunk.toString()).slice(-200_000);
      for (const listener of this.logListeners) listener();
    };
    child.stdout?.on("data", append);
    child.stderr?.on("data", append);
    this.exit = new Promise((resolveExit) => child.once("exit", (code, signal) => resolveExit({ code, signal })));

    let exited = false;
    void this.exit.then(() => {
      exited = true;
    });
    const deadline = started + (this.options.startTimeoutMs ?? 15_000);
    while (performance.now() < deadline) {
      if (exited) throw new Error(`PrestaLab exited during start-up:\n${this.log}`);
      try {
        const answer = await fetch(`${this.baseURL}/api/health`);
        if (answer.ok) {
          this.startupMs = performance.now() - started;
          return;
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((wake) => setTimeout(wake, 5));
    }
    child.kill("SIGKILL");
    throw new Error(`PrestaLab did not answer /api/health within the time limit:\n${this.log}`);
  }

  /** Resolves with the first match of `pattern` in what the server printed, waiting for it if needed. */
  waitForOutput(pattern: RegExp, timeoutMs = 5_000): Promise<RegExpMatchArray> {
    return new Promise((resolveMatch, reject) => {
      const check = () => {
        const match = this.log.match(pattern);
        if (!match) return false;
        clearTimeout(timer);
        this.logListeners.delete(listener);
        resolveMatch(match);
        return true;
      };
      const listener = () => void check();
      const timer = setTimeout(() => {
        this.logListeners.delete(listener);
        reject(new Error(`PrestaLab did not print ${pattern} within ${timeoutMs} ms:\n${this.log}`));
      }, timeoutMs);
      this.logListeners.add(listener);
      check();
    });
  }

  /**
   * The demo banner: "Amministratore: <email>  password: …" and "Studente: <email>  password: <password>".
   * The demo administrator is the one ADMIN_EMAIL/ADMIN_PASSWORD name, which this harness always sets.
   */
  private async readDemoCredentials(): Promise<DemoCredentials> {
    const admin = await this.waitForOutput(/Amministratore:\s+(\S+)\s+password:/);
    const student = await this.waitForOutput(/Studente:\s+(\S+)\s+password:\s+(\S+)/);
    return {
      admin: { email: String(admin[1]), password: this.admin.password },
      student: { email: String(student[1]), password: String(student[2]) },
    };
  }

  /** SIGTERM, then waits for the process to end; reports how it ended. */
  async stop(timeoutMs = 10_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const child = this.child;
    const exit = this.exit;
    if (!child || !exit) return { code: 0, signal: null };
    this.child = null;
    this.exit = null;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<null>((resolveTimeout) => {
      timer = setTimeout(() => resolveTimeout(null), timeoutMs);
    });
    const ended = await Promise.race([exit, timeout]);
    clearTimeout(timer);
    if (ended) return ended;
    child.kill("SIGKILL");
    throw new Error(`PrestaLab did not stop within ${timeoutMs} ms of SIGTERM:\n${this.log}`);
  }

  /**
   * Stops and starts again on the same data directory and port, with `env` merged into the environment —
   * e.g. a later PRESTALAB_NOW to travel forward in time while the data stays.
   */
  async restart(env: Record<string, string> = {}): Promise<void> {
    const ended = await this.stop();
    if (ended.code !== 0) throw new Error(`PrestaLab exited with ${ended.code ?? ended.signal} on restart`);
    Object.assign(this.env, env);
    this.args = this.args.filter((arg) => arg !== "--demo");
    await this.launch();
  }

  /** Stops the server (if running) and removes the temporary directory it created. */
  async dispose(): Promise<void> {
    await this.stop();
    if (this.ownsWorkDir) rmSync(this.workDir, { recursive: true, force: true });
  }

  /**
   * Ends the process at once with SIGKILL — no shutdown, no checkpoint, as a power cut or the OOM killer
   * would — and waits until it is gone. `restart()` then starts it again on the same data directory.
   */
  async kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const child = this.child;
    const exit = this.exit;
    if (!child || !exit) return { code: null, signal: null };
    this.child = null;
    this.exit = null;
    child.kill("SIGKILL");
    return exit;
  }

  /** A GET whose answer is kept as bytes (e.g. the database backup download). */
  async download(path: string, token?: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
    const answer = await fetch(`${this.baseURL}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: answer.status, headers: answer.headers, bytes: Buffer.from(await answer.arrayBuffer()) };
  }

  /** One API call: JSON in, JSON (or text) out. */
  async call(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<ApiAnswer> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const answer = await fetch(`${this.baseURL}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await answer.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: answer.status, body, headers: answer.headers };
  }

  /** Signs in (the UI sends the identifier as both email and username) and returns the token. */
  async login(credentials: Credentials = this.admin): Promise<string> {
    const { email, password } = credentials;
    const answer = await this.call("POST", "/api/auth/login", { body: { email, username: email, password } });
    if (answer.status !== 200 || typeof answer.body?.token !== "string")
      throw new Error(`sign-in as ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.token;
  }

  /** Registers a student through the public form's endpoint; unique email and matricola each time. */
  async registerStudent(overrides: Record<string, unknown> = {}): Promise<Student> {
    studentCounter++;
    const unique = `${process.pid}${studentCounter}`;
    const data = {
      name: "Giulia",
      surname: "Rossi",
      email: `studente${unique}@accademia.test`,
      password: "Obiettivo-50mm",
      matricola: `M${unique}`,
      corso_accademico: "Fotografia",
      phone: null,
      ruolo: "user",
      ...overrides,
    };
    const answer = await this.call("POST", "/api/auth/register", { body: data });
    if (answer.status !== 200)
      throw new Error(`registration of ${data.email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return {
      email: String(data.email),
      password: String(data.password),
      token: answer.body.token,
      user: answer.body.user,
    };
  }

  /**
   * The desk (signed in as `token`) sets how people sign in (`accesso`: the academy's directory, its OpenID
   * provider), with this server's address as the public one that the provider sends people back to.
   */
  configureSignIn(token: string, accesso: Record<string, unknown>): Promise<ApiAnswer> {
    return this.call("PUT", "/api/impostazioni", { token, body: { url_pubblico: this.baseURL, accesso } });
  }

  /** The desk (signed in as `token`) adds `nome` with `units` units to the photography course, lent outside only. */
  createPhotographyItem(token: string, nome: string, units: number): Promise<ApiAnswer> {
    return this.call("POST", "/api/inventario", {
      token,
      body: { nome, quantita_totale: units, corsi_assegnati: ["Fotografia"], tipo_prestito: "solo_esterno" },
    });
  }

  /**
   * Seeds, through the API, what a journey about a loan starts from: `itemName`, one unit of the
   * photography course, lent by the desk to a new student (`student` names them) from today to today.
   */
  async itemLentToday(itemName: string, student: Record<string, unknown>) {
    const admin = await this.login();
    const item = (
      await this.call("POST", "/api/inventario", {
        token: admin,
        body: { nome: itemName, quantita_totale: 1, corsi_assegnati: ["Fotografia"] },
      })
    ).body;
    const borrower = await this.registerStudent(student);
    const today = (await this.call("GET", "/api/health")).body.today as string;
    const loan = await this.call("POST", "/api/prestiti", {
      token: admin,
      body: {
        inventario_id: item.id,
        utente_id: borrower.user.id,
        data_uscita: today,
        data_rientro: today,
        unita_ids: [item.unita[0].id],
      },
    });
    return { admin, item, student: borrower, today, loan };
  }
}

// ── Crash and command-line helpers (crash-safety and backup/restore drills) ───────────────────────

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The variables a child process inherits from the developer's shell (the same few the server gets). */
function childEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const name of inheritedVariables) {
    const value = process.env[name];
    if (value !== undefined) environment[name] = value;
  }
  return { ...environment, ...extra };
}

/** Runs a program to its end (or kills it after `timeoutMs`) and collects what it printed. */
function runProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ProcessResult> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: childEnvironment(options.env), stdio: "pipe" });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 30_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolveRun({ code, signal, stdout, stderr });
    });
  });
}

/** Runs a command of the compiled binary, e.g. `runBinary(["backup", file, "--data-dir", dir])`. */
export function runBinary(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ProcessResult> {
  return runProcess(binaryPath, args, options);
}

/**
 * Opens a PrestaLab database file with Bun's own SQLite (read-only, so a crashed server's WAL is read but
 * never folded in or removed) and runs `PRAGMA integrity_check`, `PRAGMA foreign_key_check` and the given
 * queries. Playwright runs under Node, which has no SQLite of its own: Bun does the reading.
 */
export async function inspectDatabase(
  file: string,
  queries: Record<string, string> = {},
): Promise<{ integrity: string; foreignKeyProblems: unknown[]; rows: Record<string, Array<Record<string, unknown>>> }> {
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.INSPECT_FILE, { readonly: true });
    const queries = JSON.parse(process.env.INSPECT_QUERIES);
    const integrity = db.query("PRAGMA integrity_check").all().map((row) => row.integrity_check).join("; ");
    const foreignKeyProblems = db.query("PRAGMA foreign_key_check").all();
    const rows = Object.fromEntries(Object.entries(queries).map(([name, sql]) => [name, db.query(sql).all()]));
    db.close();
    console.log(JSON.stringify({ integrity, foreignKeyProblems, rows }));
  `;
  const result = await runProcess("bun", ["-e", script], {
    env: { INSPECT_FILE: file, INSPECT_QUERIES: JSON.stringify(queries) },
  });
  if (result.code !== 0) throw new Error(`inspecting ${file} failed (${result.code}):\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** The SQLite database file in a server's data directory. */
export function databaseFile(server: PrestaLabServer): string {
  return join(server.dataDir, "prestalab.db");
}

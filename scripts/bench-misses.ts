/**
 * What each call the screens make costs on a cache miss: every call gets a URL never asked before, so
 * no kept answer can serve it. `scripts/bench.ts` runs it on its data set; alone it measures a server
 * that is already running:
 *
 *   bun run scripts/bench-misses.ts --url http://127.0.0.1:3000 --data-dir ./data-bench [--calls 7] [--pid N] [--in-process] [--now ISO] [--json out.json] [--only calendar]
 *
 * Prints one Markdown table: median and max milliseconds per call, the server's CPU time per call when
 * `--pid` names its process, the call's handler time with `--in-process`, and the bytes of one answer
 * (gzip). † marks the spec's whole-list calls. `--only WORD` measures only the calls whose label contains WORD.
 *
 * "server CPU ms" sums every thread of the server: its own, the list readers that compute the polled
 * lists once misses come often (src/read-model/list-readers.ts), and the engine's JIT compilers and garbage
 * collector. For calls of 1–3 ms it moves by more than the calls themselves: whether the readers have
 * started (their hand-off adds 0.3–1.4 ms), how far each reader's JIT has got (0.1–4 ms a call for
 * hundreds of calls), and whether the thread was idle just before (a 60 ms pause triples a 0.3 ms call).
 *
 * "handler ms" (`--in-process`) is the call's own time, without any of that: `createApp` on a temporary
 * COPY of `--data-dir` (removed afterwards; the folder itself is never written), in this process, with no
 * socket, no list readers and the request log off; `app.handle` with a fresh URL per call, HANDLER_WARM_UP
 * calls unmeasured, then the median of HANDLER_CALLS taken in HANDLER_ROUNDS rounds over all the calls.
 * The server's tokens are valid there, as the copy holds the same secret. `--now` is the server's
 * PRESTALAB_NOW (by default the data set's seededAt, from bench-seed.json). It is the figure to compare
 * between sizes: three runs on the same data differ by 7% typically and 22% at most (load average 1),
 * where two runs of "server CPU ms" on one server differ by up to 40–120% on some calls.
 *
 * A search keeps its term's matches until the searched text changes (src/db/search.ts), so the search
 * rows above measure a search left open while others write. The rows "…, first search of the term"
 * measure the same calls with those matches forgotten before each call: in process only.
 */
import { Database } from "bun:sqlite";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../src/app";
import { contextFor } from "../src/cli";
import { loadConfig, parseArgs } from "../src/config";
import { addDays, calendarDateIn } from "../src/domain/dates";

export interface MissCall {
  label: string;
  path: string;
  as: "admin" | "student";
  /** A screen makes it: held to the miss budget. The spec's whole lists are not. */
  screen: boolean;
  /**
   * Measured as the first search of its term: what searches keep per term (src/db/search.ts) is forgotten
   * before each call. In process only ("handler ms"): a server cannot be made to forget over HTTP.
   */
  firstSearch?: boolean;
}

export interface MissRow {
  label: string;
  path: string;
  screen: boolean;
  calls: number;
  /** Over HTTP; null for a call measured in process only. */
  p50Ms: number | null;
  maxMs: number | null;
  /** The server's own CPU time per call (median), when its pid is known: steadier than wall time on a shared machine. */
  cpuMs: number | null;
  /** The call's own time in process (median), when measured: see the header. */
  handlerMs: number | null;
  bytes: number;
}

export interface MissAccounts {
  baseUrl: string;
  adminToken: string;
  studentToken: string;
  /** The server's process id, to read its CPU time from /proc (Linux). */
  serverPid?: number;
}

/**
 * Nanoseconds the process's threads have run on a CPU: the main thread and the list readers, which
 * compute the polled lists' misses (src/read-model/list-readers.ts), as well as Bun's own.
 */
export function cpuNanoseconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    let total = 0;
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // A thread that ended meanwhile.
      }
    }
    return total;
  } catch {
    return null;
  }
}

const median = (sorted: number[]) => sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;

const GZIP = { "accept-encoding": "gzip, deflate, br" };
const PAGE = 50;

/** The student whose calls are measured (the seeder's first account). */
export const BENCH_STUDENT = { email: "giulia.rossi@studenti.accademia.it", password: "Studente-Prova-2026" };

/** Ids and words the calls need, read from the database file (read-only). */
export function missCalls(databaseFile: string, returnedTotal: number): MissCall[] {
  const db = new Database(databaseFile, { readonly: true });
  try {
    // The item with the most units, among those of the bench student's course when `forStudent`.
    const biggestItemQuery = db.query<{ id: number }, [number]>(
      `SELECT un.inventario_id AS id FROM unita un
        WHERE un.archived_at IS NULL
          AND (?1 = 0 OR un.inventario_id IN (
                SELECT ic.inventario_id FROM inventario_corsi ic JOIN corsi c ON c.id = ic.corso_id
                  JOIN users s ON s.corso_accademico = c.nome WHERE s.email = '${BENCH_STUDENT.email}'))
        GROUP BY un.inventario_id ORDER BY count(*) DESC, un.inventario_id LIMIT 1`,
    );
    const biggestItem = biggestItemQuery.get(0)?.id;
    const studentItem = biggestItemQuery.get(1)?.id;
    // A year of the booking calendar from the academy's today, as the item page and the wizards ask it.
    const today = calendarDateIn("Europe/Rome", new Date());
    const year = `dal=${today}&al=${addDays(today, 365)}`;
    const secondToLast = Math.max(1, Math.ceil(returnedTotal / PAGE) - 1);
    const admin = (label: string, path: string, screen = true): MissCall => ({ label, path, as: "admin", screen });
    const firstSearch = (call: MissCall): MissCall => ({
      ...call,
      label: `${call.label}, first search of the term`,
      firstSearch: true,
    });
    const searches = {
      loans: admin("loan search page (cerca=canon)", "/api/prestiti?all=1&cerca=canon&pagina=1"),
      requests: admin("request search page (cerca=canon)", "/api/richieste?all=1&cerca=canon&pagina=1"),
      inventory: admin(
        "inventory, search page (cerca=canon)",
        `/api/inventario?pagina=1&per_pagina=${PAGE}&search=canon`,
      ),
      users: admin("users, search page (cerca=rossi)", `/api/auth/users?pagina=1&per_pagina=${PAGE}&cerca=rossi`),
    };
    const student = (label: string, path: string, screen = true): MissCall => ({ label, path, as: "student", screen });
    return [
      admin("returned loans, second-to-last page", `/api/prestiti?all=1&stato=restituito&pagina=${secondToLast}`),
      searches.loans,
      searches.requests,
      admin("top items over a year", "/api/stats/top-items?period=365"),
      admin("top users over a year", "/api/stats/top-users?period=365"),
      admin("top courses over a year", "/api/stats/top-departments?period=365"),
      admin("requests by category over a year", "/api/stats/categories?period=365"),
      admin("request trend over a year", "/api/stats/monthly-requests?period=365"),
      admin("basic statistics", "/api/stats"),
      admin("demand report over a year", `/api/stats/domanda?dal=${addDays(today, -364)}&al=${today}`),
      admin("inventory (whole)", "/api/inventario", false),
      admin("inventory, page 1", `/api/inventario?pagina=1&per_pagina=${PAGE}`),
      searches.inventory,
      admin("inventory summary", "/api/inventario/riepilogo"),
      admin("alerts", "/api/avvisi"),
      admin("alerts, first 3 of each (the dashboard's cards)", "/api/avvisi?limite=3"),
      student("a student's catalogue (whole)", "/api/inventario/disponibili", false),
      student("a student's catalogue, page 1", `/api/inventario/disponibili?pagina=1&per_pagina=${PAGE}`),
      admin("users (whole)", "/api/auth/users", false),
      admin("users, page 1", `/api/auth/users?pagina=1&per_pagina=${PAGE}`),
      searches.users,
      admin("pending requests page", `/api/richieste?all=1&stato=in_attesa&pagina=1&per_pagina=${PAGE}`),
      admin("open loans page", `/api/prestiti?all=1&stato=in_corso&pagina=1&per_pagina=${PAGE}`),
      admin("one item's units", `/api/inventario/${biggestItem}/units`),
      admin("an item's calendar, 366 days (most units)", `/api/inventario/${biggestItem}/disponibilita?${year}`),
      student("a student's item calendar, 366 days", `/api/inventario/${studentItem}/disponibilita?${year}`),
      student("own loans", "/api/prestiti/mie"),
      student("own alerts", "/api/avvisi/utente"),
      admin("repairs", "/api/riparazioni"),
      admin("repairs in progress (the dashboard's counter)", "/api/riparazioni/riepilogo"),
      admin("reports", "/api/segnalazioni"),
      admin("active and newest reports (the dashboard's)", "/api/segnalazioni/riepilogo"),
      ...Object.values(searches).map(firstSearch),
    ];
  } finally {
    db.close();
  }
}

/** Sequential misses of every call, `calls` times each; a call the server does not know is skipped. */
export async function measureMisses(accounts: MissAccounts, calls: MissCall[], times: number): Promise<MissRow[]> {
  const rows: MissRow[] = [];
  for (const call of calls) {
    if (call.firstSearch) {
      rows.push({
        label: call.label,
        path: call.path,
        screen: call.screen,
        calls: 0,
        p50Ms: null,
        maxMs: null,
        cpuMs: null,
        handlerMs: null,
        bytes: 0,
      });
      continue;
    }
    const token = call.as === "admin" ? accounts.adminToken : accounts.studentToken;
    const samples: number[] = [];
    const cpu: number[] = [];
    let bytes = 0;
    let status = 0;
    for (let attempt = 0; attempt < times; attempt++) {
      const separator = call.path.includes("?") ? "&" : "?";
      const url = `${accounts.baseUrl}${call.path}${separator}_miss=${Date.now().toString(36)}${attempt}`;
      const cpuBefore = cpuNanoseconds(accounts.serverPid);
      const started = performance.now();
      const answer = await fetch(url, { headers: { ...GZIP, authorization: `Bearer ${token}` }, decompress: false });
      bytes = (await answer.arrayBuffer()).byteLength;
      samples.push(performance.now() - started);
      const cpuAfter = cpuNanoseconds(accounts.serverPid);
      if (cpuBefore !== null && cpuAfter !== null) cpu.push((cpuAfter - cpuBefore) / 1e6);
      status = answer.status;
      if (status !== 200) break;
    }
    if (status !== 200) continue;
    samples.sort((a, b) => a - b);
    rows.push({
      label: call.label,
      path: call.path,
      screen: call.screen,
      calls: samples.length,
      p50Ms: Number(median(samples).toFixed(1)),
      maxMs: Number((samples.at(-1) ?? 0).toFixed(1)),
      cpuMs: cpu.length ? Number(median(cpu.sort((a, b) => a - b)).toFixed(1)) : null,
      handlerMs: null,
      bytes,
    });
  }
  return rows;
}

/** One call as the server got it: path and query, and its headers (the bearer token among them). */
export interface HandlerCall {
  label: string;
  path: string;
  headers: Record<string, string>;
  /** Forget what searches keep per term before each call (see MissCall.firstSearch). */
  firstSearch?: boolean;
}

/** Unmeasured calls first: the first calls of a code path run before the JIT has compiled it. */
export const HANDLER_WARM_UP = 20;
/**
 * The measured calls come in rounds over all the calls, not all at once: a burst of another process's
 * work on the shared machine then spreads over every call's samples instead of moving one call's median.
 */
export const HANDLER_ROUNDS = 5;
export const HANDLER_CALLS_PER_ROUND = 20;
export const HANDLER_CALLS = HANDLER_ROUNDS * HANDLER_CALLS_PER_ROUND;

/**
 * Each call's own time (median ms, by label; none for a call that does not always answer 200): `createApp`
 * on a temporary copy of `dataDir`, timed around `app.handle` with a fresh URL per call. See the header.
 */
export async function measureHandlers(
  dataDir: string,
  now: string | undefined,
  calls: HandlerCall[],
): Promise<Map<string, number>> {
  const copy = mkdtempSync(join(tmpdir(), "prestalab-handlers-"));
  try {
    // The shared-memory index belongs to the server's connection, the pid file to its claim on the folder.
    cpSync(dataDir, copy, {
      recursive: true,
      filter: (source) => !source.endsWith("-shm") && !source.endsWith("server.pid"),
    });
    const environment = { PRESTALAB_DATA_DIR: copy, PRESTALAB_NOW: now, LOG_LEVEL: "error" };
    const ctx = contextFor(loadConfig({}, environment));
    try {
      const app = createApp(ctx);
      let sequence = 0;
      /** Milliseconds of `count` calls in a row, or null as soon as one does not answer 200. */
      const time = async (call: HandlerCall, count: number): Promise<number[] | null> => {
        const samples: number[] = [];
        for (let attempt = 0; attempt < count; attempt++) {
          const separator = call.path.includes("?") ? "&" : "?";
          const request = new Request(`http://localhost${call.path}${separator}_handler=${sequence++}`, {
            headers: { ...GZIP, ...call.headers },
          });
          if (call.firstSearch) ctx.sqlite.run("UPDATE search_versions SET version = version + 1 WHERE name = 'testi'");
          const started = performance.now();
          const answer = await app.handle(request);
          await answer.arrayBuffer();
          samples.push(performance.now() - started);
          if (answer.status !== 200) return null;
        }
        return samples;
      };
      const samples = new Map<HandlerCall, number[]>();
      for (const call of calls) if (await time(call, HANDLER_WARM_UP)) samples.set(call, []);
      for (let round = 0; round < HANDLER_ROUNDS; round++)
        for (const [call, kept] of samples) {
          const measured = await time(call, HANDLER_CALLS_PER_ROUND);
          if (measured) kept.push(...measured);
          else samples.delete(call);
        }
      return new Map(
        [...samples].map(([call, kept]) => [call.label, Number(median(kept.sort((a, b) => a - b)).toFixed(2))]),
      );
    } finally {
      ctx.sqlite.close();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The instant the data set was seeded (bench-seed.json), which the bench serves it with. */
export function seededAt(dataDir: string): string | undefined {
  const marker = join(dataDir, "bench-seed.json");
  if (!existsSync(marker)) return undefined;
  return (JSON.parse(readFileSync(marker, "utf8")) as { seededAt?: string }).seededAt;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await answer.json()) as { token?: string };
  if (answer.status !== 200 || typeof body.token !== "string")
    throw new Error(`sign-in as ${email} failed: ${answer.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** How many returned loans there are: the second-to-last page depends on it. */
export async function returnedLoans(baseUrl: string, adminToken: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/api/prestiti?all=1&stato=restituito&pagina=1&per_pagina=1`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return ((await answer.json()) as { totale: number }).totale;
}

export function missTable(rows: MissRow[]): string {
  const lines = [
    "| call, cache miss | p50 ms | max ms | server CPU ms | handler ms | bytes (gzip) |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const row of rows)
    lines.push(
      `| ${row.label}${row.screen ? "" : " †"} | ${row.p50Ms ?? "–"} | ${row.maxMs ?? "–"} | ${row.cpuMs ?? "–"} | ${row.handlerMs ?? "–"} | ${row.bytes ? row.bytes.toLocaleString("en-US") : "–"} |`,
    );
  return lines.join("\n");
}

if (import.meta.main) {
  const { flags } = parseArgs(process.argv.slice(2));
  const baseUrl = String(flags.url ?? "http://127.0.0.1:3000");
  const dataDir = String(flags["data-dir"] ?? "data-bench");
  const times = Number(flags.calls ?? 7);
  const adminToken = await signIn(baseUrl, "banco@accademia.test", "Banco-Prestiti-2026");
  const studentToken = await signIn(baseUrl, BENCH_STUDENT.email, BENCH_STUDENT.password);
  const only = typeof flags.only === "string" ? flags.only : "";
  const inProcess = flags["in-process"] === true;
  // A first search is measured in process only: without --in-process its row would stay empty.
  const calls = missCalls(join(dataDir, "prestalab.db"), await returnedLoans(baseUrl, adminToken)).filter(
    (call) => call.label.includes(only) && (inProcess || !call.firstSearch),
  );
  const serverPid = typeof flags.pid === "string" ? Number(flags.pid) : undefined;
  const rows = await measureMisses({ baseUrl, adminToken, studentToken, serverPid }, calls, times);
  if (inProcess) {
    const now = typeof flags.now === "string" ? flags.now : seededAt(dataDir);
    const handlerCalls = calls.map((call) => ({
      label: call.label,
      path: call.path,
      headers: { authorization: `Bearer ${call.as === "admin" ? adminToken : studentToken}` },
      firstSearch: call.firstSearch,
    }));
    const handlerMs = await measureHandlers(dataDir, now, handlerCalls);
    for (const row of rows) row.handlerMs = handlerMs.get(row.label) ?? null;
  }
  console.log(missTable(rows));
  if (typeof flags.json === "string") await Bun.write(flags.json, JSON.stringify(rows, null, 2));
}

/**
 * The mixed scenario of issue 14: a working day at the desk, not one list at a time. For --duration
 * seconds (60 at least is meaningful), against the real binary on the bench's seeded data:
 *   - students browse their catalogue (page 1 and one item's units), request a unit for today and, one
 *     time in three, cancel the request again; each waits about a second between rounds;
 *   - the desk takes the pending requests page, approves the oldest, hands it over and takes it back;
 *   - 16 readers poll what the desk's screens poll: alerts, the pending requests page, the inventory's
 *     page 1, the loans' page 1 and the inventory summary (riepilogo), about once a second each; one in
 *     four has a search open on the loans and requests ("canon"), whose totals follow the writes.
 * It reports p50/p99 of every call and the server's own event-loop lag (GET /api/system/status) before
 * and after. Every write invalidates what it changes, so the readers keep meeting cache misses.
 *
 *   bun run scripts/bench-mixed.ts [--duration 60] [any flag of bun run bench: --scale 5, --no-build…]
 *   bun run bench --mixed [the same flags]
 *
 * Run directly, this file hands over to scripts/bench.ts --mixed, which builds, seeds and starts the
 * server as the full bench does; that script calls runMixedScenario below.
 */

export interface MixedActor {
  token: string;
  unitId: number;
  usage: "interno" | null;
}

export interface MixedInput {
  baseUrl: string;
  adminToken: string;
  /** One per student worker, each with its own unit (no two students contend for one). */
  students: MixedActor[];
  studentItemId: number;
  today: string;
  durationSeconds: number;
  readers: number;
  pageSize: number;
  progress: (message: string) => void;
}

export interface MixedCallRow {
  call: string;
  kind: "read" | "write";
  count: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
}

export interface EventLoopFigures {
  p99_ms: number;
  max_ms: number;
}

/** One route as GET /api/system/status lists it. */
export interface ServerRoute {
  method: string;
  path: string;
  count: number;
  medianMs: number;
}

export interface MixedResult {
  durationSeconds: number;
  readers: number;
  students: number;
  calls: MixedCallRow[];
  eventLoop: { before: EventLoopFigures; after: EventLoopFigures };
  slowestRoutes: ServerRoute[];
  /** The first few unexpected answers, to tell a broken scenario from a slow one. */
  failures: string[];
}

/** Pause between a reader's rounds and a student's rounds: screens poll, people think. */
const ROUND_PAUSE_MS = 1_000;
const GZIP = { "accept-encoding": "gzip, deflate, br" };

const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));
/** Spread the actors' rounds so they do not all fire on the same millisecond. */
const jitter = () => pause(Math.random() * ROUND_PAUSE_MS);

function percentileOf(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export async function runMixedScenario(input: MixedInput): Promise<MixedResult> {
  const samples = new Map<string, { kind: MixedCallRow["kind"]; times: number[]; failed: number }>();
  const failures: string[] = [];

  /** One timed call; an unexpected status is counted as failed and answers null. */
  async function timed(
    label: string,
    token: string,
    method: string,
    path: string,
    body?: unknown,
    onRefusal?: (answer: Record<string, unknown>) => void,
  ): Promise<Record<string, unknown> | null> {
    const entry = samples.get(label) ?? { kind: method === "GET" ? "read" : "write", times: [], failed: 0 };
    samples.set(label, entry);
    const started = performance.now();
    const answer = await fetch(`${input.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...GZIP },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    entry.times.push(performance.now() - started);
    if (answer.ok) return JSON.parse(text) as Record<string, unknown>;
    entry.failed++;
    onRefusal?.(JSON.parse(text) as Record<string, unknown>);
    if (failures.length < 10) failures.push(`${method} ${path} → ${answer.status} ${text.slice(0, 200)}`);
    return null;
  }

  const serverStatus = async () => {
    const status = await fetch(`${input.baseUrl}/api/system/status`, {
      headers: { authorization: `Bearer ${input.adminToken}` },
    });
    const body = (await status.json()) as { event_loop?: EventLoopFigures; endpoints: ServerRoute[] };
    if (!body.event_loop) throw new Error("/api/system/status has no event_loop: is the binary up to date?");
    return { eventLoop: body.event_loop, endpoints: body.endpoints };
  };

  const page = `pagina=1&per_pagina=${input.pageSize}`;
  const before = (await serverStatus()).eventLoop;
  const stopAt = performance.now() + input.durationSeconds * 1000;
  const running = () => performance.now() < stopAt;

  /** The scenario's own pending requests, oldest first: the seeded ones are for other days and stay put. */
  const queue: Array<{ requestId: number; student: MixedActor }> = [];
  /** Students whose unit is requested or lent: they browse but do not ask again until it is back. */
  const waiting = new Set<MixedActor>();

  async function reader(_: unknown, index: number) {
    await jitter();
    const searching = index % 4 === 0;
    while (running()) {
      if (searching) {
        await timed("loans: search canon, page 1", input.adminToken, "GET", `/api/prestiti?all=1&cerca=canon&${page}`);
        await timed(
          "requests: search canon, page 1",
          input.adminToken,
          "GET",
          `/api/richieste?all=1&cerca=canon&${page}`,
        );
      }
      // The dashboard's cards, as the desk's screen polls them (the notifications read every alert every 300 s).
      await timed("alerts", input.adminToken, "GET", "/api/avvisi?limite=3");
      await timed("requests: pending, page 1", input.adminToken, "GET", `/api/richieste?all=1&stato=in_attesa&${page}`);
      await timed("inventory, page 1", input.adminToken, "GET", `/api/inventario?${page}`);
      await timed("loans: in corso, page 1", input.adminToken, "GET", `/api/prestiti?all=1&stato=in_corso&${page}`);
      await timed("inventory summary (riepilogo)", input.adminToken, "GET", "/api/inventario/riepilogo");
      await pause(ROUND_PAUSE_MS);
    }
  }

  async function student(actor: MixedActor) {
    await jitter();
    let round = 0;
    while (running()) {
      round++;
      await timed("student: catalogue, page 1", actor.token, "GET", `/api/inventario/disponibili?${page}`);
      await timed(
        "student: one item's units",
        actor.token,
        "GET",
        `/api/inventario/${input.studentItemId}/disponibili`,
      );
      if (waiting.has(actor)) {
        await pause(ROUND_PAUSE_MS);
        continue;
      }
      const booking = {
        unit_id: actor.unitId,
        dal: input.today,
        al: input.today,
        note: null,
        tipo_utilizzo: actor.usage,
      };
      // A unit already booked today (the seeded data has bookings) is refused with the free ones: take one, as a student would.
      const request = await timed("student: request", actor.token, "POST", "/api/richieste", booking, (refusal) => {
        const free = (refusal.unita_libere as Array<{ id: number }> | undefined)?.[0];
        if (free) actor.unitId = free.id;
      });
      // One request in three is withdrawn; the desk serves the others (the unit is free again once returned).
      if (request && round % 3 === 0)
        await timed("student: cancel", actor.token, "DELETE", `/api/richieste/${request.id}`);
      else if (request) {
        waiting.add(actor);
        queue.push({ requestId: request.id as number, student: actor });
      }
      await pause(ROUND_PAUSE_MS);
    }
  }

  async function desk() {
    while (running()) {
      await timed(
        "desk: pending requests, page 1",
        input.adminToken,
        "GET",
        `/api/richieste?all=1&stato=in_attesa&${page}`,
      );
      const next = queue.shift();
      if (!next) {
        await pause(ROUND_PAUSE_MS / 4);
        continue;
      }
      const approval = await timed("desk: approve", input.adminToken, "PUT", `/api/prestiti/${next.requestId}/approva`);
      if (
        approval &&
        (await timed("desk: hand over", input.adminToken, "PUT", `/api/prestiti/${approval.loanId}/consegna`))
      )
        await timed("desk: take back", input.adminToken, "PUT", `/api/prestiti/${approval.loanId}/restituisci`);
      waiting.delete(next.student);
    }
  }

  input.progress(
    `mixed scenario: ${input.students.length} students, the desk and ${input.readers} readers for ${input.durationSeconds} s`,
  );
  await Promise.all([...Array.from({ length: input.readers }, reader), ...input.students.map(student), desk()]);
  const after = await serverStatus();

  const calls = [...samples].map(([call, entry]) => {
    const sorted = Float64Array.from(entry.times).sort();
    const round = (value: number) => Number(value.toFixed(1));
    return {
      call,
      kind: entry.kind,
      count: entry.times.length,
      failed: entry.failed,
      p50Ms: round(percentileOf(sorted, 50)),
      p99Ms: round(percentileOf(sorted, 99)),
    };
  });
  return {
    durationSeconds: input.durationSeconds,
    readers: input.readers,
    students: input.students.length,
    calls,
    eventLoop: { before, after: after.eventLoop },
    // The server's own median per route (its last 200 calls, arrival to answer): where the time goes.
    slowestRoutes: after.endpoints
      .filter((route) => route.count > 0)
      .sort((a, b) => b.medianMs - a.medianMs)
      .slice(0, 8),
    failures,
  };
}

export function mixedMarkdown(result: MixedResult): string {
  const lines = [
    `Mixed scenario: ${result.students} students, the desk and ${result.readers} readers for ${result.durationSeconds} s.`,
    "",
    "| call | kind | calls | failed | p50 ms | p99 ms |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...result.calls.map(
      (row) => `| ${row.call} | ${row.kind} | ${row.count} | ${row.failed} | ${row.p50Ms} | ${row.p99Ms} |`,
    ),
    "",
    `Event-loop lag (server, last minute): before p99 ${result.eventLoop.before.p99_ms} ms, max ${result.eventLoop.before.max_ms} ms; after p99 ${result.eventLoop.after.p99_ms} ms, max ${result.eventLoop.after.max_ms} ms.`,
  ];
  lines.push(
    "",
    `Slowest routes by the server's own median (arrival to answer): ${result.slowestRoutes
      .map((route) => `${route.method} ${route.path} ${route.medianMs} ms`)
      .join("; ")}.`,
  );
  if (result.failures.length)
    lines.push("", "First unexpected answers:", ...result.failures.map((line) => `- ${line}`));
  return lines.join("\n");
}

if (import.meta.main) {
  const bench = Bun.spawn(["bun", "run", `${import.meta.dir}/bench.ts`, "--mixed", ...process.argv.slice(2)], {
    stdio: ["inherit", "inherit", "inherit"],
  });
  process.exitCode = await bench.exited;
}

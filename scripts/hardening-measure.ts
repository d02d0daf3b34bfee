/**
 * Measures what issue 12 (hardening) promised, against a real server started from a source tree:
 *   bun scripts/hardening-measure.ts [<project root, default this one>]
 * ONLY=nested,paths,forgot,import,backup,reset-flood,signin-import (any of them) runs just those measurements.
 * Pointing it at a checkout of an older commit gives the "before" numbers. Not part of the test suite:
 * numbers depend on the machine. Prints one line per measurement.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as XLSX from "xlsx";

const root = resolve(process.argv[2] ?? join(import.meta.dir, ".."));
const ADMIN = { email: "misure@accademia.it", password: "Misure-Hardening-2026" };
const port = 4600 + Math.floor(Math.random() * 300);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "prestalab-measure-"));
const only = process.env.ONLY?.split(",");
const wanted = (measurement: string) => !only || only.includes(measurement);

const server = Bun.spawn(["bun", "src/main.ts", "serve", "--port", String(port), "--data-dir", dataDir], {
  cwd: root,
  // TRUST_PROXY, so that each forgot-password below comes from its own address and fills every table.
  env: {
    ...process.env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "silent",
    TRUST_PROXY: "1",
  },
  stdout: "ignore",
  stderr: "inherit",
});

const rssMb = async () => {
  const status = await Bun.file(`/proc/${server.pid}/status`).text();
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function waitUntilUp() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await Bun.sleep(100);
  }
  throw new Error("server did not start");
}

const post = (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** Runs `count` calls of `call(i)` with `concurrency` in flight; answers the status counts. */
async function flood(count: number, concurrency: number, call: (i: number) => Promise<Response>) {
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const response = await call(next++);
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

/** /api/health latencies (worst and 95th percentile) while `work` runs, polling one after the other. */
async function healthDuring(work: Promise<unknown>) {
  let done = false;
  const latencies: number[] = [];
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      latencies.push(performance.now() - started);
    }
  })();
  const started = performance.now();
  const result = await work;
  const workMs = performance.now() - started;
  done = true;
  await poller;
  const sorted = latencies.sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
  return {
    worst: Math.round(sorted.at(-1) ?? 0),
    p95: Math.round(p95),
    polls: sorted.length,
    workMs: Math.round(workMs),
    result,
  };
}

function spreadsheetBody(rows: unknown[][], wide = false) {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  if (wide) sheet["!ref"] = `A1:XFD${rows.length}`;
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Inventario");
  const bytes = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
  return {
    fileName: "misura.xlsx",
    fileSize: bytes.length,
    fileType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    fileData: `data:application/octet-stream;base64,${bytes.toString("base64")}`,
  };
}

try {
  await waitUntilUp();
  const token = (
    (await (await post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password })).json()) as {
      token: string;
    }
  ).token;
  console.log(`server from ${root}, rss at start ${(await rssMb()).toFixed(0)} MB`);

  if (wanted("nested")) {
    const nested = `${"[".repeat(500_000)}${"]".repeat(500_000)}`;
    for (let i = 0; i < 3; i++) {
      const { worst, workMs, result } = await healthDuring(post("/api/auth/login", nested));
      console.log(`nested 1 MB body: ${(result as Response).status} after ${workMs} ms (health worst ${worst} ms)`);
    }
  }

  if (wanted("paths")) {
    const beforePaths = await rssMb();
    const paths = await flood(10_000, 20, (i) => fetch(`${base}/api/${crypto.randomUUID()}/${i}`, { method: "POST" }));
    const status = await (
      await fetch(`${base}/api/system/status`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    console.log(
      `10,000 unknown paths ${JSON.stringify(paths)}: rss ${beforePaths.toFixed(0)} → ${(await rssMb()).toFixed(0)} MB, /api/system/status ${(status.length / 1024).toFixed(1)} KB`,
    );
  }

  if (wanted("forgot")) {
    const beforeForgot = await rssMb();
    const address = (i: number) => ({ "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });
    const forgot = await flood(100_000, 50, (i) =>
      post("/api/auth/forgot-password", { email: `s${i}@studenti.it` }, undefined, address(i)),
    );
    Bun.gc(true);
    console.log(
      `100,000 forgot-password emails ${JSON.stringify(forgot)}: rss ${beforeForgot.toFixed(0)} → ${(await rssMb()).toFixed(0)} MB`,
    );
  }

  if (wanted("import")) {
    const header = ["Nome", "Corsi Assegnati", "Quantità Totale"];
    const fiveThousand = spreadsheetBody([
      header,
      ...Array.from({ length: 5000 }, (_, i) => [`Misura ${i}`, "Fotografia", 1]),
    ]);
    const imported = await healthDuring(post("/api/excel/inventario/import", fiveThousand, token));
    console.log(
      `5,000-row import: ${(imported.result as Response).status} in ${imported.workMs} ms, health worst ${imported.worst} ms, p95 ${imported.p95} ms over ${imported.polls} polls`,
    );
    // The import holds the write lock while it applies its rows: a write beside it waits for it.
    const otherFive = spreadsheetBody([
      header,
      ...Array.from({ length: 5000 }, (_, i) => [`Seconda ${i}`, "Fotografia", 1]),
    ]);
    let writing = true;
    const writes: Record<number, number> = {};
    let slowestWrite = 0;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const started = performance.now();
        const response = await post("/api/categorie-semplici", { nome: `Accanto ${i}` }, token);
        await response.arrayBuffer();
        slowestWrite = Math.max(slowestWrite, performance.now() - started);
        writes[response.status] = (writes[response.status] ?? 0) + 1;
      }
    })();
    const beside = await healthDuring(post("/api/excel/inventario/import", otherFive, token));
    writing = false;
    await writer;
    console.log(
      `5,000-row import with an admin writing beside it: ${(beside.result as Response).status} in ${beside.workMs} ms, health worst ${beside.worst} ms, p95 ${beside.p95} ms; writes ${JSON.stringify(writes)}, slowest ${Math.round(slowestWrite)} ms`,
    );
    const wideRows = Number(process.env.WIDE_ROWS ?? 1000);
    const wide = spreadsheetBody(
      [header, ...Array.from({ length: wideRows }, (_, i) => [`Largo ${i}`, "Fotografia", 1])],
      true,
    );
    const wideImport = await healthDuring(post("/api/excel/inventario/import", wide, token));
    console.log(
      `16,384-column sheet of ${wideRows} rows: ${(wideImport.result as Response).status} in ${wideImport.workMs} ms, health worst ${wideImport.worst} ms, p95 ${wideImport.p95} ms over ${wideImport.polls} polls`,
    );
  }

  if (wanted("reset-flood")) {
    // 600 reset-link calls with made-up tokens from one address, all in flight, and the desk signing in beside them.
    const signIn = async () => {
      const started = performance.now();
      const response = await post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password });
      await response.arrayBuffer();
      return { status: response.status, ms: Math.round(performance.now() - started) };
    };
    const quiet = await signIn();
    const statuses: Record<number, number> = {};
    const resets = Array.from({ length: 600 }, async (_, i) => {
      const response = await post("/api/auth/reimposta-password", {
        token: `falso-${i}`,
        password: "Nuova-Parola-2026",
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    });
    const during = await signIn();
    await Promise.all(resets);
    console.log(
      `desk sign-in during 600 bogus reset links: ${during.status} in ${during.ms} ms (${quiet.ms} ms before them); resets ${JSON.stringify(statuses)}`,
    );
  }

  if (wanted("signin-import")) {
    // The desk signs in again and again while a 5,000-row import preview runs.
    const rows = Array.from({ length: 5000 }, (_, i) => [`Anteprima ${i}`, "Fotografia", 1]);
    const preview = { ...spreadsheetBody([["Nome", "Corsi Assegnati", "Quantità Totale"], ...rows]), anteprima: true };
    let previewing = true;
    const signIns: number[] = [];
    const started = performance.now();
    const running = post("/api/excel/inventario/import", preview, token).then(async (response) => {
      await response.arrayBuffer();
      previewing = false;
      return response.status;
    });
    while (previewing) {
      const before = performance.now();
      const response = await post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password });
      await response.arrayBuffer();
      signIns.push(Math.round(performance.now() - before));
    }
    const status = await running;
    console.log(
      `sign-in during a 5,000-row import preview (${status} in ${Math.round(performance.now() - started)} ms): worst ${Math.max(...signIns)} ms over ${signIns.length} sign-ins [${signIns.join(", ")}]`,
    );
  }

  if (wanted("backup")) {
    // Admin writes from four clients while `prestalab backup` runs five times in a row beside them.
    let writing = true;
    const writes: Record<number, number> = {};
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; writing; i++) {
        const response = await post("/api/categorie-semplici", { nome: `Misura ${w}-${i}-${Date.now()}` }, token);
        await response.arrayBuffer();
        writes[response.status] = (writes[response.status] ?? 0) + 1;
      }
    });
    for (let run = 0; run < 5; run++) {
      const target = join(dataDir, `backup-${run}.db`);
      const backup = Bun.spawn(["bun", "src/main.ts", "backup", target, "--data-dir", dataDir], {
        cwd: root,
        stdout: "ignore",
        stderr: "inherit",
      });
      await backup.exited;
    }
    writing = false;
    await Promise.all(writers);
    const fivexx = Object.entries(writes)
      .filter(([code]) => Number(code) >= 500)
      .reduce((sum, [, n]) => sum + n, 0);
    console.log(`admin writes during five backups: ${JSON.stringify(writes)} → ${fivexx} answered 5xx`);
  }
} finally {
  server.kill();
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}

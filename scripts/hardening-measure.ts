/**
 * Measures what issue 12 (hardening) and issue 26 (nothing freezes the server) promised, against a real
 * server started from a source tree:
 *   bun scripts/hardening-measure.ts [<project root, default this one>]
 * ONLY=nested,paths,forgot,import,backup,reset-flood,signin-import,sheet,backup-import,receipts,labels (any of
 * them) runs just those measurements; `sheet` first, alone, for the server's peak memory to be the sheet's.
 * Pointing it at a checkout of an older commit gives the "before" numbers. Not part of the test suite:
 * numbers depend on the machine. Prints one line per measurement.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as XLSX from "xlsx";
import { manyRowsWorkbook } from "../src/testing/spreadsheet-fixtures";

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

/** The server's resident memory now (VmRSS), or the most it ever had (VmHWM). */
const rssMb = async (field: "VmRSS" | "VmHWM" = "VmRSS") => {
  const status = await Bun.file(`/proc/${server.pid}/status`).text();
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
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
  return uploadBody(XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer);
}

function uploadBody(bytes: Buffer) {
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
  const get = (path: string, bearer: string) =>
    fetch(`${base}${path}`, { headers: { authorization: `Bearer ${bearer}` } });

  if (wanted("sheet")) {
    // A 215 kB .xlsx of 170,000 rows of 20 tiny cells: refused for its rows, at what cost in memory.
    const bytes = Buffer.from(manyRowsWorkbook({ rows: 170_000, columns: 20 }));
    const { result, workMs, worst } = await healthDuring(
      post("/api/excel/inventario/import", uploadBody(bytes), token),
    );
    const answer = result as Response;
    console.log(
      `${(bytes.length / 1024).toFixed(0)} kB sheet of 170,000 rows: ${answer.status} ${JSON.stringify(await answer.json())} in ${workMs} ms, health worst ${worst} ms, server peak rss ${(await rssMb("VmHWM")).toFixed(0)} MB`,
    );
  }

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
  if (wanted("backup-import")) {
    // A backup downloaded while a 5,000-row import applies its rows.
    const rows = spreadsheetBody([
      ["Nome", "Corsi Assegnati", "Quantità Totale"],
      ...Array.from({ length: 5000 }, (_, i) => [`Accanto al backup ${i}`, "Fotografia", 1]),
    ]);
    const importing = post("/api/excel/inventario/import/lavori", rows, token);
    const job = (await (await importing).json()) as { id: string };
    // The backup starts once the import is applying its rows (holding the write lock).
    for (;;) {
      const view = (await (await get(`/api/excel/inventario/import/lavori/${job.id}`, token)).json()) as {
        fase: string;
      };
      if (view.fase === "importazione" || view.fase === "completato" || view.fase === "fallito") break;
    }
    const backup = await healthDuring(
      get("/api/system/backup", token).then(async (answer) => ({
        status: answer.status,
        bytes: (await answer.arrayBuffer()).byteLength,
      })),
    );
    const leftovers = readdirSync(dataDir).filter((name) => name.endsWith(".tmp"));
    console.log(
      `backup beside a 5,000-row import: ${JSON.stringify(backup.result)} in ${backup.workMs} ms, health worst ${backup.worst} ms, p95 ${backup.p95} ms over ${backup.polls} polls; .tmp files left: ${leftovers.length}`,
    );
  }

  if (wanted("receipts") || wanted("labels")) {
    const student = (await (
      await post("/api/auth/register", {
        name: "Giulia",
        surname: "Rossi",
        email: "misure.studente@accademia.it",
        password: "Obiettivo-50mm",
        matricola: "M99999",
        corso_accademico: "Fotografia",
        phone: null,
        ruolo: "user",
      })
    ).json()) as { token: string; user: { id: number } };
    const units = Array.from({ length: 500 }, (_, i) => `MISURA-${String(i).padStart(3, "0")}`);
    const item = (await (
      await post(
        "/api/inventario",
        {
          nome: "Fotocamera per le misure",
          quantita_totale: 500,
          tipo_prestito: "entrambi",
          corsi_assegnati: ["Fotografia"],
          unita: units,
        },
        token,
      )
    ).json()) as { id: number; unita: Array<{ id: number }> };

    if (wanted("receipts")) {
      const today = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Rome" });
      const loan = (await (
        await post(
          "/api/prestiti",
          {
            chi: "",
            inventario_id: item.id,
            unita_ids: [item.unita[0]?.id],
            utente_id: student.user.id,
            data_uscita: today,
            data_rientro: today,
            tipo_utilizzo: "interno",
            // The longest note a loan takes, as one word.
            note: "N".repeat(1000),
          },
          token,
        )
      ).json()) as { loanId: number; error?: string };
      if (!loan.loanId) throw new Error(`the loan for the receipts was refused: ${loan.error}`);
      const receipts = await healthDuring(
        Promise.all(
          Array.from(
            { length: 6 },
            async () => (await get(`/api/prestiti/${loan.loanId}/ricevuta`, student.token)).status,
          ),
        ),
      );
      console.log(
        `6 receipts with a 1,000-character one-word note: ${JSON.stringify(receipts.result)} in ${receipts.workMs} ms, health worst ${receipts.worst} ms, p95 ${receipts.p95} ms over ${receipts.polls} polls`,
      );
      const settings = await fetch(`${base}/api/impostazioni`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ testo_condizioni: "T".repeat(3000) }),
      });
      const terms = await healthDuring(get(`/api/prestiti/${loan.loanId}/ricevuta`, student.token));
      console.log(
        `1 receipt with 3,000-character one-word terms (settings ${settings.status}): ${(terms.result as Response).status} in ${terms.workMs} ms, health worst ${terms.worst} ms`,
      );
    }

    if (wanted("labels")) {
      const ids = item.unita.map((unit) => unit.id).join(",");
      const labels = await healthDuring(
        get(`/api/etichette?unita=${ids}`, token).then(async (answer) => ({
          status: answer.status,
          bytes: (await answer.arrayBuffer()).byteLength,
        })),
      );
      console.log(
        `500 labels: ${JSON.stringify(labels.result)} in ${labels.workMs} ms, health worst ${labels.worst} ms, p95 ${labels.p95} ms over ${labels.polls} polls`,
      );
    }
  }
} finally {
  server.kill();
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Backup and restore drill with the compiled binary: back up while the server is busy — with the command
 * line (`prestalab backup`) and the admin download (GET /api/system/backup) at the same time — restore each
 * copy into a new data directory, start a server there and find the same data. `restore` refuses to
 * replace the database of a running server, and refuses files that are not intact PrestaLab backups.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./support/fixtures";
import {
  type ApiAnswer,
  databaseFile,
  inspectDatabase,
  PrestaLabServer,
  runBinary,
  type Student,
} from "./support/server";

type Row = Record<string, unknown> & { id: number };

interface Academy {
  users: Row[];
  items: Row[];
  requests: Row[];
  loans: Row[];
}

async function list(server: PrestaLabServer, path: string, token: string): Promise<Row[]> {
  const answer = await server.call("GET", path, { token });
  expect(answer.status, path).toBe(200);
  return answer.body as Row[];
}

/** Users, items, requests and loans as the desk sees them through the API. */
async function academyOf(server: PrestaLabServer, token: string): Promise<Academy> {
  return {
    users: await list(server, "/api/auth/users", token),
    items: await list(server, "/api/inventario", token),
    requests: await list(server, "/api/richieste?all=1", token),
    loans: await list(server, "/api/prestiti?all=1", token),
  };
}

function expectOk(answer: ApiAnswer, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

async function createItem(server: PrestaLabServer, token: string, nome: string, units: number) {
  return expectOk(
    await server.call("POST", "/api/inventario", {
      token,
      body: { nome, quantita_totale: units, tipo_prestito: "solo_esterno", corsi_assegnati: ["Fotografia"] },
    }),
    `creating ${nome}`,
  ) as { id: number; unita: Array<{ id: number }> };
}

/** A request's or loan's states as acknowledged over time. */
interface History {
  states: Array<{ state: string; at: number }>;
}

function acknowledge(records: Map<number, History>, id: number, state: string) {
  const record = records.get(id) ?? { states: [] };
  record.states.push({ state, at: performance.now() });
  records.set(id, record);
}

/** The states a copy taken after `since` may show: the last one acknowledged before it, or any later one. */
function possibleStates(record: History, since: number): string[] {
  const before = record.states.filter((entry) => entry.at <= since);
  const after = record.states.filter((entry) => entry.at > since);
  return [...before.slice(-1), ...after].map((entry) => entry.state);
}

interface Load {
  stopped: boolean;
  acknowledged: number;
  requests: Map<number, History>;
  loans: Map<number, History>;
}

/** A student booking units of the load item over and over; each booking is cancelled or lent and returned. */
async function keepBooking(server: PrestaLabServer, load: Load, student: Student, units: number[], admin: string) {
  const today = (await server.call("GET", "/api/health")).body.today as string;
  for (let turn = 0; !load.stopped; turn++) {
    const created = await server.call("POST", "/api/richieste", {
      token: student.token,
      body: { unit_id: units[turn % units.length], dal: today, al: today, note: null, tipo_utilizzo: null },
    });
    if (created.status !== 200) continue;
    const requestId = created.body.id as number;
    acknowledge(load.requests, requestId, "in_attesa");
    load.acknowledged++;
    if (turn % 3 === 0) {
      expectOk(await server.call("DELETE", `/api/richieste/${requestId}`, { token: student.token }), "cancel");
      acknowledge(load.requests, requestId, "annullata");
      load.acknowledged++;
      continue;
    }
    const approved = expectOk(
      await server.call("PUT", `/api/prestiti/${requestId}/approva`, { token: admin }),
      "approve",
    ) as { loanId: number };
    acknowledge(load.requests, requestId, "approvata");
    acknowledge(load.loans, approved.loanId, "attivo");
    expectOk(await server.call("PUT", `/api/prestiti/${approved.loanId}/restituisci`, { token: admin }), "return");
    acknowledge(load.loans, approved.loanId, "restituito");
    load.acknowledged += 2;
  }
}

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((wake) => setTimeout(wake, 5));
  }
}

const byId = (rows: Row[]) => new Map(rows.map((row) => [row.id, row]));

/** The desk's own data set: items, students, and requests and loans in every state. */
async function fillAcademy(server: PrestaLabServer, admin: string) {
  const cameras = await createItem(server, admin, "Fotocamera reflex", 4);
  const tripods = await createItem(server, admin, "Treppiede", 4);
  const { today } = (await server.call("GET", "/api/health")).body as { today: string };
  const students: Student[] = [];
  for (let i = 0; i < 4; i++) students.push(await server.registerStudent({ name: `Studente${i}` }));
  for (const [index, student] of students.entries()) {
    const ask = async (unitId: number) =>
      expectOk(
        await server.call("POST", "/api/richieste", {
          token: student.token,
          body: { unit_id: unitId, dal: today, al: today, note: `Progetto ${index}`, tipo_utilizzo: null },
        }),
        "request",
      ) as { id: number };
    const lent = await ask(cameras.unita[index]?.id as number);
    const { loanId } = expectOk(
      await server.call("PUT", `/api/prestiti/${lent.id}/approva`, { token: admin }),
      "approve",
    ) as { loanId: number };
    if (index % 2 === 0)
      expectOk(await server.call("PUT", `/api/prestiti/${loanId}/restituisci`, { token: admin }), "return");
    const pending = await ask(tripods.unita[index]?.id as number);
    if (index === 3)
      expectOk(
        await server.call("PUT", `/api/prestiti/${pending.id}/rifiuta`, {
          token: admin,
          body: { motivo_rifiuto: "Già prenotato" },
        }),
        "reject",
      );
  }
  return { stableItemIds: new Set([cameras.id, tripods.id]) };
}

test("a backup taken under load restores into a new data directory with the same data", async ({
  server,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await server.login();
  const { stableItemIds } = await fillAcademy(server, admin);

  // Load: four more students book and return units of their own item for a few seconds.
  const lights = await createItem(server, admin, "Luce LED", 8);
  const loadStudents: Student[] = [];
  for (let i = 0; i < 4; i++) loadStudents.push(await server.registerStudent({ name: `Carico${i}` }));
  const before = await academyOf(server, admin);
  const load: Load = { stopped: false, acknowledged: 0, requests: new Map(), loans: new Map() };
  const loadStarted = performance.now();
  const workers = loadStudents.map((student, index) =>
    keepBooking(
      server,
      load,
      student,
      lights.unita.filter((_, unitIndex) => unitIndex % 4 === index).map((unit) => unit.id),
      admin,
    ),
  );

  const loadMs = () => performance.now() - loadStarted;
  await until(() => load.acknowledged >= 30 && loadMs() >= 1_000, 30_000, "the load to get going");
  const backupStarted = performance.now();
  const ackedBeforeBackup = load.acknowledged;
  const cliFile = join(server.workDir, "backup-cli.db");
  const httpFile = join(server.workDir, "backup-download.db");
  const [cli, download] = await Promise.all([
    runBinary(["backup", cliFile, "--data-dir", server.dataDir], { cwd: server.workDir }),
    server.download("/api/system/backup", admin),
  ]);
  const backupEnded = performance.now();
  const ackedDuringBackup = load.acknowledged - ackedBeforeBackup;
  // Keep the load going past the backups (three seconds in all), so they were taken in the middle of it.
  const ackedAfterBackup = ackedBeforeBackup + ackedDuringBackup;
  await until(() => load.acknowledged >= ackedAfterBackup + 30 && loadMs() >= 3_000, 30_000, "more load");
  load.stopped = true;
  await Promise.all(workers);
  const loadSeconds = loadMs() / 1000;

  expect(cli.code, cli.stderr).toBe(0);
  expect(cli.stdout).toContain(`Backup scritto in ${cliFile}`);
  expect(download.status).toBe(200);
  expect(download.headers.get("content-type")).toBe("application/vnd.sqlite3");
  expect(download.headers.get("content-disposition")).toMatch(/attachment; filename="prestalab-backup-.+\.db"/);
  expect(download.bytes.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\u0000");
  writeFileSync(httpFile, download.bytes);
  expect((await server.stop()).code).toBe(0);
  // The download's temporary copy is gone once it has been sent.
  expect(readdirSync(server.dataDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);

  for (const [label, file] of [
    ["command line", cliFile],
    ["download", httpFile],
  ] as const) {
    const copy = await inspectDatabase(file);
    expect(copy.integrity, label).toBe("ok");
    const workDir = mkdtempSync(join(tmpdir(), "prestalab-restore-"));
    let restored: PrestaLabServer | null = null;
    try {
      const dataDir = join(workDir, "data");
      const restore = await runBinary(["restore", file, "--data-dir", dataDir], { cwd: workDir });
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain(`Ripristinato ${file}`);
      restored = await PrestaLabServer.start({ workDir });
      const after = await academyOf(restored, await restored.login());

      // Everything acknowledged before the backup started is there, unchanged.
      const users = byId(after.users);
      for (const user of before.users) expect(users.get(user.id), `${label}: user #${user.id}`).toEqual(user);
      const items = byId(after.items);
      for (const item of before.items) {
        const copyOfItem = items.get(item.id);
        // The load item's availability moved during the load; its identity and units did not.
        if (stableItemIds.has(item.id)) expect(copyOfItem, `${label}: item #${item.id}`).toEqual(item);
        else
          expect(copyOfItem, `${label}: item #${item.id}`).toMatchObject({
            nome: item.nome,
            quantita_totale: item.quantita_totale,
            corsi_assegnati: item.corsi_assegnati,
          });
      }
      const requests = byId(after.requests);
      for (const request of before.requests)
        expect(requests.get(request.id), `${label}: request #${request.id}`).toEqual(request);
      const loans = byId(after.loans);
      for (const loan of before.loans) expect(loans.get(loan.id), `${label}: loan #${loan.id}`).toEqual(loan);

      // The load's writes: those acknowledged before the backup started are in the copy, in that state or a later one.
      let loadRecordsInCopy = 0;
      for (const [records, restoredRows, kind] of [
        [load.requests, requests, "request"],
        [load.loans, loans, "loan"],
      ] as const) {
        for (const [id, record] of records) {
          const stored = restoredRows.get(id);
          if (stored) loadRecordsInCopy++;
          if ((record.states[0]?.at ?? Number.POSITIVE_INFINITY) > backupStarted) continue;
          expect(possibleStates(record, backupStarted), `${label}: load ${kind} #${id}`).toContain(stored?.stato);
        }
      }
      testInfo.annotations.push({
        type: `restore (${label})`,
        description:
          `${after.users.length} users, ${after.items.length} items, ${after.requests.length} requests, ` +
          `${after.loans.length} loans; ${loadRecordsInCopy} of the load's ${load.requests.size + load.loans.size} ` +
          "records were in the copy",
      });
    } catch (error) {
      if (restored)
        await testInfo.attach(`restored-server-${label}.log`, { body: restored.output(), contentType: "text/plain" });
      throw error;
    } finally {
      await restored?.dispose();
      rmSync(workDir, { recursive: true, force: true });
    }
  }
  testInfo.annotations.push({
    type: "load",
    description:
      `${load.acknowledged} writes acknowledged in ${loadSeconds.toFixed(1)} s, ${ackedDuringBackup} of them while ` +
      `both backups ran (${((backupEnded - backupStarted) / 1000).toFixed(2)} s)`,
  });
});

test("restore refuses to replace the database of a running server", async ({ server }) => {
  const student = await server.registerStudent();
  const backup = join(server.workDir, "copia.db");
  expect((await runBinary(["backup", backup, "--data-dir", server.dataDir])).code).toBe(0);
  const pid = readFileSync(join(server.dataDir, "server.pid"), "utf8").trim();

  const refused = await runBinary(["restore", backup, "--data-dir", server.dataDir]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`Errore: Ferma prima il server PrestaLab (pid ${pid}) che usa ${server.dataDir}`);
  // The running server and its data are untouched.
  expect(await server.login(student)).toEqual(expect.any(String));
  expect((await inspectDatabase(databaseFile(server))).integrity).toBe("ok");
});

test("restore refuses a file that is not an intact PrestaLab backup and leaves the data as it was", async ({
  server,
}) => {
  const student = await server.registerStudent();
  const backup = join(server.workDir, "copia.db");
  expect((await runBinary(["backup", backup, "--data-dir", server.dataDir])).code).toBe(0);
  expect((await server.stop()).code).toBe(0);

  const bytes = readFileSync(backup);
  const candidates = {
    "random bytes": Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 256)),
    "a text file": Buffer.from("ID;Nome\n1;Fotocamera\n"),
    "a truncated backup": bytes.subarray(0, Math.floor(bytes.length / 2)),
    "an empty file": Buffer.alloc(0),
  };
  for (const [label, content] of Object.entries(candidates)) {
    const file = join(server.workDir, `${label.replace(/ /g, "-")}.db`);
    writeFileSync(file, content);
    const refused = await runBinary(["restore", file, "--data-dir", server.dataDir]);
    expect(refused.code, label).toBe(1);
    expect(refused.stderr, label).toMatch(
      /^Errore: Il file (non è un database SQLite valido|è danneggiato|non è un database PrestaLab)/,
    );
  }
  const missing = await runBinary(["restore", join(server.workDir, "non-esiste.db"), "--data-dir", server.dataDir]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain("Errore: File non trovato");

  // Nothing was put in place: the same server data starts again.
  await server.restart();
  expect(await server.login(student)).toEqual(expect.any(String));
});

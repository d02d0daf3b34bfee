/**
 * Crash safety of the compiled binary: while students register and ask for equipment and the desk
 * approves, refuses and takes it back — many at once — the process is killed with SIGKILL at a random
 * moment, three times. After each crash the database file must pass `PRAGMA integrity_check`, hold every
 * write the server had acknowledged (and nothing half-done: no approved request without its loan, no
 * double booking), and the restarted server must show the same through its API.
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { createRandom, type Random } from "../src/seed/random";
import { chaosSeed } from "../src/testing/chaos-seed";
import { expect, test } from "./support/fixtures";
import { type ApiAnswer, databaseFile, inspectDatabase, type PrestaLabServer, type Student } from "./support/server";

const CRASHES = 3;
/** Students at the counter in the first run; each later run adds two more. */
const FIRST_STUDENTS = 6;
const UNITS_PER_ITEM = 8;
const ITEMS = 3;

type RequestState = "in_attesa" | "approvata" | "rifiutata" | "annullata";
type LoanState = "attivo" | "scaduto" | "restituito";

/** What the server said about a record, and the change sent for it that got no answer (if any). */
interface Tracked<State> {
  state: State;
  unanswered?: State;
  owner: number;
}

/** Every write the server acknowledged with a 2xx, as the clients saw it. */
class Ledger {
  readonly users = new Map<number, string>();
  readonly requests = new Map<number, Tracked<RequestState>>();
  readonly loans = new Map<number, Tracked<LoanState> & { requestId: number }>();
  acknowledged = 0;

  unanswered(): number {
    return [...this.requests.values(), ...this.loans.values()].filter((record) => record.unanswered).length;
  }
}

/** The server stopped answering (it was killed): the worker ends, leaving its last change unanswered. */
class ServerGone extends Error {}

async function send(server: PrestaLabServer, ...args: Parameters<PrestaLabServer["call"]>): Promise<ApiAnswer> {
  try {
    return await server.call(...args);
  } catch (error) {
    throw new ServerGone(String(error));
  }
}

/** Sends a state change of a known record; the ledger moves only when the server acknowledges it. */
async function change<State>(
  ledger: Ledger,
  record: Tracked<State>,
  target: State,
  call: () => Promise<ApiAnswer>,
): Promise<ApiAnswer> {
  record.unanswered = target;
  const answer = await call();
  record.unanswered = undefined;
  if (answer.status === 200) {
    record.state = target;
    ledger.acknowledged++;
  }
  return answer;
}

interface Desk {
  server: PrestaLabServer;
  ledger: Ledger;
  adminToken: string;
  today: string;
  unitIds: number[];
  stopped: boolean;
  /** Every random choice of the run, drawn from its printed seed. */
  random: Random;
}

/** One student at the counter, over and over: ask for a unit, then cancel, get refused, or borrow and return it. */
async function studentAtWork(desk: Desk, student: Student, units: number[]) {
  const { server, ledger, adminToken, today } = desk;
  const owner = student.user.id as number;
  const asAdmin = { token: adminToken };
  // First finish what an earlier crash left open: pending requests and loans still out.
  for (const [id, request] of ledger.requests)
    if (request.owner === owner && request.state === "in_attesa") await approveAndReturn(desk, id, request);
  for (const [id, loan] of ledger.loans)
    if (loan.owner === owner && loan.state !== "restituito")
      await change(ledger, loan, "restituito", () => send(server, "PUT", `/api/prestiti/${id}/restituisci`, asAdmin));

  for (let turn = 0; !desk.stopped; turn++) {
    const unitId = units[turn % units.length];
    const created = await send(server, "POST", "/api/richieste", {
      token: student.token,
      body: { unit_id: unitId, dal: today, al: today, note: `turno ${turn}`, tipo_utilizzo: null },
    });
    // 409: the unit is still held by a booking an earlier crash interrupted; try the next one.
    if (created.status !== 200) continue;
    const request: Tracked<RequestState> = { state: "in_attesa", owner };
    ledger.requests.set(created.body.id, request);
    ledger.acknowledged++;
    const path = `/api/richieste/${created.body.id}`;
    const fate = desk.random.next();
    if (fate < 0.15)
      await change(ledger, request, "annullata", () => send(server, "DELETE", path, { token: student.token }));
    else if (fate < 0.25)
      await change(ledger, request, "rifiutata", () =>
        send(server, "PUT", `/api/prestiti/${created.body.id}/rifiuta`, {
          ...asAdmin,
          body: { motivo_rifiuto: "Serve al corso serale" },
        }),
      );
    else await approveAndReturn(desk, created.body.id, request);
  }
}

async function approveAndReturn(desk: Desk, requestId: number, request: Tracked<RequestState>) {
  const { server, ledger, adminToken } = desk;
  const approved = await change(ledger, request, "approvata", () =>
    send(server, "PUT", `/api/prestiti/${requestId}/approva`, { token: adminToken }),
  );
  if (approved.status !== 200) return;
  const loan = { state: "attivo" as LoanState, owner: request.owner, requestId };
  ledger.loans.set(approved.body.loanId, loan);
  await change(ledger, loan, "restituito", () =>
    send(server, "PUT", `/api/prestiti/${approved.body.loanId}/restituisci`, { token: adminToken }),
  );
}

/** Waits (polling, never longer than needed) until `condition` holds. */
async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((wake) => setTimeout(wake, 2));
  }
}

const INVARIANTS = {
  approvedWithoutLoan: `SELECT r.id FROM richieste r WHERE r.stato = 'approvata'
    AND NOT EXISTS (SELECT 1 FROM prestiti p WHERE p.richiesta_id = r.id)`,
  loanOfUnapprovedRequest: `SELECT p.id FROM prestiti p JOIN richieste r ON r.id = p.richiesta_id
    WHERE r.stato <> 'approvata'`,
  twoLoansForOneRequest:
    "SELECT richiesta_id FROM prestiti WHERE richiesta_id IS NOT NULL GROUP BY 1 HAVING count(*) > 1",
  loanWithoutUnits: `SELECT p.id FROM prestiti p
    WHERE NOT EXISTS (SELECT 1 FROM prestiti_unita pu WHERE pu.prestito_id = p.id)`,
  // A loan never handed over that is ended is cancelled (annullato_il), not returned: it has no return date.
  returnedWithoutDate:
    "SELECT id FROM prestiti WHERE stato = 'restituito' AND data_restituzione IS NULL AND annullato_il IS NULL",
  doubleBookings: `WITH bookings AS (
      SELECT unit_id, dal AS first_day, al AS last_day, 'richiesta ' || id AS what FROM richieste
      WHERE stato = 'in_attesa'
      UNION ALL
      SELECT pu.unit_id, p.data_uscita, p.data_rientro, 'prestito ' || p.id FROM prestiti p
      JOIN prestiti_unita pu ON pu.prestito_id = p.id WHERE p.stato IN ('attivo', 'scaduto'))
    SELECT a.unit_id, a.what AS one, b.what AS other FROM bookings a JOIN bookings b
    ON a.unit_id = b.unit_id AND a.what < b.what AND a.first_day <= b.last_day AND b.first_day <= a.last_day`,
};

const CONTENTS = {
  users: "SELECT id, email FROM users",
  requests: "SELECT id, stato, utente_id FROM richieste",
  loans: "SELECT id, stato, richiesta_id, utente_id FROM prestiti",
};

/**
 * Reads the killed server's files directly and checks them against the ledger; then takes over what the
 * file says about changes that got no answer, so the next run starts from the truth.
 */
async function checkFilesAfterCrash(server: PrestaLabServer, ledger: Ledger) {
  const { integrity, foreignKeyProblems, rows } = await inspectDatabase(databaseFile(server), {
    ...INVARIANTS,
    ...CONTENTS,
  });
  expect(integrity).toBe("ok");
  expect(foreignKeyProblems).toEqual([]);
  for (const name of Object.keys(INVARIANTS)) expect(rows[name], name).toEqual([]);

  const emails = new Map((rows.users ?? []).map((row) => [row.id as number, row.email as string]));
  for (const [id, email] of ledger.users) expect(emails.get(id), `user #${id}`).toBe(email);

  const requests = new Map((rows.requests ?? []).map((row) => [row.id as number, row]));
  for (const [id, request] of ledger.requests) {
    const stored = requests.get(id)?.stato as RequestState | undefined;
    expect([request.state, request.unanswered], `request #${id}`).toContain(stored);
    request.state = stored as RequestState;
    request.unanswered = undefined;
  }
  const loans = new Map((rows.loans ?? []).map((row) => [row.id as number, row]));
  for (const [id, loan] of ledger.loans) {
    const stored = loans.get(id);
    expect(stored?.richiesta_id, `loan #${id}`).toBe(loan.requestId);
    expect([loan.state, loan.unanswered], `loan #${id}`).toContain(stored?.stato);
    loan.state = stored?.stato as LoanState;
    loan.unanswered = undefined;
  }
  // Writes that committed but whose answer the crash swallowed: adopt them, they are real now.
  const students = new Set(ledger.users.keys());
  for (const row of rows.requests ?? [])
    if (!ledger.requests.has(row.id as number) && students.has(row.utente_id as number))
      ledger.requests.set(row.id as number, { state: row.stato as RequestState, owner: row.utente_id as number });
  for (const row of rows.loans ?? [])
    if (!ledger.loans.has(row.id as number) && row.richiesta_id !== null && students.has(row.utente_id as number))
      ledger.loans.set(row.id as number, {
        state: row.stato as LoanState,
        owner: row.utente_id as number,
        requestId: row.richiesta_id as number,
      });
  return { requests: requests.size, loans: loans.size, users: emails.size };
}

/** The restarted server shows every acknowledged record, in the state last acknowledged. */
async function checkApiAfterRestart(server: PrestaLabServer, ledger: Ledger, adminToken: string) {
  const admin = { token: adminToken };
  // The signing key lives in the data directory: sessions survive the crash.
  expect((await server.call("GET", "/api/auth/me", admin)).status).toBe(200);
  const users = await server.call("GET", "/api/auth/users", admin);
  const emails = new Set((users.body as Array<{ email: string }>).map((user) => user.email));
  for (const email of ledger.users.values()) expect(emails.has(email), email).toBe(true);

  const requests = await server.call("GET", "/api/richieste?all=1", admin);
  const requestStates = new Map((requests.body as Array<{ id: number; stato: string }>).map((r) => [r.id, r.stato]));
  for (const [id, request] of ledger.requests) expect(requestStates.get(id), `request #${id}`).toBe(request.state);

  const loans = await server.call("GET", "/api/prestiti?all=1", admin);
  const loanStates = new Map((loans.body as Array<{ id: number; stato: string }>).map((l) => [l.id, l.stato]));
  for (const [id, loan] of ledger.loans) {
    // An open loan past midnight shows as scaduto: still open, still the same loan.
    const expected = loan.state === "restituito" ? ["restituito"] : ["attivo", "scaduto"];
    expect(expected, `loan #${id}`).toContain(loanStates.get(id));
  }
}

test("every acknowledged write survives SIGKILL at random moments, with the database intact", async ({ server }) => {
  test.setTimeout(180_000);
  const ledger = new Ledger();
  const adminToken = await server.login();
  const { today } = (await server.call("GET", "/api/health")).body as { today: string };
  const unitIds: number[] = [];
  for (let item = 0; item < ITEMS; item++) {
    const created = await server.call("POST", "/api/inventario", {
      token: adminToken,
      body: {
        nome: `Fotocamera ${item + 1}`,
        quantita_totale: UNITS_PER_ITEM,
        tipo_prestito: "solo_esterno",
        corsi_assegnati: ["Fotografia"],
        categoria_id: null,
      },
    });
    expect(created.status).toBe(200);
    unitIds.push(...(created.body.unita as Array<{ id: number }>).map((unit) => unit.id));
  }
  const random = createRandom(chaosSeed("crash safety"));
  const desk: Desk = { server, ledger, adminToken, today, unitIds, stopped: false, random };
  const students: Student[] = [];

  for (let run = 1; run <= CRASHES; run++) {
    desk.stopped = false;
    const before = ledger.acknowledged;
    // New students each run: registrations are writes too.
    for (let i = 0; i < (run === 1 ? FIRST_STUDENTS : 2); i++) {
      const student = await server.registerStudent();
      ledger.users.set(student.user.id, student.email);
      ledger.acknowledged++;
      students.push(student);
    }
    const workers = students.map((student, index) => {
      const share = unitIds.filter((_, unitIndex) => unitIndex % students.length === index);
      return studentAtWork(desk, student, share).catch((error) => {
        if (!(error instanceof ServerGone)) throw error;
      });
    });
    // Kill after a random number of acknowledged writes, with the workers' next changes in flight.
    const killAfter = before + 60 + desk.random.int(0, 239);
    await until(() => ledger.acknowledged >= killAfter, 60_000, `${killAfter} acknowledged writes`);
    const killed = await server.kill();
    desk.stopped = true;
    await Promise.all(workers);
    expect(killed.signal).toBe("SIGKILL");
    const inFlight = ledger.unanswered();
    // No clean shutdown happened: the write-ahead log was not folded in and the lock file is stale.
    const wal = `${databaseFile(server)}-wal`;
    expect(existsSync(wal) && statSync(wal).size > 0, "a non-empty WAL after the crash").toBe(true);
    expect(existsSync(join(server.dataDir, "server.pid")), "the killed server's lock file").toBe(true);

    const stored = await checkFilesAfterCrash(server, ledger);
    await server.restart();
    await checkApiAfterRestart(server, ledger, adminToken);
    expect((await inspectDatabase(databaseFile(server))).integrity).toBe("ok");
    test.info().annotations.push({
      type: `crash ${run}`,
      description:
        `SIGKILL after ${ledger.acknowledged - before} acknowledged writes (${inFlight} changes unanswered); ` +
        `integrity ok; ${stored.users} users, ${stored.requests} requests, ${stored.loans} loans on disk`,
    });
  }
  // The drill exercised every kind of record it checks.
  expect(ledger.requests.size).toBeGreaterThan(0);
  expect(ledger.loans.size).toBeGreaterThan(0);
});

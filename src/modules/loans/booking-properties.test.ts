import { Database } from "bun:sqlite";
import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import fc from "fast-check";
import type { AppContext } from "../../context";
import * as schema from "../../db/schema";
import { penalita, prestiti, prestitiUnita, richieste, riparazioni, unita, users } from "../../db/schema";
import { addDays } from "../../domain/dates";
import { chaosSeed } from "../../testing/chaos-seed";
import {
  createTestClient,
  createTestContext,
  type Json,
  registerStudent,
  signInAdmin,
  type TestClient,
} from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { markOverdueLoans } from "./overdue-job";

/*
 * Random sequences of everything that books, frees or penalises, checked after every step against
 * rules re-derived here from the tables: no unit has two overlapping bookings, every unit shows the
 * state its bookings and repairs imply, and strikes always match the penalty history. The expected
 * answer of each booking step is also predicted here, so a refusal without a reason fails too.
 */

const DAY_MS = 86_400_000;
const STUDENTS = 3;
type Usage = "interno" | "esterno" | null;

type Step =
  | { kind: "request"; student: number; unit: number; start: number; length: number; usage: Usage }
  | { kind: "cancel"; pick: number; byOwner: boolean }
  | { kind: "approve"; pick: number }
  | { kind: "reject"; pick: number }
  | {
      kind: "direct";
      borrower: number;
      item: number;
      units: readonly number[];
      start: number;
      length: number;
      usage: Usage;
    }
  | { kind: "return"; pick: number }
  | { kind: "handover"; pick: number }
  | { kind: "cancel-loan"; pick: number }
  | { kind: "advance"; days: number }
  | { kind: "unblock"; student: number; reset: boolean }
  | { kind: "overdue-job" }
  | { kind: "repair"; unit: number };

const usage = fc.constantFrom<Usage>("interno", "esterno", null);
const start = fc.integer({ min: -1, max: 4 });
const length = fc.integer({ min: 0, max: 2 });
const pick = fc.nat({ max: 40 });

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("request" as const),
      student: fc.nat({ max: STUDENTS - 1 }),
      unit: fc.nat({ max: 2 }),
      start,
      length,
      usage,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel" as const), pick, byOwner: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("approve" as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reject" as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("direct" as const),
      // STUDENTS stands for a name (chi only) that no registered student has.
      borrower: fc.nat({ max: STUDENTS }),
      item: fc.nat({ max: 1 }),
      units: fc.constantFrom([0], [1], [0, 1]),
      start,
      length,
      usage,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("return" as const), pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("handover" as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel-loan" as const), pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("advance" as const), days: fc.integer({ min: 0, max: 5 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("unblock" as const),
      student: fc.nat({ max: STUDENTS - 1 }),
      reset: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "overdue-job" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("repair" as const), unit: fc.nat({ max: 2 }) }) },
);

interface Unit {
  id: number;
  itemId: number;
  loanType: "solo_esterno" | "entrambi";
}

interface World {
  client: TestClient;
  ctx: AppContext;
  admin: string;
  students: Array<{ id: number; token: string }>;
  /** Camera (external only) with units 0 and 1; tablet (both ways) with unit 2. */
  units: Unit[];
  items: Array<{ id: number; units: Unit[] }>;
  requestIds: number[];
  loanIds: number[];
  /** Step number of each user's last penalty and last unblock, to judge whether they must be blocked. */
  lastPenaltyStep: Map<number, number>;
  lastUnblockStep: Map<number, number>;
}

type Template = Pick<World, "admin" | "students" | "units" | "items"> & { database: Uint8Array };

/**
 * The academy every run starts from, built once through the API: a desk, three photography students
 * (with 2, 0 and 1 strikes from earlier years, so one more late return can block), a camera lent
 * externally only (units 0 and 1) and a tablet lent both ways (unit 2). Runs start from a copy of
 * its database, so the sessions stay valid and no run pays for password hashing.
 */
async function buildTemplate(): Promise<Template> {
  const client = createTestClient();
  const { ctx } = client;
  const admin = (await signInAdmin(client)).token;
  const students = [];
  for (const strikes of [2, 0, 1]) {
    const student = await registerStudent(client, { corso_accademico: "Fotografia" });
    const id = student.user.id as number;
    students.push({ id, token: student.token });
    if (strikes === 0) continue;
    ctx.db
      .insert(penalita)
      .values({
        utenteId: id,
        articoloNome: "Flash",
        motivo: "Ritardo nella restituzione",
        giorniRitardo: strikes === 2 ? 4 : 1,
        strikeAssegnati: strikes,
        createdAt: ctx.clock.now().toISOString(),
      })
      .run();
    ctx.db.update(users).set({ penaltyStrikes: strikes }).where(eq(users.id, id)).run();
  }
  const camera = await createItem(client, admin, {
    nome: "Fotocamera",
    quantita_totale: 2,
    tipo_prestito: "solo_esterno",
  });
  const tablet = await createItem(client, admin, { nome: "Tavoletta", quantita_totale: 1, tipo_prestito: "entrambi" });
  const cameraUnits = (camera.unita as Json[]).map(
    (unit): Unit => ({ id: unit.id, itemId: camera.id, loanType: "solo_esterno" }),
  );
  const tabletUnits = (tablet.unita as Json[]).map(
    (unit): Unit => ({ id: unit.id, itemId: tablet.id, loanType: "entrambi" }),
  );
  return {
    database: ctx.sqlite.serialize(),
    admin,
    students,
    units: [...cameraUnits, ...tabletUnits],
    items: [
      { id: camera.id, units: cameraUnits },
      { id: tablet.id, units: tabletUnits },
    ],
  };
}

let template: Promise<Template> | undefined;

async function createWorld(): Promise<World> {
  template ??= buildTemplate();
  const { database, ...academy } = await template;
  const sqlite = Database.deserialize(database, { strict: true });
  sqlite.exec("PRAGMA foreign_keys = ON");
  // The harness's context (clock at the start date, fast hasher, silent logger) around the copied database.
  const fresh = createTestContext();
  fresh.sqlite.close();
  const ctx: AppContext = { ...fresh, sqlite, db: drizzle({ client: sqlite, schema }) };
  return {
    ...academy,
    client: createTestClient(ctx),
    ctx,
    requestIds: [],
    loanIds: [],
    lastPenaltyStep: new Map(),
    lastUnblockStep: new Map(),
  };
}

/** Everything the rules depend on, read straight from the tables. */
function snapshot(ctx: AppContext) {
  const loans = ctx.db.select().from(prestiti).all();
  const loanUnits = ctx.db.select().from(prestitiUnita).all();
  return {
    today: ctx.clock.today(),
    requests: ctx.db.select().from(richieste).all(),
    loans,
    openLoanBookings: loanUnits.flatMap((link) => {
      const loan = loans.find((candidate) => candidate.id === link.prestitoId);
      return loan && (loan.stato === "attivo" || loan.stato === "scaduto")
        ? [{ loanId: loan.id, unitId: link.unitId, from: loan.dataUscita, to: loan.dataRientro }]
        : [];
    }),
    repairs: ctx.db.select().from(riparazioni).all(),
    units: ctx.db.select().from(unita).all(),
    users: ctx.db.select().from(users).all(),
    penalties: ctx.db.select().from(penalita).all(),
  };
}
type Snapshot = ReturnType<typeof snapshot>;

const overlaps = (a: { from: string; to: string }, b: { from: string; to: string }) => a.from <= b.to && b.from <= a.to;

/**
 * Whether a unit can take a booking over [from, to]: not lost, not in repair, no pending request or
 * open loan overlapping it — where a loan past its due date still holds the unit until it is back.
 */
function unitFree(s: Snapshot, unitId: number, range: { from: string; to: string }, ignoreRequestId?: number): boolean {
  if (s.units.find((unit) => unit.id === unitId)?.perso) return false;
  if (s.repairs.some((repair) => repair.unitId === unitId && repair.stato === "in_corso")) return false;
  const pending = s.requests.filter(
    (request) => request.unitId === unitId && request.stato === "in_attesa" && request.id !== ignoreRequestId,
  );
  if (pending.some((request) => overlaps({ from: request.dal, to: request.al }, range))) return false;
  return !s.openLoanBookings.some(
    (loan) => loan.unitId === unitId && loan.from <= range.to && (loan.to >= range.from || loan.to < s.today),
  );
}

function dateProblem(s: Snapshot, loanType: Unit["loanType"], from: string, to: string, chosen: Usage): boolean {
  const usageOfBooking = loanType === "entrambi" ? chosen : "esterno";
  if (from < s.today || to < from) return true;
  if (usageOfBooking === "interno" && to !== from) return true;
  return usageOfBooking === null;
}

function userOf(s: Snapshot, id: number) {
  const user = s.users.find((candidate) => candidate.id === id);
  if (!user) throw new Error(`no user ${id}`);
  return user;
}

function hasOverdueLoan(s: Snapshot, userId: number) {
  return s.loans.some(
    (loan) =>
      loan.utenteId === userId &&
      (loan.stato === "attivo" || loan.stato === "scaduto") &&
      loan.consegnatoIl !== null &&
      loan.dataRientro < s.today,
  );
}

/** The record `pick` chooses among those made so far (`ids`), as the model holds it; none while there are none. */
function pickRecord<T extends { id: number }>(ids: number[], records: T[], pick: number): T | undefined {
  const id = ids[pick % ids.length];
  if (id === undefined) return undefined;
  const record = records.find((candidate) => candidate.id === id);
  if (!record) throw new Error("inconsistent model");
  return record;
}

/** Runs one step through the API and returns [status it got, status the rules predict]. */
async function perform(world: World, step: Step, stepNumber: number): Promise<[number, number | number[]]> {
  const { client, ctx, admin } = world;
  const s = snapshot(ctx);
  const pickRequest = (pick: number) => pickRecord(world.requestIds, s.requests, pick);
  const pickLoan = (pick: number) => pickRecord(world.loanIds, s.loans, pick);
  switch (step.kind) {
    case "request": {
      const student = world.students[step.student] as World["students"][number];
      const unit = world.units[step.unit] as Unit;
      const from = addDays(s.today, step.start);
      const to = addDays(from, step.length);
      const answer = await client.post(
        "/api/richieste",
        { unit_id: unit.id, dal: from, al: to, note: null, tipo_utilizzo: step.usage },
        student.token,
      );
      if (answer.status === 200) world.requestIds.push(answer.body.id);
      const user = userOf(s, student.id);
      const expected =
        user.isBlocked || hasOverdueLoan(s, student.id)
          ? 403
          : dateProblem(s, unit.loanType, from, to, step.usage)
            ? 400
            : unitFree(s, unit.id, { from, to })
              ? 200
              : 409;
      return [answer.status, expected];
    }
    case "cancel": {
      const request = pickRequest(step.pick);
      if (!request) return [0, 0];
      const owner = world.students.find((student) => student.id === request.utenteId);
      const caller = step.byOwner ? owner : world.students.find((student) => student.id !== request.utenteId);
      if (!caller) throw new Error("inconsistent model");
      const answer = await client.delete(`/api/richieste/${request.id}`, caller.token);
      return [answer.status, caller !== owner ? 404 : request.stato === "in_attesa" ? 200 : 409];
    }
    case "approve": {
      const request = pickRequest(step.pick);
      if (!request) return [0, 0];
      if (!request.utenteId) throw new Error("inconsistent model");
      const answer = await client.put(`/api/prestiti/${request.id}/approva`, undefined, admin);
      if (answer.status === 200) world.loanIds.push(answer.body.loanId);
      const expected =
        request.stato !== "in_attesa"
          ? 409
          : userOf(s, request.utenteId).isBlocked
            ? 403
            : request.al < s.today || !unitFree(s, request.unitId, { from: request.dal, to: request.al }, request.id)
              ? 409
              : 200;
      return [answer.status, expected];
    }
    case "reject": {
      const request = pickRequest(step.pick);
      if (!request) return [0, 0];
      const answer = await client.put(`/api/prestiti/${request.id}/rifiuta`, { motivazione: "Non disponibile" }, admin);
      return [answer.status, request.stato === "in_attesa" ? 200 : 409];
    }
    case "direct": {
      const item = world.items[step.item] as World["items"][number];
      const units = [...new Set(step.units.map((index) => item.units[index % item.units.length] as Unit))];
      const borrower = world.students[step.borrower];
      const from = addDays(s.today, step.start);
      const to = addDays(from, step.length);
      const answer = await client.post(
        "/api/prestiti",
        {
          inventario_id: item.id,
          utente_id: borrower?.id ?? null,
          chi: borrower ? "" : "Docente ospite",
          data_uscita: from,
          data_rientro: to,
          unita_ids: units.map((unit) => unit.id),
          tipo_utilizzo: step.usage,
          note: null,
        },
        admin,
      );
      if (answer.status === 200) world.loanIds.push(answer.body.loanId);
      const loanType = (units[0] as Unit).loanType;
      const expected = !borrower
        ? 400
        : userOf(s, borrower.id).isBlocked || hasOverdueLoan(s, borrower.id)
          ? 403
          : dateProblem(s, loanType, from, to, step.usage)
            ? 400
            : units.every((unit) => unitFree(s, unit.id, { from, to }))
              ? 200
              : 409;
      return [answer.status, expected];
    }
    case "return": {
      const loan = pickLoan(step.pick);
      if (!loan) return [0, 0];
      const answer = await client.put(`/api/prestiti/${loan.id}/restituisci`, undefined, admin);
      if (answer.status === 200 && answer.body.penalty && loan.utenteId)
        world.lastPenaltyStep.set(loan.utenteId, stepNumber);
      // Any open loan ends; one never handed over is cancelled rather than returned (DESIGN §3.3).
      const open = loan.stato === "attivo" || loan.stato === "scaduto";
      return [answer.status, open ? 200 : 409];
    }
    case "handover": {
      const loan = pickLoan(step.pick);
      if (!loan) return [0, 0];
      const answer = await client.put(`/api/prestiti/${loan.id}/consegna`, undefined, admin);
      const possible = loan.stato !== "restituito" && loan.consegnatoIl === null && loan.dataUscita <= s.today;
      return [answer.status, possible ? 200 : 409];
    }
    case "cancel-loan": {
      const loan = pickLoan(step.pick);
      if (!loan) return [0, 0];
      const answer = await client.put(`/api/prestiti/${loan.id}/annulla`, undefined, admin);
      return [answer.status, loan.stato !== "restituito" && loan.consegnatoIl === null ? 200 : 409];
    }
    case "advance": {
      ctx.clock.travelTo(new Date(ctx.clock.now().getTime() + step.days * DAY_MS));
      return [0, 0];
    }
    case "unblock": {
      const student = world.students[step.student] as World["students"][number];
      const answer = await client.post(
        "/api/penalties/unblock-user",
        { userId: student.id, resetStrikes: step.reset },
        admin,
      );
      if (answer.status === 200) world.lastUnblockStep.set(student.id, stepNumber);
      return [answer.status, userOf(s, student.id).isBlocked || step.reset ? 200 : 409];
    }
    case "overdue-job": {
      markOverdueLoans(ctx);
      return [0, 0];
    }
    case "repair": {
      const unit = world.units[step.unit] as Unit;
      const open = s.repairs.find((repair) => repair.unitId === unit.id && repair.stato === "in_corso");
      const answer = open
        ? await client.put(`/api/riparazioni/${open.id}`, { stato: "completata" }, admin)
        : await client.post(
            "/api/riparazioni",
            { inventario_id: unit.itemId, unit_id: unit.id, descrizione: "Controllo" },
            admin,
          );
      return [answer.status, [200, 409]];
    }
  }
}

/** The DESIGN §3.2 unit rule, written out again from the tables. */
function expectedUnitState(s: Snapshot, unitId: number): string {
  if (s.units.find((unit) => unit.id === unitId)?.perso) return "perso";
  if (s.repairs.some((repair) => repair.unitId === unitId && repair.stato === "in_corso")) return "in_riparazione";
  const loans = s.openLoanBookings.filter((loan) => loan.unitId === unitId);
  if (loans.some((loan) => loan.from <= s.today)) return "prestato";
  // A pending request reserves the unit on its own days only: one for later leaves it free today.
  const pendingToday = s.requests.some(
    (request) =>
      request.unitId === unitId && request.stato === "in_attesa" && request.dal <= s.today && request.al >= s.today,
  );
  return pendingToday ? "riservato" : "disponibile";
}

function expectedItemState(unitStates: string[]): string {
  if (unitStates.length === 0) return "non_disponibile";
  if (unitStates.includes("disponibile")) return "disponibile";
  if (unitStates.includes("prestato") || unitStates.includes("riservato")) return "in_prestito";
  if (unitStates.includes("in_riparazione")) return "in_riparazione";
  return unitStates.every((state) => state === "perso") ? "perso" : "non_disponibile";
}

async function checkInvariants(world: World, stepNumber: number) {
  const s = snapshot(world.ctx);

  // (a) No unit has two overlapping bookings.
  const bookings = [
    ...s.requests
      .filter((request) => request.stato === "in_attesa")
      .map((request) => ({ what: `request ${request.id}`, unitId: request.unitId, from: request.dal, to: request.al })),
    ...s.openLoanBookings.map((loan) => ({ what: `loan ${loan.loanId}`, ...loan })),
  ];
  for (const [i, a] of bookings.entries())
    for (const b of bookings.slice(i + 1))
      if (a.unitId === b.unitId && overlaps(a, b))
        throw new Error(`double booking of unit ${a.unitId}: ${JSON.stringify(a)} and ${JSON.stringify(b)}`);

  // Each approved request became exactly one loan of its unit and dates.
  for (const request of s.requests.filter((candidate) => candidate.stato === "approvata")) {
    const loans = s.loans.filter((loan) => loan.richiestaId === request.id);
    expect(loans.map((loan) => [loan.dataUscita, loan.dataRientro])).toEqual([[request.dal, request.al]]);
  }

  // (b) Every unit and item shows the state its bookings and repairs imply.
  const inventory = await world.client.get("/api/inventario", world.admin);
  expect(inventory.status).toBe(200);
  expect(inventory.body).toHaveLength(world.items.length);
  for (const item of inventory.body as Json[]) {
    const shown = item.unita as Json[];
    const expected = shown.map((unit) => expectedUnitState(s, unit.id));
    expect({ day: s.today, units: shown.map((unit) => unit.stato) }).toEqual({ day: s.today, units: expected });
    expect(item.stato_effettivo).toBe(expectedItemState(expected));
    expect(item.unita_disponibili).toBe(expected.filter((state) => state === "disponibile").length);
  }

  // (c) Strikes match the penalty history; three or more block, unless unblocked since the last penalty.
  for (const student of world.students) {
    const user = userOf(s, student.id);
    const history = s.penalties
      .filter((penalty) => penalty.utenteId === student.id && penalty.azzerataAt === null)
      .reduce((total, penalty) => total + penalty.strikeAssegnati, 0);
    expect({ user: student.id, strikes: user.penaltyStrikes }).toEqual({ user: student.id, strikes: history });
    const unblockedSince =
      (world.lastUnblockStep.get(student.id) ?? -1) > (world.lastPenaltyStep.get(student.id) ?? -1);
    if (user.penaltyStrikes >= 3 && !unblockedSince)
      expect({ user: student.id, step: stepNumber, blocked: user.isBlocked }).toEqual({
        user: student.id,
        step: stepNumber,
        blocked: true,
      });
    if (user.isBlocked) expect(user.penaltyStrikes).toBeGreaterThanOrEqual(3);
  }

  // (d) A loan nobody collected never earns a penalty, and is never marked overdue.
  for (const loan of s.loans.filter((candidate) => candidate.consegnatoIl === null)) {
    expect({
      loan: loan.id,
      penalties: s.penalties.filter((penalty) => penalty.prestitoId === loan.id).length,
    }).toEqual({
      loan: loan.id,
      penalties: 0,
    });
    expect({ loan: loan.id, stato: loan.stato }).not.toEqual({ loan: loan.id, stato: "scaduto" });
  }
}

describe("random sequences of bookings, returns and penalties", () => {
  it("never double-book a unit, never show a unit state its bookings contradict, never lose count of strikes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
        const world = await createWorld();
        for (const [index, current] of steps.entries()) {
          const [status, expected] = await perform(world, current, index);
          const allowed = Array.isArray(expected) ? expected : [expected];
          if (!allowed.includes(status))
            throw new Error(
              `step ${index} ${JSON.stringify(current)} answered ${status}, expected ${allowed.join("/")}`,
            );
          await checkInvariants(world, index);
        }
      }),
      { numRuns: 200, seed: chaosSeed("booking properties") },
    );
  }, 120_000);
});

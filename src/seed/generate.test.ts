import { beforeAll, describe, expect, it } from "bun:test";
import type { AppContext } from "../context";
import { AUTOMATIC_BLOCK_REASON, BLOCK_AT_STRIKES } from "../domain/loan-rules";
import { createOrPromoteAdmin } from "../modules/auth/service";
import { offerFreedUnitsStep, unitsFreeFor } from "../modules/demand/offers";
import { createTestContext } from "../testing/harness";
import { loadDemoAcademy } from "./demo";
import { type SeedSummary, seedDatabase, spreadUnits } from "./generate";

const MID_SIZE = { items: 200, units: 1000, students: 300, loans: 5000, requests: 400, repairs: 40, reports: 30 };

async function seededAcademy(options: Partial<typeof MID_SIZE> = {}) {
  const ctx = createTestContext();
  const { user: admin } = await createOrPromoteAdmin(ctx, { email: "banco@accademia.test", password: "Banco-2026-ok" });
  const summary = await seedDatabase(ctx, {
    ...MID_SIZE,
    ...options,
    historyDays: 365,
    studentPassword: "Studente-Prova-2026",
    adminId: admin.id,
    seed: 7,
  });
  return { ctx, summary, adminId: admin.id };
}

function count(ctx: AppContext, sql: string): number {
  return (ctx.sqlite.query(sql).get() as { n: number }).n;
}

/** Every booking of a unit (loans and pending requests) as a closed date range; open overdue loans never end. */
function overlappingBookings(ctx: AppContext, today: string): string[] {
  const rows = ctx.sqlite
    .query(
      `SELECT pu.unit_id AS unit, p.data_uscita AS start,
              CASE WHEN p.data_restituzione IS NOT NULL THEN max(p.data_rientro, p.data_restituzione)
                   WHEN p.data_rientro < ? THEN '9999-12-31' ELSE p.data_rientro END AS end,
              'prestito ' || p.id AS label
         FROM prestiti p JOIN prestiti_unita pu ON pu.prestito_id = p.id
       UNION ALL
       SELECT unit_id, dal, al, 'richiesta ' || id FROM richieste WHERE stato = 'in_attesa'
       ORDER BY 1, 2, 3`,
    )
    .all(today) as Array<{ unit: number; start: string; end: string; label: string }>;
  const problems: string[] = [];
  let previous: (typeof rows)[number] | undefined;
  for (const row of rows) {
    if (previous && previous.unit === row.unit && row.start <= previous.end)
      problems.push(`${previous.label} e ${row.label} sull'unità ${row.unit}`);
    if (!previous || previous.unit !== row.unit || row.end > previous.end) previous = row;
  }
  return problems;
}

/** Students whose strike total, block or block reason disagrees with their penalty history. */
function inconsistentStandings(ctx: AppContext): unknown[] {
  return ctx.sqlite
    .query(
      `SELECT u.id, u.penalty_strikes, u.is_blocked, u.blocked_reason,
              (SELECT coalesce(sum(strike_assegnati), 0) FROM penalita p WHERE p.utente_id = u.id AND p.azzerata_at IS NULL) AS active
         FROM users u WHERE u.ruolo = 'user'
       AND (u.penalty_strikes != active
            OR (u.is_blocked = 1 AND (u.blocked_reason IS NOT ? OR active < ?))
            OR (u.is_blocked = 0 AND (u.blocked_reason IS NOT NULL OR active >= ?)))`,
    )
    .all(AUTOMATIC_BLOCK_REASON, BLOCK_AT_STRIKES, BLOCK_AT_STRIKES);
}

/** Loans whose stored state disagrees with their dates and the clock's today. */
function inconsistentLoanStates(ctx: AppContext, today: string): number {
  return (
    ctx.sqlite
      .query(
        `SELECT count(*) AS n FROM prestiti WHERE NOT (
           (stato = 'restituito' AND data_restituzione IS NOT NULL AND data_restituzione < ?)
           OR (stato = 'scaduto' AND data_restituzione IS NULL AND data_rientro < ?)
           OR (stato = 'attivo' AND data_restituzione IS NULL AND data_rientro >= ?))`,
      )
      .get(today, today, today) as { n: number }
  ).n;
}

describe("seedDatabase", () => {
  let academy: Awaited<ReturnType<typeof seededAcademy>>;
  beforeAll(async () => {
    academy = await seededAcademy();
  });

  it("creates exactly the units, students and loans asked for", () => {
    const { ctx, summary } = academy;
    expect(summary).toMatchObject({ items: 200, units: 1000, students: 300, loans: 5000 });
    expect(count(ctx, "SELECT count(*) AS n FROM inventario")).toBe(200);
    expect(count(ctx, "SELECT count(*) AS n FROM unita")).toBe(1000);
    expect(count(ctx, "SELECT count(*) AS n FROM users WHERE ruolo = 'user'")).toBe(300);
    expect(count(ctx, "SELECT count(*) AS n FROM prestiti")).toBe(5000);
    expect(
      count(ctx, "SELECT min(n) AS n FROM (SELECT count(*) AS n FROM unita GROUP BY inventario_id)"),
    ).toBeGreaterThanOrEqual(1);
  });

  it("never books a unit twice for overlapping dates, counting pending requests", () => {
    const { ctx } = academy;
    expect(count(ctx, "SELECT count(*) AS n FROM richieste WHERE stato = 'in_attesa'")).toBeGreaterThan(0);
    expect(overlappingBookings(ctx, ctx.clock.today())).toEqual([]);
  });

  it("gives every student the strikes and block their penalty history earns", () => {
    const { ctx, summary } = academy;
    expect(summary.penalties).toBeGreaterThan(0);
    expect(count(ctx, "SELECT count(*) AS n FROM users WHERE penalty_strikes > 0")).toBeGreaterThan(0);
    expect(inconsistentStandings(ctx)).toEqual([]);
  });

  it("stores loan states that agree with today, and pending requests only in the future", () => {
    const { ctx } = academy;
    const today = ctx.clock.today();
    expect(inconsistentLoanStates(ctx, today)).toBe(0);
    expect(count(ctx, "SELECT count(*) AS n FROM prestiti WHERE stato = 'attivo'")).toBeGreaterThan(0);
    const pendingInPast = ctx.sqlite
      .query("SELECT count(*) AS n FROM richieste WHERE stato = 'in_attesa' AND dal <= ?")
      .get(today) as { n: number };
    expect(pendingInPast.n).toBe(0);
    const states = ctx.sqlite.query("SELECT DISTINCT stato FROM richieste ORDER BY stato").all();
    expect(states).toEqual([
      { stato: "annullata" },
      { stato: "approvata" },
      { stato: "in_attesa" },
      { stato: "rifiutata" },
    ]);
  });

  it("refuses a database that already holds data, leaving it untouched", async () => {
    const { ctx, adminId } = academy;
    const options = { ...MID_SIZE, historyDays: 365, studentPassword: "Studente-Prova-2026", adminId };
    await expect(seedDatabase(ctx, options)).rejects.toThrow("contiene già dati");
    expect(count(ctx, "SELECT count(*) AS n FROM unita")).toBe(1000);
    expect(count(ctx, "SELECT count(*) AS n FROM prestiti")).toBe(5000);
  });

  it("refuses fewer units than items", async () => {
    await expect(seededAcademy({ items: 10, units: 9 })).rejects.toThrow("una per articolo");
  });

  it("yields the same data set from the same seed", async () => {
    const small = { items: 20, units: 60, students: 30, loans: 200, requests: 20, repairs: 4, reports: 3 };
    const fingerprint = async () => {
      const { ctx } = await seededAcademy(small);
      return ctx.sqlite.query("SELECT unit_id, utente_id, dal, al, stato FROM richieste ORDER BY id").all();
    };
    expect(await fingerprint()).toEqual(await fingerprint());
  });
});

describe("spreadUnits", () => {
  it("adds up to the total, with at least one unit per item, more where the catalog usually has more", () => {
    const counts = spreadUnits(50, [1, 8, 4, 2, 5]);
    expect(counts.reduce((sum, value) => sum + value, 0)).toBe(50);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    expect(counts[1]).toBeGreaterThan(counts[0] as number);
    expect(spreadUnits(3, [5, 5, 5])).toEqual([1, 1, 1]);
  });
});

describe("demo academy", () => {
  let demo: { ctx: AppContext; summary: SeedSummary };
  beforeAll(async () => {
    const ctx = createTestContext();
    demo = { ctx, summary: (await loadDemoAcademy(ctx, { email: "banco@accademia-demo.it" })).summary };
  });

  it("keeps the catalog's usual unit counts and the same invariants", () => {
    const { ctx, summary } = demo;
    expect(summary.items).toBe(60);
    expect(summary.units).toBeGreaterThan(summary.items);
    expect(overlappingBookings(ctx, ctx.clock.today())).toEqual([]);
    expect(inconsistentStandings(ctx)).toEqual([]);
    expect(inconsistentLoanStates(ctx, ctx.clock.today())).toBe(0);
  });

  it("puts the demo student in a queue and offers them a hold on a unit free for its days", () => {
    const { ctx, summary } = demo;
    const waits = ctx.sqlite
      .query("SELECT id, utente_id, inventario_id, stato, dal, al, scade_il FROM attese ORDER BY id")
      .all() as Array<{ id: number; utente_id: number; inventario_id: number; stato: string; dal: string; al: string }>;
    expect(summary.waiting).toBe(waits.length);
    const firstStudent = (
      ctx.sqlite.query("SELECT id FROM users WHERE email = ?").get(summary.firstStudentEmail) as { id: number }
    ).id;
    const holds = waits.filter((wait) => wait.stato === "offerta");
    expect(holds).toHaveLength(1);
    expect(holds[0]?.utente_id).toBe(firstStudent);
    expect(waits.filter((wait) => wait.stato === "in_coda").length).toBeGreaterThanOrEqual(2);
    // Nothing is free for the queued days (else the server would offer them), and the held unit is.
    for (const wait of waits.filter((entry) => entry.stato === "in_coda"))
      expect(
        unitsFreeFor(ctx.db, ctx.clock.today(), { inventarioId: wait.inventario_id, kitId: null, ...wait }),
      ).toBeNull();
    expect(count(ctx, "SELECT count(*) AS n FROM attese_unita")).toBeGreaterThan(0);
    expect(offerFreedUnitsStep(ctx.db, ctx, "every item")).toBe(0);
  });

  it("stages overdue loans and a blocked student around today", () => {
    const { ctx, summary } = demo;
    expect(count(ctx, "SELECT count(*) AS n FROM prestiti WHERE stato = 'scaduto'")).toBeGreaterThanOrEqual(3);
    expect(summary.blockedStudents).toBeGreaterThan(0);
  });
});

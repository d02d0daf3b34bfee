import { describe, expect, it } from "bun:test";
import { runScheduledJobs, startJobs } from "./jobs";
import { markOverdueLoans } from "./modules/loans/overdue-job";
import {
  day,
  directLoanOk,
  loanRow,
  loanScenario,
  returnOk,
  TODAY,
  travelToDay,
  unitIdOf,
} from "./testing/loan-fixtures";

/** Loans of the student's camera units: due today, due tomorrow, and one already back. */
async function loansDueSoon() {
  const scenario = await loanScenario();
  const { client, admin, student, camera } = scenario;
  const lend = (unit: number, due: string) =>
    directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera, unit)],
      utente_id: student.user.id,
      data_rientro: due,
    });
  const dueToday = await lend(0, TODAY);
  const dueTomorrow = await lend(1, day(1));
  const returned = await lend(2, TODAY);
  await returnOk(client, admin, returned);
  return { ...scenario, dueToday, dueTomorrow, returned };
}

describe("the overdue job", () => {
  it("leaves loans alone until their due date has passed", async () => {
    const { ctx, dueToday, dueTomorrow } = await loansDueSoon();
    expect(markOverdueLoans(ctx)).toBe(0);
    expect(loanRow(ctx, dueToday)?.stato).toBe("attivo");
    expect(loanRow(ctx, dueTomorrow)?.stato).toBe("attivo");
  });

  it("marks open loans past their due date as overdue, and says how many", async () => {
    const { ctx, dueToday, dueTomorrow, returned } = await loansDueSoon();
    travelToDay(ctx, day(1));
    expect(markOverdueLoans(ctx)).toBe(1);
    expect(loanRow(ctx, dueToday)?.stato).toBe("scaduto");
    expect(loanRow(ctx, dueTomorrow)?.stato).toBe("attivo");
    expect(loanRow(ctx, returned)?.stato).toBe("restituito");
  });

  it("is idempotent", async () => {
    const { ctx, dueToday } = await loansDueSoon();
    travelToDay(ctx, day(1));
    expect(markOverdueLoans(ctx)).toBe(1);
    expect(markOverdueLoans(ctx)).toBe(0);
    expect(loanRow(ctx, dueToday)?.stato).toBe("scaduto");
    travelToDay(ctx, day(2));
    expect(markOverdueLoans(ctx)).toBe(1);
    expect(markOverdueLoans(ctx)).toBe(0);
  });

  it("uses the academy's calendar: just after midnight in Rome a loan due yesterday is overdue", async () => {
    const { ctx, dueToday } = await loansDueSoon();
    ctx.clock.travelTo(new Date(`${TODAY}T22:30:00Z`)); // 23:30 in Rome: still the due day
    expect(markOverdueLoans(ctx)).toBe(0);
    ctx.clock.travelTo(new Date(`${TODAY}T23:30:00Z`)); // 00:30 on the next day in Rome
    expect(markOverdueLoans(ctx)).toBe(1);
    expect(loanRow(ctx, dueToday)?.stato).toBe("scaduto");
  });

  it("records each run for the system status page", async () => {
    const { ctx, dueToday } = await loansDueSoon();
    travelToDay(ctx, day(1));
    runScheduledJobs(ctx);
    expect(loanRow(ctx, dueToday)?.stato).toBe("scaduto");
    expect(ctx.metrics.jobRuns.get("overdue")?.ok).toBe(true);
  });

  it("records every job of a round under its own name, in the order they run", async () => {
    const { ctx } = await loansDueSoon();
    runScheduledJobs(ctx);
    expect([...ctx.metrics.jobRuns.keys()]).toEqual([
      "overdue",
      "no-shows",
      "wait-holds",
      "strike-expiry",
      "mail-digest",
      "sent-mail-prune",
      "demand-retention",
      "item-changes-prune",
    ]);
    expect([...ctx.metrics.jobRuns.values()].every((run) => run.ok)).toBe(true);
  });

  it("records a failed run as an incident instead of crashing the server", async () => {
    const { ctx } = await loansDueSoon();
    ctx.sqlite.close();
    expect(() => runScheduledJobs(ctx)).not.toThrow();
    expect(ctx.metrics.jobRuns.get("overdue")?.ok).toBe(false);
    expect(ctx.metrics.incidents()[0]).toMatchObject({ service: "notifications", severity: "error" });
  });

  it("runs once at start, before the first interval, and can be stopped", async () => {
    const { ctx, dueToday } = await loansDueSoon();
    travelToDay(ctx, day(1));
    const stop = startJobs(ctx, 15);
    try {
      expect(loanRow(ctx, dueToday)?.stato).toBe("scaduto");
    } finally {
      stop();
    }
  });
});

describe("the daily directory check", () => {
  it("starts with each round under its own name, beside the round rather than in it", async () => {
    const { ctx } = await loansDueSoon();
    const stop = startJobs(ctx, 15);
    try {
      expect(ctx.metrics.jobRuns.has("overdue")).toBe(true);
      await Bun.sleep(0);
      expect(ctx.metrics.jobRuns.get("directory-check")?.ok).toBe(true);
    } finally {
      stop();
    }
  });
});

describe("the timed jobs beside a spreadsheet import", () => {
  it("wait while the import holds the write lock, without stopping the server, then run", async () => {
    const { ctx, dueToday } = await loansDueSoon();
    travelToDay(ctx, day(1));
    await ctx.writes.close();
    const stop = startJobs(ctx, 15);
    try {
      await Bun.sleep(0);
      expect(loanRow(ctx, dueToday)?.stato).toBe("attivo");
      ctx.writes.open();
      await Bun.sleep(0);
      expect(loanRow(ctx, dueToday)?.stato).toBe("scaduto");
    } finally {
      stop();
    }
  });
});

describe("an open loan past its due date, as the lists show it", () => {
  it("shows as overdue with its lateness even before the job ran", async () => {
    const { client, ctx, admin, student, dueToday, dueTomorrow } = await loansDueSoon();
    travelToDay(ctx, day(3));
    for (const [path, token] of [
      ["/api/prestiti?all=1", admin],
      ["/api/prestiti/mie", student.token],
    ] as const) {
      const loans = (await client.get(path, token)).body as Array<Record<string, unknown>>;
      const byId = new Map(loans.map((loan) => [loan.id, loan]));
      expect(byId.get(dueToday)).toMatchObject({ stato: "scaduto", giorni_ritardo: 3, data_rientro: TODAY });
      expect(byId.get(dueTomorrow)).toMatchObject({ stato: "scaduto", giorni_ritardo: 2, data_rientro: day(1) });
    }
    expect(loanRow(ctx, dueToday)?.stato).toBe("attivo");
  });

  it("stops counting lateness once the loan is back", async () => {
    const { client, ctx, admin, dueToday } = await loansDueSoon();
    travelToDay(ctx, day(2));
    await returnOk(client, admin, dueToday);
    travelToDay(ctx, day(9));
    const loans = (await client.get("/api/prestiti?all=1", admin)).body as Array<Record<string, unknown>>;
    expect(loans.find((loan) => loan.id === dueToday)).toMatchObject({
      stato: "restituito",
      giorni_ritardo: 2,
      data_restituzione: day(2),
      data_rientro: TODAY,
    });
  });

  it("shows the job's overdue loans the same way", async () => {
    const { client, ctx, admin, dueToday } = await loansDueSoon();
    travelToDay(ctx, day(1));
    markOverdueLoans(ctx);
    const loans = (await client.get("/api/prestiti?all=1", admin)).body as Array<Record<string, unknown>>;
    expect(loans.find((loan) => loan.id === dueToday)).toMatchObject({ stato: "scaduto", giorni_ritardo: 1 });
  });
});

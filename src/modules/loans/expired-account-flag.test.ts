import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { day, lendCamera, loanScenario, returnOk, TODAY, travelToDay } from "../../testing/loan-fixtures";

// The desk sees the open loans of a student whose account has expired flagged, on the Prestiti list and
// on each loan: the loans stay, and someone has to get the equipment back.

async function studentWithLoans() {
  const scenario = await loanScenario();
  const { client, admin, student } = scenario;
  const lend = (unit: number) => lendCamera(scenario, { unit, dueBack: day(5) });
  const open = await lend(0);
  const returned = await lend(1);
  await returnOk(client, admin, returned);
  scenario.ctx.db.update(users).set({ validoFinoAl: TODAY }).where(eq(users.id, student.user.id)).run();
  return { ...scenario, open, returned };
}

const flags = async (scenario: Awaited<ReturnType<typeof studentWithLoans>>) => {
  const loans = (await scenario.client.get("/api/prestiti?all=1", scenario.admin)).body as Array<{
    id: number;
    account_scaduto: boolean;
  }>;
  return Object.fromEntries(loans.map((loan) => [loan.id, loan.account_scaduto]));
};

describe("an expired student's open loans", () => {
  it("are not flagged on the account's last valid day", async () => {
    const scenario = await studentWithLoans();
    expect(await flags(scenario)).toEqual({ [scenario.open]: false, [scenario.returned]: false });
  });

  it("are flagged from the day after, on the list and on the loan; a returned loan is not", async () => {
    const scenario = await studentWithLoans();
    travelToDay(scenario.ctx, day(1));
    expect(await flags(scenario)).toEqual({ [scenario.open]: true, [scenario.returned]: false });
    const loan = await scenario.client.get(`/api/prestiti/${scenario.open}`, scenario.admin);
    expect(loan.body.account_scaduto).toBe(true);
  });

  it("lose the flag once the desk extends the account", async () => {
    const scenario = await studentWithLoans();
    travelToDay(scenario.ctx, day(1));
    expect((await flags(scenario))[scenario.open]).toBe(true);
    scenario.ctx.db.update(users).set({ validoFinoAl: null }).where(eq(users.id, scenario.student.user.id)).run();
    expect((await flags(scenario))[scenario.open]).toBe(false);
  });
});

describe("the open loans of a student whose directory entry is gone", () => {
  it("are flagged while the daily check finds no entry, and not once it is back", async () => {
    const scenario = await studentWithLoans();
    const goneAt = (at: string | null) =>
      scenario.ctx.db.update(users).set({ directoryGoneAt: at }).where(eq(users.id, scenario.student.user.id)).run();
    goneAt(scenario.ctx.clock.now().toISOString());
    expect(await flags(scenario)).toEqual({ [scenario.open]: true, [scenario.returned]: false });
    goneAt(null);
    expect(await flags(scenario)).toEqual({ [scenario.open]: false, [scenario.returned]: false });
  });
});

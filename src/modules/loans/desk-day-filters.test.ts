import { describe, expect, it } from "bun:test";
import type { Json } from "../../testing/harness";
import { day, directLoanOk, loanScenario, travelToDay, unitIdOf } from "../../testing/loan-fixtures";

/** Three loans of Giulia's: one to collect today, one due today, one overdue; and one due later. */
async function deskDay() {
  const scenario = await loanScenario();
  const { client, admin, camera, student } = scenario;
  const lend = (unit: number, from: string, to: string, consegna = true) =>
    directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera, unit)],
      utente_id: student.user.id,
      data_uscita: from,
      data_rientro: to,
      consegna,
    });
  const overdue = await lend(0, day(0), day(1));
  const dueToday = await lend(1, day(0), day(3));
  const later = await lend(2, day(3), day(6), false);
  travelToDay(scenario.ctx, day(3));
  return { ...scenario, overdue, dueToday, later };
}

const idsOf = async (scenario: Awaited<ReturnType<typeof deskDay>>, stato: string) =>
  ((await scenario.client.get(`/api/prestiti?all=1&stato=${stato}`, scenario.admin)).body as Json[]).map(
    (loan) => loan.id,
  );

describe("the desk's day in Prestiti", () => {
  it("lists what is to be collected today, what is due today and what is overdue, apart", async () => {
    const scenario = await deskDay();
    expect(await idsOf(scenario, "da_ritirare_oggi")).toEqual([scenario.later]);
    expect(await idsOf(scenario, "in_scadenza_oggi")).toEqual([scenario.dueToday]);
    expect(await idsOf(scenario, "scaduto")).toEqual([scenario.overdue]);
  });

  it("pages the filters like the other lists, and refuses an unknown one", async () => {
    const scenario = await deskDay();
    const page = await scenario.client.get("/api/prestiti?all=1&stato=in_scadenza_oggi&pagina=1", scenario.admin);
    expect([page.body.totale, page.body.elementi.map((loan: Json) => loan.id)]).toEqual([1, [scenario.dueToday]]);
    const wrong = await scenario.client.get("/api/prestiti?all=1&stato=domani", scenario.admin);
    expect([wrong.status, wrong.body.error]).toEqual([400, "Stato non valido"]);
  });
});

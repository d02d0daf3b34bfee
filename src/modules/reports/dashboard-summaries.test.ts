import { describe, expect, it } from "bun:test";
import type { Json } from "../../testing/harness";
import { approvedCameraRequest, day, loanScenario, TODAY, travelToDay, unitIdOf } from "../../testing/loan-fixtures";

type Scenario = Awaited<ReturnType<typeof loanScenario>>;

/** Giulia holds the first camera unit; she reports `count` faults on it, a day apart (the newest last). */
async function scenarioWithReports(count: number) {
  const scenario = await loanScenario();
  const { loanId } = await approvedCameraRequest(scenario, TODAY, day(count + 1));
  const reportIds: number[] = [];
  for (let index = 0; index < count; index++) {
    travelToDay(scenario.ctx, day(index));
    const answer = await scenario.client.post(
      "/api/segnalazioni",
      {
        tipo: "guasto",
        urgenza: "media",
        messaggio: `Guasto numero ${index + 1}`,
        unit_id: unitIdOf(scenario.camera),
        prestito_id: loanId,
      },
      scenario.student.token,
    );
    expect(answer.status).toBe(200);
    reportIds.push(answer.body.id as number);
  }
  return { ...scenario, reportIds };
}

const get = async (scenario: Scenario, path: string) => (await scenario.client.get(path, scenario.admin)).body;

describe("the dashboard's report summary", () => {
  it("counts the reports still being dealt with and lists the five newest, as the whole list has them", async () => {
    const scenario = await scenarioWithReports(7);
    const [first, second] = scenario.reportIds;
    await scenario.client.put(`/api/segnalazioni/${first}`, { stato: "risolta" }, scenario.admin);
    await scenario.client.put(`/api/segnalazioni/${second}`, { stato: "in_corso" }, scenario.admin);

    const summary = await get(scenario, "/api/segnalazioni/riepilogo");
    const whole = (await get(scenario, "/api/segnalazioni")) as Json[];
    expect(summary.attive).toBe(6);
    expect(summary.attive).toBe(whole.filter((report) => ["aperta", "in_corso"].includes(report.stato)).length);
    expect(summary.recenti).toEqual(whole.slice(0, 5));
    expect(summary.recenti.map((report: Json) => report.messaggio)).toEqual([
      "Guasto numero 7",
      "Guasto numero 6",
      "Guasto numero 5",
      "Guasto numero 4",
      "Guasto numero 3",
    ]);
  });

  it("follows a report closed after it was read", async () => {
    const scenario = await scenarioWithReports(2);
    expect((await get(scenario, "/api/segnalazioni/riepilogo")).attive).toBe(2);
    await scenario.client.put(`/api/segnalazioni/${scenario.reportIds[1]}`, { stato: "chiusa" }, scenario.admin);
    expect((await get(scenario, "/api/segnalazioni/riepilogo")).attive).toBe(1);
  });

  it("is the desk's: a student is refused", async () => {
    const scenario = await scenarioWithReports(1);
    const answer = await scenario.client.get("/api/segnalazioni/riepilogo", scenario.student.token);
    expect(answer.status).toBe(403);
  });
});

describe("the dashboard's repair summary", () => {
  it("counts the repairs in progress, and follows one completed", async () => {
    const scenario = await loanScenario();
    const [firstUnit, secondUnit] = scenario.camera.unita as Json[];
    const repairIds: number[] = [];
    for (const unit of [firstUnit, secondUnit]) {
      const answer = await scenario.client.post(
        "/api/riparazioni",
        { inventario_id: scenario.camera.id, unit_id: unit?.id, descrizione: "Otturatore bloccato" },
        scenario.admin,
      );
      expect(answer.status).toBe(200);
      repairIds.push(answer.body.id as number);
    }
    expect(await get(scenario, "/api/riparazioni/riepilogo")).toEqual({ in_corso: 2 });
    await scenario.client.put(`/api/riparazioni/${repairIds[0]}`, { stato: "completata" }, scenario.admin);
    expect(await get(scenario, "/api/riparazioni/riepilogo")).toEqual({ in_corso: 1 });
    const whole = (await get(scenario, "/api/riparazioni")) as Json[];
    expect(whole.filter((repair) => repair.stato === "in_corso")).toHaveLength(1);
  });

  it("is the desk's: a student is refused", async () => {
    const scenario = await loanScenario();
    const answer = await scenario.client.get("/api/riparazioni/riepilogo", scenario.student.token);
    expect(answer.status).toBe(403);
  });
});

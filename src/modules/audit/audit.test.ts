import { describe, expect, it } from "bun:test";
import { type Json, ok } from "../../testing/harness";
import {
  approvedCameraRequest,
  day,
  loanScenario,
  returnOk,
  TODAY,
  travelToDay,
  unitIdOf,
} from "../../testing/loan-fixtures";

type Scenario = Awaited<ReturnType<typeof loanScenario>>;

async function trail(scenario: Scenario, query = ""): Promise<Json[]> {
  const answer = await scenario.client.get(`/api/audit${query}`, scenario.admin);
  if (answer.status !== 200) throw new Error(`audit answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as Json[];
}

/** Runs `action` and returns the audit rows it added, as [action, entity, entity_id]. */
async function rowsWrittenBy(scenario: Scenario, action: () => Promise<unknown>) {
  const before = new Set((await trail(scenario)).map((row) => row.id));
  await action();
  return (await trail(scenario))
    .filter((row) => !before.has(row.id))
    .map((row) => [row.action, row.entity, row.entity_id]);
}

/** The desk opens a repair of `item`'s unit number `unit`, described as `descrizione`: the repair. */
function openRepair({ client, admin }: Scenario, item: Json, descrizione: string, unit = 0): Promise<Json> {
  return ok(
    client.post("/api/riparazioni", { inventario_id: item.id, unit_id: unitIdOf(item, unit), descrizione }, admin),
  );
}

function download(scenario: Scenario) {
  return scenario.client.app
    .handle(
      new Request("http://localhost/api/system/backup", { headers: { authorization: `Bearer ${scenario.admin}` } }),
    )
    .then((response) => response.arrayBuffer());
}

describe("the audit trail of repairs, reports and backups", () => {
  it("writes exactly one row for each change the desk makes", async () => {
    const scenario = await loanScenario();
    const { client, admin, camera } = scenario;
    const repairBody = { inventario_id: camera.id, unit_id: unitIdOf(camera), descrizione: "Otturatore bloccato" };

    let repair: Json = {};
    expect(
      await rowsWrittenBy(scenario, async () => {
        repair = await ok(client.post("/api/riparazioni", repairBody, admin));
      }),
    ).toEqual([["repair.create", "repair", repair.id]]);
    expect(
      await rowsWrittenBy(scenario, () => ok(client.put(`/api/riparazioni/${repair.id}`, { priorita: "alta" }, admin))),
    ).toEqual([["repair.update", "repair", repair.id]]);
    expect(
      await rowsWrittenBy(scenario, () =>
        ok(client.put(`/api/riparazioni/${repair.id}`, { stato: "completata" }, admin)),
      ),
    ).toEqual([["repair.complete", "repair", repair.id]]);

    let second: Json = {};
    await rowsWrittenBy(scenario, async () => {
      second = await ok(client.post("/api/riparazioni", repairBody, admin));
    });
    expect(
      await rowsWrittenBy(scenario, () =>
        ok(client.put(`/api/riparazioni/${second.id}`, { stato: "annullata" }, admin)),
      ),
    ).toEqual([["repair.cancel", "repair", second.id]]);

    const { loanId } = await approvedCameraRequest(scenario, TODAY, day(2), 1);
    let report: Json = {};
    expect(
      await rowsWrittenBy(scenario, async () => {
        report = await ok(
          client.post(
            "/api/segnalazioni",
            {
              tipo: "guasto",
              urgenza: "media",
              messaggio: "Non mette a fuoco",
              unit_id: unitIdOf(camera, 1),
              prestito_id: loanId,
            },
            scenario.student.token,
          ),
        );
      }),
    ).toEqual([]);
    expect(
      await rowsWrittenBy(scenario, () =>
        ok(client.put(`/api/segnalazioni/${report.id}`, { stato: "in_corso" }, admin)),
      ),
    ).toEqual([["report.update", "report", report.id]]);

    await returnOk(client, admin, loanId);
    let fromReport: Json = {};
    expect(
      await rowsWrittenBy(scenario, async () => {
        fromReport = await ok(client.post(`/api/segnalazioni/${report.id}/riparazione`, {}, admin));
      }),
    ).toEqual([["repair.create", "repair", fromReport.id]]);

    expect(await rowsWrittenBy(scenario, () => download(scenario))).toEqual([["system.backup", "system", null]]);
  });

  it("writes nothing for a change that was refused", async () => {
    const scenario = await loanScenario();
    const { client, admin, camera } = scenario;
    const repair = await openRepair(scenario, camera, "Rotto");
    await ok(client.put(`/api/riparazioni/${repair.id}`, { stato: "completata" }, admin));
    const refused = await rowsWrittenBy(scenario, async () => {
      expect((await client.put(`/api/riparazioni/${repair.id}`, { stato: "annullata" }, admin)).status).toBe(409);
      expect((await client.post("/api/riparazioni", { inventario_id: camera.id }, admin)).status).toBe(400);
      expect(
        (await client.put(`/api/riparazioni/${repair.id}`, { stato: "completata" }, scenario.student.token)).status,
      ).toBe(403);
      expect((await client.put("/api/segnalazioni/999", { stato: "chiusa" }, admin)).status).toBe(404);
    });
    expect(refused).toEqual([]);
  });

  it("says who did what and when, newest first", async () => {
    const scenario = await loanScenario();
    const { client, admin, camera } = scenario;
    const first = await openRepair(scenario, camera, "Rotto");
    travelToDay(scenario.ctx, day(1));
    await ok(client.put(`/api/riparazioni/${first.id}`, { stato: "completata" }, admin));
    travelToDay(scenario.ctx, day(2));
    await openRepair(scenario, camera, "Flash", 2);
    const rows = (await trail(scenario, "?entity=repair")).map((row) => [row.action, row.created_at.slice(0, 10)]);
    expect(rows).toEqual([
      ["repair.create", day(2)],
      ["repair.complete", day(1)],
      ["repair.create", TODAY],
    ]);
    const [latest] = await trail(scenario);
    expect(latest).toMatchObject({ actor_email: "desk@accademia.it", entity: "repair" });
    expect(latest?.summary).toContain(camera.unita[2].codice_univoco);
    const all = await trail(scenario);
    const times = all.map((row) => row.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("filters by kind of element and by its id", async () => {
    const scenario = await loanScenario();
    const { client, admin, camera, studioLight } = scenario;
    const canon = await openRepair(scenario, camera, "Rotto");
    const light = await openRepair(scenario, studioLight, "Lampada bruciata");
    await ok(client.put(`/api/riparazioni/${light.id}`, { stato: "annullata" }, admin));
    await download(scenario);

    const lightRows = await trail(scenario, `?entity=repair&id=${light.id}`);
    expect(lightRows.map((row) => row.action)).toEqual(["repair.cancel", "repair.create"]);
    expect(lightRows.every((row) => row.entity === "repair" && row.entity_id === light.id)).toBe(true);
    expect((await trail(scenario, `?entity=repair&id=${canon.id}`)).map((row) => row.action)).toEqual([
      "repair.create",
    ]);
    expect((await trail(scenario, "?entity=system")).map((row) => row.action)).toEqual(["system.backup"]);
    expect(await trail(scenario, "?entity=report")).toEqual([]);
    const items = await trail(scenario, "?entity=item");
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((row) => row.entity === "item")).toBe(true);
  });

  it("refuses an unknown kind of element or an id that is not one", async () => {
    const scenario = await loanScenario();
    for (const query of ["?entity=riparazione", "?entity=REPAIR", "?entity=repair;drop"]) {
      const answer = await scenario.client.get(`/api/audit${query}`, scenario.admin);
      expect({ query, status: answer.status, error: answer.body.error }).toEqual({
        query,
        status: 400,
        error: "Tipo di elemento non valido",
      });
    }
    for (const query of ["?id=abc", "?id=0", "?id=-1", "?entity=repair&id=1.5"]) {
      const answer = await scenario.client.get(`/api/audit${query}`, scenario.admin);
      expect({ query, status: answer.status, error: answer.body.error }).toEqual({
        query,
        status: 400,
        error: "Identificativo non valido",
      });
    }
  });

  it("is for the desk only", async () => {
    const scenario = await loanScenario();
    const student = await scenario.client.get("/api/audit", scenario.student.token);
    expect(student.status).toBe(403);
    expect(student.body.error).toBeString();
    expect((await scenario.client.get("/api/audit?entity=bogus", scenario.student.token)).status).toBe(403);
    expect((await scenario.client.get("/api/audit")).status).toBe(401);
  });
});

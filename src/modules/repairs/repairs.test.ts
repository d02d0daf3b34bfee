import { describe, expect, it } from "bun:test";
import { canCloseRepair, REPAIR_STATES } from "../../domain/repairs";
import type { Json } from "../../testing/harness";
import {
  approvedCameraRequest,
  auditRows,
  day,
  loanScenario,
  requestOk,
  TODAY,
  travelToDay,
  unitIdOf,
  unitStates,
} from "../../testing/loan-fixtures";

type Scenario = Awaited<ReturnType<typeof loanScenario>>;

function repairBody(item: Json, overrides: Record<string, unknown> = {}) {
  return { inventario_id: item.id, unit_id: unitIdOf(item), descrizione: "Otturatore bloccato", ...overrides };
}

/** The desk's new repair with `body`, whatever the answer. */
function openRepair(scenario: Scenario, body: unknown) {
  return scenario.client.post("/api/riparazioni", body, scenario.admin);
}

async function createRepairOk(scenario: Scenario, body: Record<string, unknown>): Promise<Json> {
  const answer = await openRepair(scenario, body);
  if (answer.status !== 200) throw new Error(`repair refused (${answer.status}): ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function cameraStates(scenario: Scenario) {
  return unitStates(scenario.client, scenario.admin, scenario.camera.id);
}

async function repairList(scenario: Scenario): Promise<Json[]> {
  return (await scenario.client.get("/api/riparazioni", scenario.admin)).body as Json[];
}

const firstCameraCode = (scenario: Scenario) => scenario.camera.unita[0].codice_univoco as string;

describe("putting a unit into repair", () => {
  it("starts the repair today, in progress, with medium priority, and shows the unit in repair", async () => {
    const scenario = await loanScenario();
    const answer = await openRepair(scenario, repairBody(scenario.camera, { note_tecniche: "Sostituire la tendina" }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      inventario_id: scenario.camera.id,
      articolo_nome: "Fotocamera Canon",
      unit_id: unitIdOf(scenario.camera),
      codice_univoco: firstCameraCode(scenario),
      descrizione: "Otturatore bloccato",
      note_tecniche: "Sostituire la tendina",
      note: "Sostituire la tendina",
      priorita: "media",
      stato: "in_corso",
      data_inizio: TODAY,
      data_fine: null,
      avvisi_prenotazioni: [],
    });
    expect(answer.body.id).toBeNumber();
    expect(Date.parse(answer.body.created_at)).toBeGreaterThanOrEqual(Date.parse("2026-03-10T09:00:00Z"));

    const states = await cameraStates(scenario);
    expect(states[firstCameraCode(scenario)]).toBe("in_riparazione");
    expect(Object.values(states).filter((state) => state === "disponibile")).toHaveLength(2);
  });

  it("keeps the priority the desk chose", async () => {
    const scenario = await loanScenario();
    const repair = await createRepairOk(scenario, repairBody(scenario.camera, { priorita: "critica" }));
    expect(repair.priorita).toBe("critica");
  });

  it("needs an item and one of its units", async () => {
    const scenario = await loanScenario();
    const { camera, studioLight } = scenario;
    for (const body of [
      { descrizione: "Rotto" },
      { inventario_id: camera.id, descrizione: "Rotto" },
      { unit_id: unitIdOf(camera), descrizione: "Rotto" },
      { inventario_id: "", unit_id: "", descrizione: "Rotto" },
      { inventario_id: camera.id, unit_id: unitIdOf(studioLight), descrizione: "Rotto" },
      { inventario_id: camera.id, unit_id: 99_999, descrizione: "Rotto" },
      { inventario_id: 99_999, unit_id: unitIdOf(camera), descrizione: "Rotto" },
    ]) {
      const answer = await openRepair(scenario, body);
      expect({ body, status: answer.status, error: answer.body.error }).toEqual({
        body,
        status: 400,
        error: "Seleziona oggetto e ID specifico",
      });
    }
    expect(await cameraStates(scenario)).not.toContainValue("in_riparazione");
  });

  it("needs a description of the problem", async () => {
    const scenario = await loanScenario();
    for (const descrizione of [undefined, "", "   ", 42]) {
      const answer = await openRepair(scenario, repairBody(scenario.camera, { descrizione }));
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Descrivi il problema da riparare");
    }
  });

  it("refuses a priority outside the list", async () => {
    const scenario = await loanScenario();
    const answer = await openRepair(scenario, repairBody(scenario.camera, { priorita: "urgentissima" }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("Priorità non valida");
  });

  it("refuses a unit marked as lost", async () => {
    const scenario = await loanScenario();
    const lost = await scenario.client.put(
      `/api/inventario/${scenario.camera.id}/units/${unitIdOf(scenario.camera)}`,
      { perso: true },
      scenario.admin,
    );
    expect(lost.status).toBe(200);
    const answer = await openRepair(scenario, repairBody(scenario.camera));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toContain("persa");
    expect((await cameraStates(scenario))[firstCameraCode(scenario)]).toBe("perso");
  });

  it("refuses a unit that is already in an open repair", async () => {
    const scenario = await loanScenario();
    await createRepairOk(scenario, repairBody(scenario.camera));
    const answer = await openRepair(scenario, repairBody(scenario.camera, { descrizione: "Di nuovo" }));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe("L'unità è già in riparazione");
    const list = await scenario.client.get("/api/riparazioni", scenario.admin);
    expect(list.body).toHaveLength(1);
  });

  it("refuses a unit out on a loan that has started, naming the borrower", async () => {
    const scenario = await loanScenario();
    await approvedCameraRequest(scenario, TODAY, day(3));
    const answer = await openRepair(scenario, repairBody(scenario.camera));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toContain("Giulia Rossi");
    expect((await cameraStates(scenario))[firstCameraCode(scenario)]).toBe("prestato");
  });

  it("accepts a unit with a future booking and lists the booking so the desk can move it", async () => {
    const scenario = await loanScenario();
    const unitId = unitIdOf(scenario.camera);
    await approvedCameraRequest(scenario, day(2), day(4));
    const pending = await requestOk(scenario.client, scenario.classmate.token, {
      unit_id: unitId,
      dal: day(6),
      al: day(8),
    });

    const repair = await createRepairOk(scenario, repairBody(scenario.camera));
    expect(repair.stato).toBe("in_corso");
    expect(repair.avvisi_prenotazioni).toEqual([
      expect.objectContaining({ tipo: "prestito", dal: day(2), al: day(4), utente: "Giulia Rossi" }),
      expect.objectContaining({ tipo: "richiesta", id: pending.id, dal: day(6), al: day(8), utente: "Luca Verdi" }),
    ]);
    expect((await cameraStates(scenario))[firstCameraCode(scenario)]).toBe("in_riparazione");
  });

  it("does not warn about bookings already over", async () => {
    const scenario = await loanScenario();
    const loan = await approvedCameraRequest(scenario, TODAY, day(1));
    travelToDay(scenario.ctx, day(1));
    const returned = await scenario.client.put(`/api/prestiti/${loan.loanId}/restituisci`, undefined, scenario.admin);
    expect(returned.status).toBe(200);
    const repair = await createRepairOk(scenario, repairBody(scenario.camera));
    expect(repair.avvisi_prenotazioni).toEqual([]);
    expect(repair.data_inizio).toBe(day(1));
  });

  it("makes the unit impossible to request while it is in repair", async () => {
    const scenario = await loanScenario();
    await createRepairOk(scenario, repairBody(scenario.camera));
    const answer = await scenario.client.post(
      "/api/richieste",
      { unit_id: unitIdOf(scenario.camera), dal: day(1), al: day(2), note: null, tipo_utilizzo: null },
      scenario.student.token,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.error).toStartWith("L'unità selezionata non è disponibile per le date scelte");
  });
});

describe("completing and cancelling a repair", () => {
  for (const [stato, label] of [
    ["completata", "completing"],
    ["annullata", "cancelling"],
  ] as const) {
    it(`${label} it closes the repair on that day and frees the unit`, async () => {
      const scenario = await loanScenario();
      const repair = await createRepairOk(scenario, repairBody(scenario.camera));
      travelToDay(scenario.ctx, day(3));
      const answer = await scenario.client.put(`/api/riparazioni/${repair.id}`, { stato }, scenario.admin);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: repair.id, stato, data_inizio: TODAY, data_fine: day(3) });
      expect(answer.body.descrizione).toBe("Otturatore bloccato");
      expect((await cameraStates(scenario))[firstCameraCode(scenario)]).toBe("disponibile");

      const request = await scenario.client.post(
        "/api/richieste",
        { unit_id: unitIdOf(scenario.camera), dal: day(4), al: day(5), note: null, tipo_utilizzo: null },
        scenario.student.token,
      );
      expect(request.status).toBe(200);
    });
  }

  it("gives the unit back to its future booking, not to everyone", async () => {
    const scenario = await loanScenario();
    await requestOk(scenario.client, scenario.student.token, {
      unit_id: unitIdOf(scenario.camera),
      dal: day(5),
      al: day(6),
    });
    const repair = await createRepairOk(scenario, repairBody(scenario.camera));
    await scenario.client.put(`/api/riparazioni/${repair.id}`, { stato: "completata" }, scenario.admin);
    expect((await cameraStates(scenario))[firstCameraCode(scenario)]).toBe("disponibile");
    const units = await scenario.client.get(`/api/inventario/${scenario.camera.id}/disponibili`, scenario.admin);
    const unit = units.body.find((bookable: { id: number }) => bookable.id === unitIdOf(scenario.camera));
    expect(unit).toMatchObject({ libera_fino_al: day(4), prenotazioni: [expect.objectContaining({ dal: day(5) })] });
  });

  it("refuses any change to a repair that is already closed", async () => {
    const closedStates = REPAIR_STATES.filter((state) => !canCloseRepair(state));
    expect(closedStates.length).toBeGreaterThan(0);
    for (const closedAs of closedStates) {
      const scenario = await loanScenario();
      const repair = await createRepairOk(scenario, repairBody(scenario.camera));
      await scenario.client.put(`/api/riparazioni/${repair.id}`, { stato: closedAs }, scenario.admin);
      for (const body of [
        ...REPAIR_STATES.map((stato) => ({ stato })),
        { descrizione: "Altro guasto" },
        { priorita: "alta" },
      ]) {
        const answer = await scenario.client.put(`/api/riparazioni/${repair.id}`, body, scenario.admin);
        expect({ closedAs, body, status: answer.status, error: answer.body.error }).toEqual({
          closedAs,
          body,
          status: 409,
          error: "La riparazione è già chiusa",
        });
      }
      const [stored] = await repairList(scenario);
      expect(stored).toMatchObject({ stato: closedAs, descrizione: "Otturatore bloccato", priorita: "media" });
    }
  });

  it("refuses a state outside the list", async () => {
    const scenario = await loanScenario();
    const repair = await createRepairOk(scenario, repairBody(scenario.camera));
    for (const stato of ["riparata", "COMPLETATA", 3]) {
      const answer = await scenario.client.put(`/api/riparazioni/${repair.id}`, { stato }, scenario.admin);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Stato della riparazione non valido");
    }
    expect((await cameraStates(scenario))[firstCameraCode(scenario)]).toBe("in_riparazione");
  });

  it("answers 404 for a repair that does not exist, 400 for an id that is not one", async () => {
    const scenario = await loanScenario();
    const missing = await scenario.client.put("/api/riparazioni/999", { stato: "completata" }, scenario.admin);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Riparazione non trovata");
    const malformed = await scenario.client.put("/api/riparazioni/abc", { stato: "completata" }, scenario.admin);
    expect(malformed.status).toBe(400);
  });
});

describe("editing a repair", () => {
  it("changes description, technical notes and priority while it stays in progress", async () => {
    const scenario = await loanScenario();
    const repair = await createRepairOk(scenario, repairBody(scenario.camera));
    const answer = await scenario.client.put(
      `/api/riparazioni/${repair.id}`,
      {
        inventario_id: scenario.camera.id,
        unit_id: unitIdOf(scenario.camera),
        descrizione: "Otturatore e specchio bloccati",
        note_tecniche: "Ordinato il ricambio",
        priorita: "alta",
        stato: "in_corso",
      },
      scenario.admin,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      descrizione: "Otturatore e specchio bloccati",
      note_tecniche: "Ordinato il ricambio",
      priorita: "alta",
      stato: "in_corso",
      data_fine: null,
    });
    const [listed] = await repairList(scenario);
    expect(listed).toMatchObject({ descrizione: "Otturatore e specchio bloccati", priorita: "alta" });
    expect((await cameraStates(scenario))[firstCameraCode(scenario)]).toBe("in_riparazione");
  });

  it("keeps the fields that are not sent", async () => {
    const scenario = await loanScenario();
    const repair = await createRepairOk(
      scenario,
      repairBody(scenario.camera, { note_tecniche: "Da smontare", priorita: "bassa" }),
    );
    const answer = await scenario.client.put(`/api/riparazioni/${repair.id}`, { priorita: "alta" }, scenario.admin);
    expect(answer.body).toMatchObject({
      descrizione: "Otturatore bloccato",
      note_tecniche: "Da smontare",
      priorita: "alta",
    });
  });

  it("refuses to move the repair to another unit", async () => {
    const scenario = await loanScenario();
    const repair = await createRepairOk(scenario, repairBody(scenario.camera));
    const answer = await scenario.client.put(
      `/api/riparazioni/${repair.id}`,
      { unit_id: unitIdOf(scenario.camera, 1), descrizione: "Otturatore bloccato" },
      scenario.admin,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain("unità");
    const states = await cameraStates(scenario);
    expect(states[firstCameraCode(scenario)]).toBe("in_riparazione");
    expect(states[scenario.camera.unita[1].codice_univoco]).toBe("disponibile");
  });

  it("refuses an invalid priority or a blank description", async () => {
    const scenario = await loanScenario();
    const repair = await createRepairOk(scenario, repairBody(scenario.camera));
    const badPriority = await scenario.client.put(
      `/api/riparazioni/${repair.id}`,
      { priorita: "subito" },
      scenario.admin,
    );
    expect(badPriority.status).toBe(400);
    expect(badPriority.body.error).toBe("Priorità non valida");
    const blank = await scenario.client.put(`/api/riparazioni/${repair.id}`, { descrizione: "  " }, scenario.admin);
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe("Descrivi il problema da riparare");
  });
});

describe("the repair list", () => {
  it("shows every repair, newest first, with the item name", async () => {
    const scenario = await loanScenario();
    const first = await createRepairOk(scenario, repairBody(scenario.camera));
    travelToDay(scenario.ctx, day(1));
    const second = await createRepairOk(
      scenario,
      repairBody(scenario.studioLight, { unit_id: unitIdOf(scenario.studioLight) }),
    );
    const answer = await scenario.client.get("/api/riparazioni", scenario.admin);
    expect(answer.status).toBe(200);
    expect(answer.body.map((repair: Json) => [repair.id, repair.articolo_nome])).toEqual([
      [second.id, "Luce da studio"],
      [first.id, "Fotocamera Canon"],
    ]);
  });
});

describe("who may call the repair routes", () => {
  it("answers 403 to a student and 401 without a session, on every route, and changes nothing", async () => {
    const scenario = await loanScenario();
    const repair = await createRepairOk(scenario, repairBody(scenario.camera));
    const auditBefore = auditRows(scenario.ctx).length;
    const routes = [
      { method: "GET", path: "/api/riparazioni" },
      {
        method: "POST",
        path: "/api/riparazioni",
        body: repairBody(scenario.camera, { unit_id: unitIdOf(scenario.camera, 1) }),
      },
      { method: "POST", path: "/api/riparazioni", body: { nonsense: true } },
      { method: "PUT", path: `/api/riparazioni/${repair.id}`, body: { stato: "completata" } },
      { method: "PUT", path: `/api/riparazioni/${repair.id}`, body: { priorita: "alta" } },
      { method: "PUT", path: "/api/riparazioni/abc", body: { stato: "completata" } },
    ];
    for (const route of routes) {
      for (const [token, expected] of [
        [scenario.student.token, 403],
        [undefined, 401],
      ] as const) {
        const answer = await scenario.client.call(route.method, route.path, { body: route.body, token });
        expect({ route: `${route.method} ${route.path}`, status: answer.status }).toEqual({
          route: `${route.method} ${route.path}`,
          status: expected,
        });
        expect(answer.body.error).toBeString();
      }
    }
    const [stored] = await repairList(scenario);
    expect(stored).toMatchObject({ stato: "in_corso", priorita: "media" });
    expect(auditRows(scenario.ctx)).toHaveLength(auditBefore);
    const states = await cameraStates(scenario);
    expect(states[scenario.camera.unita[1].codice_univoco]).toBe("disponibile");
  });
});

describe("the shape of a repair payload", () => {
  it("takes ids written as text, as a form sends them", async () => {
    const scenario = await loanScenario();
    const repair = await createRepairOk(scenario, {
      ...repairBody(scenario.camera),
      inventario_id: String(scenario.camera.id),
      unit_id: String(unitIdOf(scenario.camera)),
    });
    expect(repair).toMatchObject({ inventario_id: scenario.camera.id, unit_id: unitIdOf(scenario.camera) });
  });

  it("keeps the priority when an edit does not name one", async () => {
    const scenario = await loanScenario();
    const repair = await createRepairOk(scenario, repairBody(scenario.camera, { priorita: "alta" }));
    const answer = await scenario.client.put(
      `/api/riparazioni/${repair.id}`,
      { descrizione: "Otturatore e display" },
      scenario.admin,
    );
    expect(answer.body).toMatchObject({ descrizione: "Otturatore e display", priorita: "alta", stato: "in_corso" });
  });
});

describe("what a repair changes elsewhere", () => {
  it("shows in the desk's plain counts at once, though they were asked for just before", async () => {
    const scenario = await loanScenario();
    const counts = async () => (await scenario.client.get("/api/stats", scenario.admin)).body;
    expect(await counts()).toMatchObject({ riparazioni: 0, riparazioni_in_corso: 0 });
    const repair = await createRepairOk(scenario, repairBody(scenario.camera));
    expect(await counts()).toMatchObject({ riparazioni: 1, riparazioni_in_corso: 1 });
    await scenario.client.put(`/api/riparazioni/${repair.id}`, { stato: "completata" }, scenario.admin);
    expect(await counts()).toMatchObject({ riparazioni: 1, riparazioni_in_corso: 0 });
  });
});

import { describe, expect, it } from "bun:test";
import { REPORT_STATES, REPORT_TYPES } from "../../domain/repairs";
import type { Json } from "../../testing/harness";
import {
  approvedCameraRequest,
  approveOk,
  auditRows,
  day,
  loanScenario,
  requestOk,
  returnOk,
  TODAY,
  travelToDay,
  unitIdOf,
  unitStates,
} from "../../testing/loan-fixtures";

type Scenario = Awaited<ReturnType<typeof loanScenario>>;

/** The student (Giulia Rossi) holds the first camera unit on an active loan that started today. */
async function scenarioWithLoan() {
  const scenario = await loanScenario();
  const { loanId } = await approvedCameraRequest(scenario, TODAY, day(3));
  return { ...scenario, loanId: loanId as number };
}

type LoanScenario = Awaited<ReturnType<typeof scenarioWithLoan>>;

function reportBody(scenario: LoanScenario, overrides: Record<string, unknown> = {}) {
  return {
    tipo: "guasto",
    urgenza: "alta",
    messaggio: "Lo schermo non si accende",
    inventario_id: scenario.camera.id,
    unit_id: unitIdOf(scenario.camera),
    prestito_id: scenario.loanId,
    user_id: scenario.student.user.id,
    ...overrides,
  };
}

async function reportOk(scenario: LoanScenario, overrides: Record<string, unknown> = {}): Promise<Json> {
  const answer = await scenario.client.post(
    "/api/segnalazioni",
    reportBody(scenario, overrides),
    scenario.student.token,
  );
  if (answer.status !== 200) throw new Error(`report refused (${answer.status}): ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function listed(scenario: Scenario, path: string, token: string): Promise<Json[]> {
  return (await scenario.client.get(path, token)).body as Json[];
}

async function moveReport(scenario: Scenario, id: number, body: Record<string, unknown>) {
  return scenario.client.put(`/api/segnalazioni/${id}`, body, scenario.admin);
}

describe("a student reporting a fault", () => {
  it("reports on a unit of their own open loan, and the report starts open", async () => {
    const scenario = await scenarioWithLoan();
    const answer = await scenario.client.post("/api/segnalazioni", reportBody(scenario), scenario.student.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      inventario_id: scenario.camera.id,
      inventario_nome: "Fotocamera Canon",
      unit_id: unitIdOf(scenario.camera),
      prestito_id: scenario.loanId,
      user_id: scenario.student.user.id,
      tipo: "guasto",
      urgenza: "alta",
      messaggio: "Lo schermo non si accende",
      stato: "aperta",
      handled_at: null,
      riparazione_id: null,
    });
    expect(new Date(answer.body.created_at).toISOString()).toBe(answer.body.created_at);
    expect(answer.body.created_at.startsWith(TODAY)).toBe(true);
  });

  it("files the report under the caller, whatever user_id the body carries", async () => {
    const scenario = await scenarioWithLoan();
    const report = await reportOk(scenario, { user_id: scenario.classmate.user.id });
    expect(report.user_id).toBe(scenario.student.user.id);
    const own = await scenario.client.get("/api/segnalazioni/mie", scenario.student.token);
    expect(own.body.map((entry: Json) => entry.id)).toEqual([report.id]);
    const classmate = await scenario.client.get("/api/segnalazioni/mie", scenario.classmate.token);
    expect(classmate.body).toEqual([]);
  });

  it("cannot report on another student's loan: that loan does not exist for them", async () => {
    const scenario = await scenarioWithLoan();
    const answer = await scenario.client.post("/api/segnalazioni", reportBody(scenario), scenario.classmate.token);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe("Prestito non trovato");
    const all = await scenario.client.get("/api/segnalazioni", scenario.admin);
    expect(all.body).toEqual([]);
  });

  it("cannot report on a unit that is not part of the loan", async () => {
    const scenario = await scenarioWithLoan();
    for (const unitId of [unitIdOf(scenario.camera, 1), unitIdOf(scenario.plotter), 99_999]) {
      const answer = await scenario.client.post(
        "/api/segnalazioni",
        reportBody(scenario, { unit_id: unitId }),
        scenario.student.token,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("L'unità non fa parte di questo prestito");
    }
  });

  it("cannot report on a loan that has been returned", async () => {
    const scenario = await scenarioWithLoan();
    await returnOk(scenario.client, scenario.admin, scenario.loanId);
    const answer = await scenario.client.post("/api/segnalazioni", reportBody(scenario), scenario.student.token);
    expect(answer.status).toBe(404);
  });

  it("can report on a loan that has become overdue", async () => {
    const scenario = await scenarioWithLoan();
    travelToDay(scenario.ctx, day(5));
    const report = await reportOk(scenario);
    expect(report.stato).toBe("aperta");
  });

  it("refuses a type, urgency or description outside the rules, with Italian messages", async () => {
    const scenario = await scenarioWithLoan();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tipo: "furto" }, "Tipo di segnalazione non valido"],
      [{ tipo: undefined }, "Tipo di segnalazione non valido"],
      [{ urgenza: "urgentissima" }, "Urgenza non valida"],
      [{ urgenza: null }, "Urgenza non valida"],
      [{ messaggio: "" }, "Descrivi il problema"],
      [{ messaggio: "   " }, "Descrivi il problema"],
      [{ messaggio: 12 }, "Descrivi il problema"],
      [{ prestito_id: "abc" }, "Seleziona il prestito"],
      [{ unit_id: null }, "Seleziona l'unità"],
      [{ inventario_id: scenario.plotter.id }, "L'articolo non corrisponde al prestito"],
    ];
    for (const [overrides, error] of cases) {
      const answer = await scenario.client.post(
        "/api/segnalazioni",
        reportBody(scenario, overrides),
        scenario.student.token,
      );
      expect({ overrides, status: answer.status, error: answer.body.error }).toEqual({ overrides, status: 400, error });
    }
    const own = await scenario.client.get("/api/segnalazioni/mie", scenario.student.token);
    expect(own.body).toEqual([]);
  });

  it("accepts every type and urgency of the lists", async () => {
    const scenario = await scenarioWithLoan();
    for (const tipo of REPORT_TYPES) {
      for (const urgenza of ["bassa", "media", "alta", "critica"]) {
        const report = await reportOk(scenario, { tipo, urgenza });
        expect([report.tipo, report.urgenza]).toEqual([tipo, urgenza]);
      }
    }
  });

  it("is not something an administrator does: they open repairs instead", async () => {
    const scenario = await scenarioWithLoan();
    const answer = await scenario.client.post("/api/segnalazioni", reportBody(scenario), scenario.admin);
    expect(answer.status).toBe(403);
    expect((await scenario.client.get("/api/segnalazioni", scenario.admin)).body).toEqual([]);
  });

  it("needs a session", async () => {
    const scenario = await scenarioWithLoan();
    expect((await scenario.client.post("/api/segnalazioni", reportBody(scenario))).status).toBe(401);
    expect((await scenario.client.get("/api/segnalazioni/mie")).status).toBe(401);
  });
});

describe("reading reports", () => {
  it("shows a student only their own reports, and the desk all of them, newest first", async () => {
    const scenario = await scenarioWithLoan();
    const classmateRequest = await requestOk(scenario.client, scenario.classmate.token, {
      unit_id: unitIdOf(scenario.camera, 1),
      dal: TODAY,
      al: day(2),
    });
    const classmateLoan = await approveOk(scenario.client, scenario.admin, classmateRequest.id);
    const mine = await reportOk(scenario);
    scenario.ctx.clock.travelTo(new Date("2026-03-10T10:00:00Z"));
    const theirs = await scenario.client.post(
      "/api/segnalazioni",
      reportBody(scenario, {
        unit_id: unitIdOf(scenario.camera, 1),
        prestito_id: classmateLoan.loanId,
        messaggio: "Batteria gonfia",
        tipo: "danneggiamento",
      }),
      scenario.classmate.token,
    );
    expect(theirs.status).toBe(200);

    const own = await scenario.client.get("/api/segnalazioni/mie", scenario.student.token);
    expect(own.status).toBe(200);
    expect(own.body.map((report: Json) => report.messaggio)).toEqual(["Lo schermo non si accende"]);

    const all = await scenario.client.get("/api/segnalazioni", scenario.admin);
    expect(all.status).toBe(200);
    expect(all.body.map((report: Json) => report.id)).toEqual([theirs.body.id, mine.id]);
    expect(all.body[0]).toMatchObject({
      utente_nome: "Luca",
      utente_cognome: "Verdi",
      inventario_nome: "Fotocamera Canon",
    });
  });

  it("keeps the full list for the desk: a student gets 403", async () => {
    const scenario = await scenarioWithLoan();
    await reportOk(scenario);
    const answer = await scenario.client.get("/api/segnalazioni", scenario.student.token);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBeString();
  });
});

describe("the desk moving a report along", () => {
  it("moves forward only, skipping steps if it likes; backward or sideways is a conflict", async () => {
    const scenario = await scenarioWithLoan();
    for (const from of REPORT_STATES) {
      for (const to of REPORT_STATES) {
        const report = await reportOk(scenario, { messaggio: `Da ${from} a ${to}` });
        if (from !== "aperta") expect((await moveReport(scenario, report.id, { stato: from })).status).toBe(200);
        const answer = await moveReport(scenario, report.id, { stato: to });
        const forward = REPORT_STATES.indexOf(to) > REPORT_STATES.indexOf(from);
        expect({ from, to, status: answer.status }).toEqual({ from, to, status: forward ? 200 : 409 });
        if (forward) expect(answer.body).toMatchObject({ stato: to, handled_at: expect.any(String) });
        else expect(answer.body.error).toBeString();
        const [stored] = (await scenario.client.get("/api/segnalazioni", scenario.admin)).body.filter(
          (entry: Json) => entry.id === report.id,
        );
        expect(stored.stato).toBe(forward ? to : from);
      }
    }
  });

  it("explains a refused move in words", async () => {
    const scenario = await scenarioWithLoan();
    const report = await reportOk(scenario);
    await moveReport(scenario, report.id, { stato: "risolta" });
    const backward = await moveReport(scenario, report.id, { stato: "in_corso" });
    expect(backward.body.error).toBe("La segnalazione è già risolta: non può tornare a in corso");
    const again = await moveReport(scenario, report.id, { stato: "risolta" });
    expect(again.body.error).toBe("La segnalazione è già risolta");
  });

  it("lets the student see the new state", async () => {
    const scenario = await scenarioWithLoan();
    const report = await reportOk(scenario);
    await moveReport(scenario, report.id, { stato: "in_corso" });
    const [own] = await listed(scenario, "/api/segnalazioni/mie", scenario.student.token);
    expect(own?.stato).toBe("in_corso");
  });

  it("refuses an unknown state, 404 for an unknown report", async () => {
    const scenario = await scenarioWithLoan();
    const report = await reportOk(scenario);
    for (const stato of ["riaperta", "", undefined, 1]) {
      const answer = await moveReport(scenario, report.id, { stato });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Stato della segnalazione non valido");
    }
    const missing = await moveReport(scenario, 999, { stato: "chiusa" });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Segnalazione non trovata");
  });

  it("marks the unit lost when a loss report is resolved as lost", async () => {
    const scenario = await scenarioWithLoan();
    const report = await reportOk(scenario, { tipo: "perdita", messaggio: "Dimenticata sul treno" });
    const answer = await moveReport(scenario, report.id, { stato: "risolta", esito: "perso" });
    expect(answer.status).toBe(200);
    expect(answer.body.stato).toBe("risolta");
    const states = await unitStates(scenario.client, scenario.admin, scenario.camera.id);
    expect(states[scenario.camera.unita[0].codice_univoco]).toBe("perso");
  });

  it("resolves a loss report without the lost outcome leaving the unit as it was", async () => {
    const scenario = await scenarioWithLoan();
    const report = await reportOk(scenario, { tipo: "perdita", messaggio: "Non la trovo" });
    expect((await moveReport(scenario, report.id, { stato: "risolta" })).status).toBe(200);
    const states = await unitStates(scenario.client, scenario.admin, scenario.camera.id);
    expect(states[scenario.camera.unita[0].codice_univoco]).toBe("prestato");
  });

  it("refuses the lost outcome on other report types or without resolving", async () => {
    const scenario = await scenarioWithLoan();
    for (const tipo of REPORT_TYPES.filter((type) => type !== "perdita")) {
      const report = await reportOk(scenario, { tipo });
      const answer = await moveReport(scenario, report.id, { stato: "risolta", esito: "perso" });
      expect({ tipo, status: answer.status }).toEqual({ tipo, status: 400 });
    }
    const loss = await reportOk(scenario, { tipo: "perdita" });
    expect((await moveReport(scenario, loss.id, { stato: "in_corso", esito: "perso" })).status).toBe(400);
    expect((await moveReport(scenario, loss.id, { stato: "risolta", esito: "ritrovato" })).status).toBe(400);
    const states = await unitStates(scenario.client, scenario.admin, scenario.camera.id);
    expect(Object.values(states)).not.toContain("perso");
    const [stored] = await listed(scenario, "/api/segnalazioni", scenario.admin);
    expect(stored).toMatchObject({ id: loss.id, stato: "aperta" });
  });

  it("is for the desk only", async () => {
    const scenario = await scenarioWithLoan();
    const report = await reportOk(scenario);
    const student = await scenario.client.put(
      `/api/segnalazioni/${report.id}`,
      { stato: "chiusa" },
      scenario.student.token,
    );
    expect(student.status).toBe(403);
    const anonymous = await scenario.client.put(`/api/segnalazioni/${report.id}`, { stato: "chiusa" });
    expect(anonymous.status).toBe(401);
    const fromReport = await scenario.client.post(
      `/api/segnalazioni/${report.id}/riparazione`,
      {},
      scenario.student.token,
    );
    expect(fromReport.status).toBe(403);
    const [stored] = await listed(scenario, "/api/segnalazioni", scenario.admin);
    expect(stored?.stato).toBe("aperta");
  });
});

describe("opening a repair from a report", () => {
  /** The student reports a fault, then brings the camera back to the desk. */
  async function reportedAndReturned() {
    const scenario = await scenarioWithLoan();
    const report = await reportOk(scenario, { urgenza: "critica" });
    await returnOk(scenario.client, scenario.admin, scenario.loanId);
    return { ...scenario, report };
  }

  it("links the repair and the report both ways and moves the report to in_corso", async () => {
    const scenario = await reportedAndReturned();
    const answer = await scenario.client.post(
      `/api/segnalazioni/${scenario.report.id}/riparazione`,
      {},
      scenario.admin,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      segnalazione_id: scenario.report.id,
      unit_id: unitIdOf(scenario.camera),
      stato: "in_corso",
      priorita: "critica",
      data_inizio: TODAY,
    });
    expect(answer.body.descrizione).toContain("Lo schermo non si accende");

    const [report] = await listed(scenario, "/api/segnalazioni", scenario.admin);
    expect(report).toMatchObject({ riparazione_id: answer.body.id, stato: "in_corso" });
    const [repair] = await listed(scenario, "/api/riparazioni", scenario.admin);
    expect(repair).toMatchObject({ id: answer.body.id, segnalazione_id: scenario.report.id });
    const states = await unitStates(scenario.client, scenario.admin, scenario.camera.id);
    expect(states[scenario.camera.unita[0].codice_univoco]).toBe("in_riparazione");
  });

  it("takes the desk's description and priority when given", async () => {
    const scenario = await reportedAndReturned();
    const answer = await scenario.client.post(
      `/api/segnalazioni/${scenario.report.id}/riparazione`,
      { descrizione: "Display da sostituire", priorita: "bassa", note_tecniche: "Ricambio ordinato" },
      scenario.admin,
    );
    expect(answer.body).toMatchObject({
      descrizione: "Display da sostituire",
      priorita: "bassa",
      note_tecniche: "Ricambio ordinato",
    });
  });

  it("opens one repair per report: a second one is a conflict", async () => {
    const scenario = await reportedAndReturned();
    expect(
      (await scenario.client.post(`/api/segnalazioni/${scenario.report.id}/riparazione`, {}, scenario.admin)).status,
    ).toBe(200);
    const second = await scenario.client.post(
      `/api/segnalazioni/${scenario.report.id}/riparazione`,
      {},
      scenario.admin,
    );
    expect(second.status).toBe(409);
    expect(second.body.error).toBe("Per questa segnalazione esiste già una riparazione");
    expect((await scenario.client.get("/api/riparazioni", scenario.admin)).body).toHaveLength(1);
  });

  it("resolves the report when the repair is completed", async () => {
    const scenario = await reportedAndReturned();
    const repair = await scenario.client.post(
      `/api/segnalazioni/${scenario.report.id}/riparazione`,
      {},
      scenario.admin,
    );
    travelToDay(scenario.ctx, day(2));
    const completed = await scenario.client.put(
      `/api/riparazioni/${repair.body.id}`,
      { stato: "completata" },
      scenario.admin,
    );
    expect(completed.status).toBe(200);
    const [report] = await listed(scenario, "/api/segnalazioni/mie", scenario.student.token);
    expect(report?.stato).toBe("risolta");
    expect(report?.handled_at.startsWith(day(2))).toBe(true);
    const states = await unitStates(scenario.client, scenario.admin, scenario.camera.id);
    expect(states[scenario.camera.unita[0].codice_univoco]).toBe("disponibile");
  });

  it("leaves the report in progress when the repair is cancelled", async () => {
    const scenario = await reportedAndReturned();
    const repair = await scenario.client.post(
      `/api/segnalazioni/${scenario.report.id}/riparazione`,
      {},
      scenario.admin,
    );
    await scenario.client.put(`/api/riparazioni/${repair.body.id}`, { stato: "annullata" }, scenario.admin);
    const [report] = await listed(scenario, "/api/segnalazioni", scenario.admin);
    expect(report?.stato).toBe("in_corso");
  });

  it("is refused while the student still holds the unit, naming them", async () => {
    const scenario = await scenarioWithLoan();
    const report = await reportOk(scenario);
    const answer = await scenario.client.post(`/api/segnalazioni/${report.id}/riparazione`, {}, scenario.admin);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toContain("Giulia Rossi");
    const [stored] = await listed(scenario, "/api/segnalazioni", scenario.admin);
    expect(stored).toMatchObject({ stato: "aperta", riparazione_id: null });
  });

  it("is refused for a report already resolved or closed, 404 for an unknown one", async () => {
    const scenario = await reportedAndReturned();
    await moveReport(scenario, scenario.report.id, { stato: "chiusa" });
    const closed = await scenario.client.post(
      `/api/segnalazioni/${scenario.report.id}/riparazione`,
      {},
      scenario.admin,
    );
    expect(closed.status).toBe(409);
    const missing = await scenario.client.post("/api/segnalazioni/999/riparazione", {}, scenario.admin);
    expect(missing.status).toBe(404);
    expect((await scenario.client.get("/api/riparazioni", scenario.admin)).body).toEqual([]);
  });

  it("writes one audit row for the repair it opens", async () => {
    const scenario = await reportedAndReturned();
    const before = auditRows(scenario.ctx).length;
    const repair = await scenario.client.post(
      `/api/segnalazioni/${scenario.report.id}/riparazione`,
      {},
      scenario.admin,
    );
    const added = auditRows(scenario.ctx).slice(before);
    expect(added.map((row) => [row.action, row.entity, row.entityId])).toEqual([
      ["repair.create", "repair", repair.body.id],
    ]);
    expect(added[0]?.summary).toContain(`#${scenario.report.id}`);
  });
});

describe("the shape of a report move", () => {
  it("names what is wrong: the state, or an outcome other than lost", async () => {
    const scenario = await scenarioWithLoan();
    const report = await reportOk(scenario, { tipo: "perdita", messaggio: "Dimenticata sul treno" });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, "Stato della segnalazione non valido"],
      [{ stato: "risolta", esito: "ritrovato" }, "Esito non valido"],
      [{ stato: "risolta", esito: 1 }, "Esito non valido"],
    ];
    for (const [body, error] of cases) {
      const answer = await moveReport(scenario, report.id, body);
      expect({ body, status: answer.status, error: answer.body.error }).toEqual({ body, status: 400, error });
    }
    const answer = await moveReport(scenario, report.id, { stato: "in_corso", esito: null });
    expect(answer.body).toMatchObject({ stato: "in_corso" });
  });
});

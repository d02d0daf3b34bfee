import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { prestiti, richieste } from "../../db/schema";
import { AUTOMATIC_BLOCK_REASON } from "../../domain/loan-rules";
import { type Json, registerStudent } from "../../testing/harness";
import { insertLoan, insertRepair, insertRequest } from "../../testing/inventory-fixtures";
import {
  approveOk,
  auditRows,
  blockUser,
  bookingCounts,
  day,
  directLoanOk,
  type LoanScenario,
  lendCamera,
  lendCameraToStudent,
  loanRow,
  loanScenario,
  requestOk,
  requestRow,
  returnOk,
  TODAY,
  travelToDay,
  unitIdOf,
  unitStates,
} from "../../testing/loan-fixtures";

const ALREADY_HANDLED = "La richiesta è già stata gestita";
const REQUIRED_FIELDS = "Compila tutti i campi obbligatori";

/** The whole answer the desk gets when the borrower is blocked with `strikes` strikes. */
const blockedBorrowerAnswer = (strikes: number) => ({
  error: "Utente bloccato",
  message: expect.any(String),
  reason: AUTOMATIC_BLOCK_REASON,
  penaltyStrikes: strikes,
  userBlocked: true,
});

/** A pending request of the student for the first camera, days 1–3 unless told otherwise. */
async function pendingRequest(scenario: LoanScenario, overrides: Record<string, unknown> = {}) {
  return requestOk(scenario.client, scenario.student.token, {
    unit_id: unitIdOf(scenario.camera),
    dal: day(1),
    al: day(3),
    note: "Servono anche due batterie",
    ...overrides,
  });
}

describe("who may call the loan routes", () => {
  type Route = { method: string; path: string; body?: unknown };
  const adminOnly: Route[] = [
    { method: "POST", path: "/api/prestiti", body: { inventario_id: 1, unita_ids: [1] } },
    { method: "PUT", path: "/api/prestiti/1/approva" },
    { method: "PUT", path: "/api/prestiti/1/rifiuta", body: { motivazione: "No" } },
    { method: "PUT", path: "/api/prestiti/1/restituisci" },
    { method: "POST", path: "/api/penalties/unblock-user", body: { userId: 1, resetStrikes: true } },
    { method: "GET", path: "/api/avvisi" },
  ];
  const signedIn: Route[] = [
    { method: "GET", path: "/api/richieste" },
    { method: "GET", path: "/api/richieste?all=1" },
    { method: "GET", path: "/api/richieste/mie" },
    { method: "POST", path: "/api/richieste", body: { unit_id: 1, dal: TODAY, al: TODAY } },
    { method: "DELETE", path: "/api/richieste/1" },
    { method: "GET", path: "/api/prestiti" },
    { method: "GET", path: "/api/prestiti?all=1" },
    { method: "GET", path: "/api/prestiti/mie" },
    { method: "GET", path: "/api/prestiti/1/units" },
    { method: "GET", path: "/api/prestiti/unit/1" },
    { method: "GET", path: "/api/penalties/user/1" },
    { method: "GET", path: "/api/avvisi/utente" },
  ];
  const variants = (route: Route) =>
    route.method === "GET" || route.method === "DELETE"
      ? [{}]
      : [{ body: route.body }, { raw: "{not json" }, { body: [1, 2] }];

  it("answers 401 to every route without a valid session, whatever was sent", async () => {
    const { client } = await loanScenario();
    for (const route of [...adminOnly, ...signedIn])
      for (const options of variants(route))
        for (const token of [undefined, "not-a-jwt"]) {
          const answer = await client.call(route.method, route.path, { ...options, token });
          expect({ route: `${route.method} ${route.path}`, status: answer.status }).toEqual({
            route: `${route.method} ${route.path}`,
            status: 401,
          });
        }
  });

  it("answers 403 to a student on every desk route, before looking at what was sent", async () => {
    const { client, ctx, student } = await loanScenario();
    const before = bookingCounts(ctx);
    for (const route of adminOnly)
      for (const options of [...variants(route), {}]) {
        const paths = [route.path, route.path.replace("/1/", "/abc/")];
        for (const path of paths) {
          const answer = await client.call(route.method, path, { ...options, token: student.token });
          expect({ route: `${route.method} ${path}`, status: answer.status }).toEqual({
            route: `${route.method} ${path}`,
            status: 403,
          });
        }
      }
    expect(bookingCounts(ctx)).toEqual(before);
  });

  it("answers malformed JSON with a 400 and other odd bodies with a 4xx, never a 500", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student } = scenario;
    const request = await pendingRequest(scenario);
    const before = bookingCounts(ctx);
    for (const [method, path, token] of [
      ["POST", "/api/richieste", student.token],
      ["POST", "/api/prestiti", admin],
      ["PUT", `/api/prestiti/${request.id}/approva`, admin],
      ["PUT", `/api/prestiti/${request.id}/rifiuta`, admin],
      ["PUT", "/api/prestiti/9999/rifiuta", admin],
      ["POST", "/api/penalties/unblock-user", admin],
    ] as const) {
      const malformed = await client.call(method, path, { raw: '{"motivazione": "ok"', token });
      expect({ path, status: malformed.status }).toEqual({ path, status: 400 });
      expect(malformed.body.error).toBe("Richiesta non valida: il corpo non è un JSON corretto");
      if (method === "PUT" && path.endsWith("approva")) continue;
      for (const options of [{ body: [1, 2] }, { body: "testo" }, { body: 42 }, { body: null }]) {
        const answer = await client.call(method, path, { ...options, token });
        expect({ path, options, status: answer.status >= 400 && answer.status < 500 }).toEqual({
          path,
          options,
          status: true,
        });
        expect(answer.body.error).toBeString();
      }
    }
    expect(bookingCounts(ctx)).toEqual(before);
    expect(requestRow(ctx, request.id)?.stato).toBe("in_attesa");
    for (const body of [
      { unit_id: { $gt: 0 }, dal: TODAY, al: TODAY },
      { unit_id: "1; DROP TABLE richieste", dal: TODAY, al: TODAY },
      { unit_id: 1, dal: ["2026-03-10"], al: TODAY },
      { unit_id: 1, dal: TODAY, al: TODAY, note: { text: "x" } },
      { unit_id: 1, dal: TODAY, al: TODAY, note: "x".repeat(5000) },
    ]) {
      const answer = await client.post("/api/richieste", body, student.token);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
    }
  });
});

describe("the desk approves a request", () => {
  it("turns the request into an active loan of its unit, for its dates, with its note", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student, camera } = scenario;
    const request = await pendingRequest(scenario);
    const answer = await client.put(`/api/prestiti/${request.id}/approva`, undefined, admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      message: expect.any(String),
      loanId: expect.any(Number),
      penaltyInfo: { hasStrikes: false, strikes: 0, warning: null },
    });
    expect(loanRow(ctx, answer.body.loanId)).toMatchObject({
      stato: "attivo",
      dataUscita: day(1),
      dataRientro: day(3),
      dataRestituzione: null,
      utenteId: student.user.id,
      utenteEmail: student.user.email,
      chi: "Giulia Rossi",
      inventarioId: camera.id,
      tipoUtilizzo: "esterno",
      note: "Servono anche due batterie",
      richiestaId: request.id,
    });
    expect(requestRow(ctx, request.id)?.stato).toBe("approvata");
    const mine = await client.get("/api/prestiti/mie", student.token);
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({
      id: answer.body.loanId,
      stato: "attivo",
      data_uscita: day(1),
      data_rientro: day(3),
      unita: [camera.unita[0].codice_univoco],
      unita_ids: [unitIdOf(camera)],
      oggetto_nome: "Fotocamera Canon",
      utente_email: student.user.email,
      richiesta_id: request.id,
      giorni_ritardo: 0,
    });
  });

  it("accepts the dashboard's body with a null reason", async () => {
    const scenario = await loanScenario();
    const request = await pendingRequest(scenario);
    const answer = await scenario.client.put(
      `/api/prestiti/${request.id}/approva`,
      { motivo_rifiuto: null },
      scenario.admin,
    );
    expect(answer.status).toBe(200);
  });

  it("keeps the usage chosen for an item lent both ways", async () => {
    const scenario = await loanScenario();
    const request = await requestOk(scenario.client, scenario.student.token, {
      unit_id: unitIdOf(scenario.tablet),
      dal: day(2),
      al: day(2),
      tipo_utilizzo: "interno",
    });
    const { loanId } = await approveOk(scenario.client, scenario.admin, request.id);
    expect(loanRow(scenario.ctx, loanId)?.tipoUtilizzo).toBe("interno");
  });

  it.each([
    {
      // Four days late on an earlier loan: two strikes.
      daysLate: 4,
      says: "the borrower's strikes, warning the desk from two strikes on",
      penaltyInfo: { hasStrikes: true, strikes: 2, warning: expect.stringContaining("2 penalità") },
    },
    {
      daysLate: 1,
      says: "a single strike without a warning",
      penaltyInfo: { hasStrikes: true, strikes: 1, warning: null },
    },
  ])("reports $says", async ({ daysLate, penaltyInfo }) => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student, camera } = scenario;
    const earlier = await lendCamera(scenario, { unit: 2, dueBack: TODAY });
    travelToDay(ctx, day(daysLate));
    await returnOk(client, admin, earlier);
    const request = await requestOk(client, student.token, {
      unit_id: unitIdOf(camera),
      dal: day(daysLate + 1),
      al: day(daysLate + 2),
    });
    const answer = await approveOk(client, admin, request.id);
    expect(answer.penaltyInfo).toEqual(penaltyInfo);
  });

  it.each(["approvata", "rifiutata", "annullata"] as const)("refuses a request that is already %s", async (stato) => {
    const scenario = await loanScenario();
    const request = await pendingRequest(scenario);
    scenario.ctx.db.update(richieste).set({ stato }).where(eq(richieste.id, request.id)).run();
    const before = bookingCounts(scenario.ctx);
    const answer = await scenario.client.put(`/api/prestiti/${request.id}/approva`, undefined, scenario.admin);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(ALREADY_HANDLED);
    expect(bookingCounts(scenario.ctx)).toEqual(before);
    expect(requestRow(scenario.ctx, request.id)?.stato).toBe(stato);
  });

  it("refuses to approve the same request twice", async () => {
    const scenario = await loanScenario();
    const request = await pendingRequest(scenario);
    await approveOk(scenario.client, scenario.admin, request.id);
    const again = await scenario.client.put(`/api/prestiti/${request.id}/approva`, undefined, scenario.admin);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ALREADY_HANDLED);
    expect(bookingCounts(scenario.ctx).loans).toBe(1);
  });

  it("refuses a blocked borrower and changes nothing", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student } = scenario;
    const request = await pendingRequest(scenario);
    blockUser(ctx, student.user.id, 3);
    const before = bookingCounts(ctx);
    const answer = await client.put(`/api/prestiti/${request.id}/approva`, undefined, admin);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(blockedBorrowerAnswer(3));
    expect(requestRow(ctx, request.id)?.stato).toBe("in_attesa");
    expect(bookingCounts(ctx)).toEqual(before);
    expect(ctx.db.select().from(prestiti).all()).toEqual([]);
  });

  it("re-checks the unit: a unit gone into repair since the request cannot be lent", async () => {
    const scenario = await loanScenario();
    const request = await pendingRequest(scenario);
    insertRepair(scenario.ctx, { itemId: scenario.camera.id, unitId: unitIdOf(scenario.camera) });
    const answer = await scenario.client.put(`/api/prestiti/${request.id}/approva`, undefined, scenario.admin);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toStartWith("L'unità selezionata non è disponibile per le date scelte");
    expect(requestRow(scenario.ctx, request.id)?.stato).toBe("in_attesa");
    expect(bookingCounts(scenario.ctx).loans).toBe(0);
  });

  it("re-checks the overlap: a request clashing with a loan made since (as old data may hold) stays pending", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera } = scenario;
    const request = await pendingRequest(scenario);
    insertLoan(ctx, { itemId: camera.id, unitIds: [unitIdOf(camera)], from: day(3), to: day(5) });
    const answer = await client.put(`/api/prestiti/${request.id}/approva`, undefined, admin);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toStartWith("L'unità selezionata non è disponibile per le date scelte");
    expect(requestRow(ctx, request.id)?.stato).toBe("in_attesa");
    expect(bookingCounts(ctx).loans).toBe(1);
  });

  it("approves neither of two clashing requests until the desk rejects one", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student, classmate, camera } = scenario;
    const first = insertRequest(ctx, {
      itemId: camera.id,
      unitId: unitIdOf(camera),
      userId: student.user.id,
      from: day(1),
      to: day(3),
    });
    const second = insertRequest(ctx, {
      itemId: camera.id,
      unitId: unitIdOf(camera),
      userId: classmate.user.id,
      from: day(3),
      to: day(5),
    });
    for (const id of [first, second])
      expect((await client.put(`/api/prestiti/${id}/approva`, undefined, admin)).status).toBe(409);
    expect((await client.put(`/api/prestiti/${second}/rifiuta`, { motivazione: "Date occupate" }, admin)).status).toBe(
      200,
    );
    await approveOk(client, admin, first);
    expect(bookingCounts(ctx).loans).toBe(1);
  });

  it("refuses a request whose dates are already over", async () => {
    const scenario = await loanScenario();
    const request = await pendingRequest(scenario);
    travelToDay(scenario.ctx, day(4));
    const answer = await scenario.client.put(`/api/prestiti/${request.id}/approva`, undefined, scenario.admin);
    expect(answer.status).toBe(409);
    expect(bookingCounts(scenario.ctx).loans).toBe(0);
  });

  it("answers 404 for an unknown request, 400 for a malformed id, 403 to a student, 401 without a session", async () => {
    const scenario = await loanScenario();
    const request = await pendingRequest(scenario);
    const { client, admin, student } = scenario;
    expect((await client.put("/api/prestiti/9999/approva", undefined, admin)).status).toBe(404);
    expect((await client.put("/api/prestiti/abc/approva", undefined, admin)).status).toBe(400);
    expect((await client.put(`/api/prestiti/${request.id}/approva`, undefined, student.token)).status).toBe(403);
    expect((await client.put(`/api/prestiti/${request.id}/approva`)).status).toBe(401);
    expect(requestRow(scenario.ctx, request.id)?.stato).toBe("in_attesa");
  });
});

describe("the desk rejects a request", () => {
  /** The desk's refusal of request `requestId` with `body`, whatever the answer. */
  const refuse = (scenario: LoanScenario, requestId: number, body: unknown) =>
    scenario.client.put(`/api/prestiti/${requestId}/rifiuta`, body, scenario.admin);

  it("stores the reason, keeps the student's note and frees the unit", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student, classmate, camera } = scenario;
    const request = await pendingRequest(scenario);
    const answer = await refuse(scenario, request.id, { motivo_rifiuto: "  Fotocamera prenotata per un esame  " });
    expect(answer.status).toBe(200);
    expect(requestRow(ctx, request.id)).toMatchObject({
      stato: "rifiutata",
      motivoRifiuto: "Fotocamera prenotata per un esame",
      note: "Servono anche due batterie",
    });
    const mine = await client.get("/api/richieste/mie", student.token);
    expect(mine.body[0]).toMatchObject({ stato: "rifiutata", motivo_rifiuto: "Fotocamera prenotata per un esame" });
    expect((await unitStates(client, admin, camera.id))[camera.unita[0].codice_univoco]).toBe("disponibile");
    expect(
      (await client.post("/api/richieste", { unit_id: unitIdOf(camera), dal: day(1), al: day(3) }, classmate.token))
        .status,
    ).toBe(200);
    expect(bookingCounts(ctx).loans).toBe(0);
  });

  it("reads the reason from motivazione as the loan screen sends it", async () => {
    const scenario = await loanScenario();
    const request = await pendingRequest(scenario);
    const answer = await refuse(scenario, request.id, { motivazione: " Date non compatibili " });
    expect(answer.status).toBe(200);
    expect(requestRow(scenario.ctx, request.id)?.motivoRifiuto).toBe("Date non compatibili");
  });

  it("takes motivazione when motivo_rifiuto is blank", async () => {
    const scenario = await loanScenario();
    const request = await pendingRequest(scenario);
    const answer = await refuse(scenario, request.id, { motivo_rifiuto: "   ", motivazione: "Unità in manutenzione" });
    expect(answer.status).toBe(200);
    expect(requestRow(scenario.ctx, request.id)?.motivoRifiuto).toBe("Unità in manutenzione");
  });

  it("requires a reason", async () => {
    const scenario = await loanScenario();
    const request = await pendingRequest(scenario);
    for (const body of [
      undefined,
      {},
      { motivo_rifiuto: "" },
      { motivazione: "   " },
      { motivo_rifiuto: null, motivazione: null },
    ]) {
      const answer = await refuse(scenario, request.id, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Motivazione del rifiuto richiesta");
    }
    expect(requestRow(scenario.ctx, request.id)?.stato).toBe("in_attesa");
  });

  it.each(["approvata", "rifiutata", "annullata"] as const)("refuses a request that is already %s", async (stato) => {
    const scenario = await loanScenario();
    const request = await pendingRequest(scenario);
    scenario.ctx.db.update(richieste).set({ stato }).where(eq(richieste.id, request.id)).run();
    const answer = await refuse(scenario, request.id, { motivazione: "No" });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(ALREADY_HANDLED);
    expect(requestRow(scenario.ctx, request.id)).toMatchObject({ stato, motivoRifiuto: null });
  });

  it("answers 404 for an unknown request, 403 to a student, 401 without a session", async () => {
    const scenario = await loanScenario();
    const request = await pendingRequest(scenario);
    const { client, admin, student } = scenario;
    expect((await client.put("/api/prestiti/9999/rifiuta", { motivazione: "No" }, admin)).status).toBe(404);
    expect((await client.put(`/api/prestiti/${request.id}/rifiuta`, { motivazione: "No" }, student.token)).status).toBe(
      403,
    );
    expect((await client.put(`/api/prestiti/${request.id}/rifiuta`, { motivazione: "No" })).status).toBe(401);
    expect(requestRow(scenario.ctx, request.id)?.stato).toBe("in_attesa");
  });
});

describe("the desk lends directly", () => {
  function directBody(scenario: LoanScenario, overrides: Record<string, unknown> = {}) {
    return {
      inventario_id: scenario.camera.id,
      utente_id: scenario.student.user.id,
      chi: "Giulia Rossi",
      data_uscita: TODAY,
      data_rientro: day(2),
      unita_ids: [unitIdOf(scenario.camera, 0), unitIdOf(scenario.camera, 1)],
      tipo_utilizzo: null,
      ...overrides,
    };
  }

  /** The desk's direct loan of `directBody(scenario, overrides)`, whatever the answer. */
  const lend = (scenario: LoanScenario, overrides: Record<string, unknown> = {}) =>
    scenario.client.post("/api/prestiti", directBody(scenario, overrides), scenario.admin);

  /** The single unit of an item that has one. */
  const onlyUnitOf = (item: Json) => ({ inventario_id: item.id, unita_ids: [unitIdOf(item)] });

  it("lends several units of one item in one loan, with the default note", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student, camera } = scenario;
    const answer = await lend(scenario);
    expect(answer.status).toBe(200);
    expect(answer.body.loanId).toBeNumber();
    expect(answer.body.loan).toMatchObject({
      stato: "attivo",
      data_uscita: TODAY,
      data_rientro: day(2),
      quantita: 2,
      unita: [camera.unita[0].codice_univoco, camera.unita[1].codice_univoco],
      note: "Prestito diretto - 2 unità",
      tipo_utilizzo: "esterno",
      utente_id: student.user.id,
      utente_email: student.user.email,
      utente_nome_reale: "Giulia Rossi",
      richiesta_id: null,
    });
    const states = await unitStates(client, admin, camera.id);
    expect(Object.values(states)).toEqual(["prestato", "prestato", "disponibile"]);
    const mine = await client.get("/api/prestiti/mie", student.token);
    expect(mine.body.map((loan: Json) => loan.id)).toEqual([answer.body.loanId]);
    expect(bookingCounts(ctx).loanUnits).toBe(2);
  });

  it("keeps a note the desk wrote", async () => {
    const scenario = await loanScenario();
    const answer = await lend(scenario, { note: "Per la mostra di fine anno", unita_ids: [unitIdOf(scenario.camera)] });
    expect(answer.body.loan.note).toBe("Per la mostra di fine anno");
  });

  describe("by name only, as the spec's payload does", () => {
    const byName = (scenario: LoanScenario, chi: string, overrides: Record<string, unknown> = {}) =>
      directBody(scenario, { utente_id: undefined, chi, unita_ids: [unitIdOf(scenario.camera)], ...overrides });

    it("links the registered student of that name, ignoring case and extra spaces", async () => {
      const scenario = await loanScenario();
      const answer = await scenario.client.post("/api/prestiti", byName(scenario, "  giulia   ROSSI "), scenario.admin);
      expect(answer.status).toBe(200);
      expect(answer.body.loan).toMatchObject({
        chi: "Giulia Rossi",
        utente_id: scenario.student.user.id,
        utente_email: scenario.student.user.email,
      });
      const mine = await scenario.client.get("/api/prestiti/mie", scenario.student.token);
      expect(mine.body.map((loan: Json) => loan.id)).toEqual([answer.body.loanId]);
    });

    it("refuses a blocked student with the blocked answer", async () => {
      const scenario = await loanScenario();
      blockUser(scenario.ctx, scenario.student.user.id);
      const before = bookingCounts(scenario.ctx);
      const answer = await scenario.client.post("/api/prestiti", byName(scenario, "Giulia Rossi"), scenario.admin);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: "Utente bloccato", userBlocked: true, penaltyStrikes: 3 });
      expect(bookingCounts(scenario.ctx)).toEqual(before);
    });

    it("refuses a student with an overdue loan", async () => {
      const scenario = await loanScenario();
      insertLoan(scenario.ctx, {
        itemId: scenario.camera.id,
        unitIds: [unitIdOf(scenario.camera, 2)],
        from: day(-5),
        to: day(-1),
        stato: "scaduto",
        userId: scenario.student.user.id,
      });
      const answer = await scenario.client.post("/api/prestiti", byName(scenario, "Giulia Rossi"), scenario.admin);
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe("L'utente ha un prestito scaduto: deve restituirlo prima di riceverne un altro");
    });

    it("refuses an item not assigned to the student's course", async () => {
      const scenario = await loanScenario();
      const answer = await scenario.client.post("/api/prestiti", byName(scenario, "Sara Neri"), scenario.admin);
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe("L'articolo non è assegnato al corso dello studente");
    });

    it("says when no registered student has the name, and stores nothing", async () => {
      const scenario = await loanScenario();
      const before = bookingCounts(scenario.ctx);
      const answer = await scenario.client.post("/api/prestiti", byName(scenario, "Prof. Bianchi"), scenario.admin);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(
        `Nessuno studente registrato si chiama "Prof. Bianchi": sceglilo dall'elenco degli utenti`,
      );
      expect(bookingCounts(scenario.ctx)).toEqual(before);
    });

    it("says when several registered students have the name, and stores nothing", async () => {
      const scenario = await loanScenario();
      await registerStudent(scenario.client, { name: "giulia", surname: "rossi", corso_accademico: "Fotografia" });
      const before = bookingCounts(scenario.ctx);
      const answer = await scenario.client.post("/api/prestiti", byName(scenario, "Giulia Rossi"), scenario.admin);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(
        `2 studenti registrati si chiamano "Giulia Rossi": scegli quello giusto dall'elenco`,
      );
      expect(bookingCounts(scenario.ctx)).toEqual(before);
    });

    it("never names an administrator", async () => {
      const scenario = await loanScenario();
      const admin = scenario.adminUser;
      const answer = await scenario.client.post(
        "/api/prestiti",
        byName(scenario, `${admin.name} ${admin.surname}`),
        scenario.admin,
      );
      expect(answer.status).toBe(400);
    });
  });

  it("leaves a unit lent from a future day free until then, and hands it out on that day", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera } = scenario;
    await directLoanOk(
      client,
      admin,
      directBody(scenario, { data_uscita: day(2), data_rientro: day(3), unita_ids: [unitIdOf(camera)] }),
    );
    expect((await unitStates(client, admin, camera.id))[camera.unita[0].codice_univoco]).toBe("disponibile");
    travelToDay(ctx, day(2));
    expect((await unitStates(client, admin, camera.id))[camera.unita[0].codice_univoco]).toBe("prestato");
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["no item", { inventario_id: undefined }, REQUIRED_FIELDS],
    ["no units", { unita_ids: [] }, REQUIRED_FIELDS],
    ["units missing", { unita_ids: undefined }, REQUIRED_FIELDS],
    ["no borrower", { utente_id: null, chi: "  " }, REQUIRED_FIELDS],
    ["no start date", { data_uscita: "" }, REQUIRED_FIELDS],
    ["no end date", { data_rientro: undefined }, REQUIRED_FIELDS],
    ["a start in the past", { data_uscita: day(-1) }, "La data di inizio non può essere nel passato"],
    [
      "an end before the start",
      { data_uscita: day(3), data_rientro: day(2) },
      "La data di fine non può essere prima della data di inizio",
    ],
  ];

  it.each(invalid)("refuses %s and stores nothing", async (_label, overrides, message) => {
    const scenario = await loanScenario();
    const before = bookingCounts(scenario.ctx);
    const answer = await lend(scenario, overrides);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(message);
    expect(bookingCounts(scenario.ctx)).toEqual(before);
  });

  it("requires internal use to end the day it starts", async () => {
    const scenario = await loanScenario();
    const message = "Per utilizzo interno, la data di fine deve essere lo stesso giorno della data di inizio";
    const internalOnly = await lend(scenario, onlyUnitOf(scenario.studioLight));
    expect(internalOnly.status).toBe(400);
    expect(internalOnly.body.error).toBe(message);
    const bothWays = await lend(scenario, { ...onlyUnitOf(scenario.tablet), tipo_utilizzo: "interno" });
    expect(bothWays.status).toBe(400);
    expect(bothWays.body.error).toBe(message);
    expect(bookingCounts(scenario.ctx).loans).toBe(0);
  });

  it("asks for the usage type of an item lent both ways", async () => {
    const scenario = await loanScenario();
    const answer = await lend(scenario, onlyUnitOf(scenario.tablet));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("Seleziona il tipo di utilizzo");
    const chosen = await lend(scenario, { ...onlyUnitOf(scenario.tablet), tipo_utilizzo: "esterno" });
    expect(chosen.status).toBe(200);
    expect(chosen.body.loan.tipo_utilizzo).toBe("esterno");
  });

  it("refuses units of another item and stores nothing", async () => {
    const scenario = await loanScenario();
    const before = bookingCounts(scenario.ctx);
    const answer = await lend(scenario, { unita_ids: [unitIdOf(scenario.camera), unitIdOf(scenario.tablet)] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("Le unità scelte non appartengono a questo articolo");
    expect(bookingCounts(scenario.ctx)).toEqual(before);
  });

  it("refuses a unit already booked for those dates, naming it, and lends none of the others", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, classmate, camera } = scenario;
    await requestOk(client, classmate.token, { unit_id: unitIdOf(camera, 1), dal: day(2), al: day(4) });
    const before = bookingCounts(ctx);
    const answer = await lend(scenario);
    expect(answer.status).toBe(409);
    const [first, taken, third] = camera.unita.map((unit: { codice_univoco: string }) => unit.codice_univoco);
    expect(answer.body.error).toBe(
      `L'unità ${taken} non è disponibile per le date scelte. Sono libere per queste date: ${first}, ${third}.`,
    );
    expect(bookingCounts(ctx)).toEqual(before);
    expect((await unitStates(client, admin, camera.id))[camera.unita[0].codice_univoco]).toBe("disponibile");
  });

  it("refuses a lost unit or one in repair", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera } = scenario;
    await client.put(`/api/inventario/${camera.id}/units/${unitIdOf(camera, 0)}`, { perso: true }, admin);
    insertRepair(ctx, { itemId: camera.id, unitId: unitIdOf(camera, 1) });
    for (const index of [0, 1]) {
      const answer = await lend(scenario, { unita_ids: [unitIdOf(camera, index)] });
      expect(answer.status).toBe(409);
      // Only the third unit is neither lost nor in repair: the answer points the desk to it.
      expect(answer.body.error).toBe(
        `L'unità ${camera.unita[index].codice_univoco} non è disponibile per le date scelte. Sono libere per queste date: ${camera.unita[2].codice_univoco}.`,
      );
    }
    expect(bookingCounts(ctx).loans).toBe(0);
  });

  it("refuses a blocked borrower with the blocked-user answer", async () => {
    const scenario = await loanScenario();
    blockUser(scenario.ctx, scenario.student.user.id, 4);
    const before = bookingCounts(scenario.ctx);
    const answer = await lend(scenario);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(blockedBorrowerAnswer(4));
    expect(bookingCounts(scenario.ctx)).toEqual(before);
  });

  it("refuses an administrator as borrower, and an unknown user", async () => {
    const scenario = await loanScenario();
    const adminBorrower = await lend(scenario, { utente_id: scenario.adminUser.id });
    expect(adminBorrower.status).toBe(400);
    expect(adminBorrower.body.error).toBe("Gli amministratori non possono ricevere prestiti");
    const unknown = await lend(scenario, { utente_id: 9999 });
    expect(unknown.status).toBe(404);
    expect(bookingCounts(scenario.ctx).loans).toBe(0);
  });

  it("refuses an unknown item", async () => {
    const scenario = await loanScenario();
    const answer = await lend(scenario, { inventario_id: 9999 });
    expect(answer.status).toBe(404);
  });

  it("is for the desk only", async () => {
    const scenario = await loanScenario();
    expect((await scenario.client.post("/api/prestiti", directBody(scenario), scenario.student.token)).status).toBe(
      403,
    );
    expect((await scenario.client.post("/api/prestiti", directBody(scenario))).status).toBe(401);
    expect(bookingCounts(scenario.ctx).loans).toBe(0);
  });
});

describe("the desk takes a loan back", () => {
  it("ends the loan today, keeps the due date and frees exactly its units", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student, classmate, camera } = scenario;
    const returned = await directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera, 0), unitIdOf(camera, 1)],
      utente_id: student.user.id,
      data_rientro: day(3),
    });
    const other = await lendCamera(scenario, { unit: 2, to: classmate, dueBack: day(3) });
    travelToDay(ctx, day(2));
    const answer = await client.put(`/api/prestiti/${returned}/restituisci`, undefined, admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ giorni_ritardo: 0, penalty: null });
    expect(loanRow(ctx, returned)).toMatchObject({
      stato: "restituito",
      dataRestituzione: day(2),
      dataRientro: day(3),
    });
    expect(loanRow(ctx, other)?.stato).toBe("attivo");
    expect(Object.values(await unitStates(client, admin, camera.id))).toEqual([
      "disponibile",
      "disponibile",
      "prestato",
    ]);
    const mine = await client.get("/api/prestiti/mie", student.token);
    expect(mine.body[0]).toMatchObject({
      stato: "restituito",
      data_restituzione: day(2),
      data_rientro: day(3),
      giorni_ritardo: 0,
    });
  });

  it("gives no penalty for a return on the due day", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin } = scenario;
    const loanId = await lendCameraToStudent(scenario, day(3));
    travelToDay(ctx, day(3));
    const answer = await returnOk(client, admin, loanId);
    expect(answer).toMatchObject({ giorni_ritardo: 0, penalty: null });
    expect(bookingCounts(ctx).penalties).toBe(0);
  });

  it("takes back an overdue loan marked by the job", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin } = scenario;
    const loanId = await lendCameraToStudent(scenario, TODAY);
    ctx.db.update(prestiti).set({ stato: "scaduto" }).where(eq(prestiti.id, loanId)).run();
    travelToDay(ctx, day(1));
    expect((await client.put(`/api/prestiti/${loanId}/restituisci`, undefined, admin)).status).toBe(200);
    expect(loanRow(ctx, loanId)?.stato).toBe("restituito");
  });

  it("refuses a loan that is not open", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera } = scenario;
    const loanId = await directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera)],
      chi: "Luca Verdi",
    });
    await returnOk(client, admin, loanId);
    travelToDay(ctx, day(5));
    const answer = await client.put(`/api/prestiti/${loanId}/restituisci`, undefined, admin);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe("Il prestito non è attivo");
    expect(loanRow(ctx, loanId)?.dataRestituzione).toBe(TODAY);
    expect(bookingCounts(ctx).penalties).toBe(0);
  });

  it("answers 404 for an unknown loan, 403 to a student, 401 without a session", async () => {
    const scenario = await loanScenario();
    const { client, admin, student } = scenario;
    const loanId = await lendCameraToStudent(scenario);
    expect((await client.put("/api/prestiti/9999/restituisci", undefined, admin)).status).toBe(404);
    expect((await client.put(`/api/prestiti/${loanId}/restituisci`, undefined, student.token)).status).toBe(403);
    expect((await client.put(`/api/prestiti/${loanId}/restituisci`)).status).toBe(401);
    expect(loanRow(scenario.ctx, loanId)?.stato).toBe("attivo");
  });
});

describe("a unit's state follows its bookings", () => {
  it("stays free today under a request for tomorrow, then goes lent on its first day and free again at the return", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student, camera } = scenario;
    const code = camera.unita[0].codice_univoco;
    const stateNow = async () => (await unitStates(client, student.token, camera.id))[code];
    const itemNow = async () => (await client.get(`/api/inventario/${camera.id}`, admin)).body;
    expect(await stateNow()).toBe("disponibile");
    const request = await pendingRequest(scenario);
    expect(await stateNow()).toBe("disponibile");
    const { loanId } = await approveOk(client, admin, request.id);
    expect(await stateNow()).toBe("disponibile");
    expect(await itemNow()).toMatchObject({ unita_disponibili: 3, stato_effettivo: "disponibile" });
    travelToDay(ctx, day(1));
    expect(await stateNow()).toBe("prestato");
    expect(await itemNow()).toMatchObject({ unita_disponibili: 2, stato_effettivo: "disponibile" });
    const units = (await client.get(`/api/inventario/${camera.id}/units`, admin)).body as Json[];
    expect(units.find((unit) => unit.codice_univoco === code)?.prestito_corrente_id).toBe(loanId);
    travelToDay(ctx, day(5));
    expect(await stateNow()).toBe("prestato");
    await returnOk(client, admin, loanId);
    expect(await stateNow()).toBe("disponibile");
  });

  it("goes free again when a request is cancelled or rejected", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, camera } = scenario;
    const code = camera.unita[0].codice_univoco;
    const first = await pendingRequest(scenario, { dal: day(0) });
    expect((await unitStates(client, admin, camera.id))[code]).toBe("riservato");
    await client.delete(`/api/richieste/${first.id}`, student.token);
    expect((await unitStates(client, admin, camera.id))[code]).toBe("disponibile");
    const second = await pendingRequest(scenario, { dal: day(0) });
    expect((await unitStates(client, admin, camera.id))[code]).toBe("riservato");
    await client.put(`/api/prestiti/${second.id}/rifiuta`, { motivazione: "No" }, admin);
    expect((await unitStates(client, admin, camera.id))[code]).toBe("disponibile");
  });

  it("marks an item in use once every unit is held today", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, studioLight } = scenario;
    await requestOk(client, student.token, { unit_id: unitIdOf(studioLight), dal: day(0), al: day(0) });
    const item = (await client.get(`/api/inventario/${studioLight.id}`, admin)).body;
    expect(item).toMatchObject({ stato_effettivo: "in_prestito", unita_disponibili: 0 });
  });

  it("shows the dates already taken on the units a student can book", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, classmate, camera } = scenario;
    await requestOk(client, classmate.token, { unit_id: unitIdOf(camera), dal: day(2), al: day(4) });
    await directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera, 1)],
      chi: "Luca Verdi",
      data_rientro: day(1),
    });
    const answer = await client.get(`/api/inventario/${camera.id}/disponibili`, student.token);
    expect(answer.status).toBe(200);
    const byId = new Map((answer.body as Json[]).map((unit) => [unit.id, unit.prenotazioni]));
    expect(byId.get(unitIdOf(camera, 0))).toEqual([
      { dal: day(2), al: day(4), tipo: "richiesta", fino_alla_restituzione: false },
    ]);
    expect(byId.get(unitIdOf(camera, 1))).toEqual([
      { dal: TODAY, al: day(1), tipo: "prestito", fino_alla_restituzione: false },
    ]);
    expect(byId.get(unitIdOf(camera, 2))).toEqual([]);
    expect(JSON.stringify(answer.body)).not.toContain(classmate.user.email);
  });
});

describe("the loans lists", () => {
  it("shows a student only their own loans, whatever they ask for", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, classmate } = scenario;
    const mine = await lendCamera(scenario);
    const theirs = await lendCamera(scenario, { unit: 1, to: classmate });
    for (const path of ["/api/prestiti", "/api/prestiti?all=1", "/api/prestiti/mie"]) {
      const answer = await client.get(path, student.token);
      expect(answer.body.map((loan: Json) => loan.id)).toEqual([mine]);
    }
    const all = await client.get("/api/prestiti?all=1", admin);
    expect(all.body.map((loan: Json) => loan.id).sort()).toEqual([mine, theirs].sort());
  });
});

describe("units of a loan and the loan of a unit", () => {
  it("lists a loan's units to the desk and to its borrower only", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, classmate, camera } = scenario;
    const loanId = await directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera, 0), unitIdOf(camera, 1)],
      utente_id: student.user.id,
    });
    const expected = [
      { id: unitIdOf(camera, 0), codice_univoco: camera.unita[0].codice_univoco },
      { id: unitIdOf(camera, 1), codice_univoco: camera.unita[1].codice_univoco },
    ];
    for (const token of [admin, student.token]) {
      const answer = await client.get(`/api/prestiti/${loanId}/units`, token);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject(expected);
    }
    const other = await client.get(`/api/prestiti/${loanId}/units`, classmate.token);
    expect(other.status).toBe(404);
    expect((await client.get("/api/prestiti/9999/units", admin)).status).toBe(404);
    expect((await client.get(`/api/prestiti/${loanId}/units`)).status).toBe(401);
  });

  it("shows who holds a unit, until it comes back", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, classmate, camera } = scenario;
    const loanId = await directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera)],
      utente_id: student.user.id,
      data_rientro: day(4),
      note: "Con treppiede",
    });
    const answer = await client.get(`/api/prestiti/unit/${unitIdOf(camera)}`, admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: loanId,
      chi: "Giulia Rossi",
      utente_email: student.user.email,
      data_uscita: TODAY,
      data_rientro: day(4),
      stato: "attivo",
      note: "Con treppiede",
      codice_univoco: camera.unita[0].codice_univoco,
    });
    expect((await client.get(`/api/prestiti/unit/${unitIdOf(camera)}`, student.token)).status).toBe(200);
    expect((await client.get(`/api/prestiti/unit/${unitIdOf(camera)}`, classmate.token)).status).toBe(404);
    await returnOk(client, admin, loanId);
    const after = await client.get(`/api/prestiti/unit/${unitIdOf(camera)}`, admin);
    expect(after.status).toBe(404);
    expect(after.body.error).toBe("Nessun prestito in corso per questa unità");
  });

  it("answers 404 for a free unit, even one with a pending request", async () => {
    const scenario = await loanScenario();
    await pendingRequest(scenario);
    const { client, admin, camera } = scenario;
    expect((await client.get(`/api/prestiti/unit/${unitIdOf(camera)}`, admin)).status).toBe(404);
    expect((await client.get(`/api/prestiti/unit/${unitIdOf(camera, 1)}`, admin)).status).toBe(404);
    expect((await client.get("/api/prestiti/unit/9999", admin)).status).toBe(404);
  });

  it("prefers the loan holding the unit now over a later one", async () => {
    const scenario = await loanScenario();
    const { client, admin, classmate, camera } = scenario;
    const later = await directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera)],
      utente_id: classmate.user.id,
      data_uscita: day(3),
      data_rientro: day(4),
    });
    const now = await lendCameraToStudent(scenario, day(1));
    expect((await client.get(`/api/prestiti/unit/${unitIdOf(camera)}`, admin)).body.id).toBe(now);
    await returnOk(client, admin, now);
    expect((await client.get(`/api/prestiti/unit/${unitIdOf(camera)}`, admin)).body.id).toBe(later);
  });
});

describe("the audit trail of the desk's actions", () => {
  it("records approvals, rejections, direct loans and returns with who did them", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, adminUser, camera } = scenario;
    const approved = await pendingRequest(scenario);
    const { loanId } = await approveOk(client, admin, approved.id);
    const rejected = await pendingRequest(scenario, { unit_id: unitIdOf(camera, 1) });
    await client.put(`/api/prestiti/${rejected.id}/rifiuta`, { motivazione: "Doppione" }, admin);
    const direct = await directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera, 2)],
      chi: "Luca Verdi",
    });
    await returnOk(client, admin, direct);
    const rows = auditRows(ctx).filter((row) => row.entity === "request" || row.entity === "loan");
    expect(rows.map((row) => [row.action, row.entity, row.entityId])).toEqual([
      ["request.approve", "request", approved.id],
      ["loan.create", "loan", loanId],
      ["request.reject", "request", rejected.id],
      ["loan.create", "loan", direct],
      ["loan.return", "loan", direct],
    ]);
    for (const row of rows) {
      expect(row.actorId).toBe(adminUser.id);
      expect(row.actorEmail).toBe(adminUser.email);
      expect(row.summary).toBeString();
    }
    expect(rows.find((row) => row.action === "request.reject")?.summary).toContain("Doppione");
  });

  it("records nothing for a refused action", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student } = scenario;
    const request = await pendingRequest(scenario);
    blockUser(ctx, student.user.id);
    const before = auditRows(ctx).length;
    await client.put(`/api/prestiti/${request.id}/approva`, undefined, admin);
    await client.put(`/api/prestiti/${request.id}/rifiuta`, { motivazione: "" }, admin);
    await client.post("/api/prestiti", { inventario_id: scenario.camera.id, unita_ids: [] }, admin);
    await client.put("/api/prestiti/9999/restituisci", undefined, admin);
    expect(auditRows(ctx).length).toBe(before);
  });

  it("lists a loan's history for the desk", async () => {
    const scenario = await loanScenario();
    const { client, admin, camera } = scenario;
    const loanId = await directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera)],
      chi: "Luca Verdi",
    });
    await returnOk(client, admin, loanId);
    const answer = await client.get(`/api/audit?entity=loan&id=${loanId}`, admin);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).toContain("loan.return");
  });
});

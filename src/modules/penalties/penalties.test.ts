import { describe, expect, it } from "bun:test";
import { and, eq, isNull, sum } from "drizzle-orm";
import { notifiche, penalita } from "../../db/schema";
import { AUTOMATIC_BLOCK_REASON } from "../../domain/loan-rules";
import type { Json } from "../../testing/harness";
import { insertLoan } from "../../testing/inventory-fixtures";
import {
  auditRows,
  day,
  directLoanOk,
  type LoanScenario,
  loanScenario,
  returnOk,
  TODAY,
  travelToDay,
  unitIdOf,
  userRow,
} from "../../testing/loan-fixtures";

/**
 * The student borrows a camera due on `due` (today unless told) and the desk takes it back
 * `daysLate` days after the due date. The clock is left on the return day.
 */
async function lateReturn(scenario: LoanScenario, daysLate: number, due = scenario.ctx.clock.today()) {
  const { client, ctx, admin, student, camera } = scenario;
  const loanId = await directLoanOk(client, admin, {
    inventario_id: camera.id,
    unita_ids: [unitIdOf(camera)],
    utente_id: student.user.id,
    data_uscita: ctx.clock.today(),
    data_rientro: due,
  });
  const dueTime = new Date(`${due}T09:00:00Z`).getTime();
  ctx.clock.travelTo(new Date(dueTime + daysLate * 86_400_000));
  return { loanId, answer: await returnOk(client, admin, loanId) };
}

/** The desk unblocks the scenario's student, clearing their strikes or not: the answer as it comes. */
function unblockStudent({ client, admin, student }: LoanScenario, options: { resetStrikes: boolean }) {
  return client.post("/api/penalties/unblock-user", { userId: student.user.id, ...options }, admin);
}

/** The audit trail holds exactly one `action` row about the scenario's student, written as the desk. */
function expectOneDeskRowAboutStudent(scenario: LoanScenario, action: string) {
  const rows = auditRows(scenario.ctx).filter((row) => row.action === action);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    entity: "user",
    entityId: scenario.student.user.id,
    actorId: scenario.adminUser.id,
  });
}

async function penaltiesOf(scenario: LoanScenario, userId = scenario.student.user.id) {
  const answer = await scenario.client.get(`/api/penalties/user/${userId}`, scenario.admin);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** What the penalty history says the user's strikes are. */
function strikesInHistory(scenario: LoanScenario, userId = scenario.student.user.id): number {
  const row = scenario.ctx.db
    .select({ total: sum(penalita.strikeAssegnati) })
    .from(penalita)
    .where(and(eq(penalita.utenteId, userId), isNull(penalita.azzerataAt)))
    .get();
  return Number(row?.total ?? 0);
}

describe("strikes for late returns", () => {
  const table: Array<[number, number]> = [
    [1, 1],
    [3, 1],
    [4, 2],
    [7, 2],
    [8, 3],
  ];

  it.each(table)("records a penalty for a return %i days late worth %i strikes", async (daysLate, strikes) => {
    const scenario = await loanScenario();
    const { loanId, answer } = await lateReturn(scenario, daysLate);
    expect(answer).toMatchObject({
      giorni_ritardo: daysLate,
      penalty: { strike_assegnati: strikes, totale: strikes, bloccato: strikes >= 3 },
    });
    const { userInfo, penalties } = await penaltiesOf(scenario);
    expect(userInfo).toMatchObject({
      id: scenario.student.user.id,
      penalty_strikes: strikes,
      is_blocked: strikes >= 3,
    });
    expect(penalties).toEqual([
      {
        id: expect.any(Number),
        prestito_id: loanId,
        articolo_nome: "Fotocamera Canon",
        motivo:
          daysLate === 1
            ? "Ritardo di 1 giorno nella restituzione"
            : `Ritardo di ${daysLate} giorni nella restituzione`,
        strike_assegnati: strikes,
        giorni_ritardo: daysLate,
        created_at: expect.any(String),
        created_by_name: "Marta",
        created_by_surname: "Bianchi",
        azzerata_at: null,
      },
    ]);
    const loans = await scenario.client.get("/api/prestiti/mie", scenario.student.token);
    expect(loans.body[0]).toMatchObject({ stato: "restituito", giorni_ritardo: daysLate, data_rientro: TODAY });
  });

  it("records nothing for a return on or before the due day", async () => {
    const scenario = await loanScenario();
    await lateReturn(scenario, 0);
    await lateReturn(scenario, -1, day(3));
    const { userInfo, penalties } = await penaltiesOf(scenario);
    expect(userInfo).toMatchObject({ penalty_strikes: 0, is_blocked: false });
    expect(penalties).toEqual([]);
  });

  it("records nothing for a loan to someone without an account", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera } = scenario;
    // Only a loan stored before every loan had a borrower can lack one.
    const loanId = insertLoan(ctx, { itemId: camera.id, unitIds: [unitIdOf(camera)], userId: null });
    travelToDay(ctx, day(9));
    const answer = await returnOk(client, admin, loanId);
    expect(answer).toMatchObject({ giorni_ritardo: 9, penalty: null });
    expect(ctx.db.select().from(penalita).all()).toEqual([]);
  });
});

describe("blocking at three strikes", () => {
  it("blocks a student whose strikes add up to three, and the block stops new requests and approvals", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, camera } = scenario;
    await lateReturn(scenario, 2); // 1 strike
    const second = await lateReturn(scenario, 5); // 2 more
    expect(second.answer.penalty).toEqual({ strike_assegnati: 2, totale: 3, bloccato: true });
    const { userInfo } = await penaltiesOf(scenario);
    expect(userInfo).toMatchObject({ penalty_strikes: 3, is_blocked: true, blocked_reason: AUTOMATIC_BLOCK_REASON });
    const refused = await client.post(
      "/api/richieste",
      { unit_id: unitIdOf(camera, 1), dal: scenario.ctx.clock.today(), al: scenario.ctx.clock.today() },
      student.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ blocked: true, strikes: 3, reason: AUTOMATIC_BLOCK_REASON });
    const direct = await client.post(
      "/api/prestiti",
      {
        inventario_id: camera.id,
        unita_ids: [unitIdOf(camera, 1)],
        utente_id: student.user.id,
        data_uscita: scenario.ctx.clock.today(),
        data_rientro: scenario.ctx.clock.today(),
      },
      admin,
    );
    expect(direct.status).toBe(403);
    expect(direct.body.userBlocked).toBe(true);
  });

  it("blocks at once for eight days late", async () => {
    const scenario = await loanScenario();
    await lateReturn(scenario, 8);
    expect(userRow(scenario.ctx, scenario.student.user.id)).toMatchObject({
      penaltyStrikes: 3,
      isBlocked: true,
      blockedReason: AUTOMATIC_BLOCK_REASON,
    });
  });

  it("lets a blocked student sign in and read why", async () => {
    const scenario = await loanScenario();
    await lateReturn(scenario, 10);
    const login = await scenario.client.post("/api/auth/login", {
      email: scenario.student.user.email,
      username: scenario.student.user.email,
      password: scenario.student.password,
    });
    expect(login.status).toBe(200);
    const own = await scenario.client.get(`/api/penalties/user/${scenario.student.user.id}`, login.body.token);
    expect(own.status).toBe(200);
    expect(own.body.userInfo).toMatchObject({ is_blocked: true, blocked_reason: AUTOMATIC_BLOCK_REASON });
  });

  it("records the automatic block in the audit trail", async () => {
    const scenario = await loanScenario();
    await lateReturn(scenario, 8);
    expectOneDeskRowAboutStudent(scenario, "user.block");
  });
});

describe("the desk unblocks a student", () => {
  it("keeping the strikes: the student may ask again, and the next late return blocks again", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, camera } = scenario;
    await lateReturn(scenario, 8);
    const answer = await unblockStudent(scenario, { resetStrikes: false });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: expect.any(String), user: { penalty_strikes: 3, is_blocked: false } });
    expect((await penaltiesOf(scenario)).userInfo).toMatchObject({
      penalty_strikes: 3,
      is_blocked: false,
      blocked_reason: null,
    });
    const today = scenario.ctx.clock.today();
    const request = await client.post(
      "/api/richieste",
      { unit_id: unitIdOf(camera, 1), dal: today, al: today },
      student.token,
    );
    expect(request.status).toBe(200);
    const approval = await client.put(`/api/prestiti/${request.body.id}/approva`, undefined, admin);
    expect(approval.body.penaltyInfo).toEqual({ hasStrikes: true, strikes: 3, warning: expect.any(String) });
    const again = await lateReturn(scenario, 1);
    expect(again.answer.penalty).toEqual({ strike_assegnati: 1, totale: 4, bloccato: true });
    expect((await penaltiesOf(scenario)).userInfo).toMatchObject({
      penalty_strikes: 4,
      is_blocked: true,
      blocked_reason: AUTOMATIC_BLOCK_REASON,
    });
    expect(strikesInHistory(scenario)).toBe(4);
  });

  it("resetting the strikes: zero strikes, the history still listed, and counting starts over", async () => {
    const scenario = await loanScenario();
    const { student } = scenario;
    await lateReturn(scenario, 2);
    await lateReturn(scenario, 5);
    const answer = await unblockStudent(scenario, { resetStrikes: true });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toEqual({ id: student.user.id, penalty_strikes: 0, is_blocked: false });
    const { userInfo, penalties } = await penaltiesOf(scenario);
    expect(userInfo).toMatchObject({ penalty_strikes: 0, is_blocked: false, blocked_reason: null });
    expect(penalties).toHaveLength(2);
    for (const penalty of penalties as Json[]) expect(penalty.azzerata_at).toBeString();
    expect(strikesInHistory(scenario)).toBe(0);
    const next = await lateReturn(scenario, 1);
    expect(next.answer.penalty).toEqual({ strike_assegnati: 1, totale: 1, bloccato: false });
    expect(strikesInHistory(scenario)).toBe(1);
    expect((await penaltiesOf(scenario)).penalties).toHaveLength(3);
  });

  it("may clear the strikes of a student who is not blocked", async () => {
    const scenario = await loanScenario();
    await lateReturn(scenario, 4);
    const answer = await unblockStudent(scenario, { resetStrikes: true });
    expect(answer.status).toBe(200);
    expect(userRow(scenario.ctx, scenario.student.user.id).penaltyStrikes).toBe(0);
  });

  it("refuses to unblock a student who is not blocked, keeping strikes", async () => {
    const scenario = await loanScenario();
    const answer = await unblockStudent(scenario, { resetStrikes: false });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe("L'utente non è bloccato");
  });

  it("records who unblocked whom", async () => {
    const scenario = await loanScenario();
    await lateReturn(scenario, 8);
    await unblockStudent(scenario, { resetStrikes: true });
    expectOneDeskRowAboutStudent(scenario, "user.unblock");
  });

  it("is for the desk only, and checks the user", async () => {
    const scenario = await loanScenario();
    const { client, admin, student } = scenario;
    await lateReturn(scenario, 8);
    const body = { userId: student.user.id, resetStrikes: true };
    expect((await client.post("/api/penalties/unblock-user", body, student.token)).status).toBe(403);
    expect((await client.post("/api/penalties/unblock-user", body)).status).toBe(401);
    expect((await client.post("/api/penalties/unblock-user", { userId: 9999, resetStrikes: true }, admin)).status).toBe(
      404,
    );
    expect((await client.post("/api/penalties/unblock-user", { userId: "abc" }, admin)).status).toBe(400);
    expect(
      (await client.post("/api/penalties/unblock-user", { userId: student.user.id, resetStrikes: "si" }, admin)).status,
    ).toBe(400);
    expect(userRow(scenario.ctx, student.user.id).isBlocked).toBe(true);
  });
});

describe("who sees a student's penalties", () => {
  it("shows them to the student and to the desk, with the recorder's name", async () => {
    const scenario = await loanScenario();
    await lateReturn(scenario, 3);
    for (const token of [scenario.student.token, scenario.admin]) {
      const answer = await scenario.client.get(`/api/penalties/user/${scenario.student.user.id}`, token);
      expect(answer.status).toBe(200);
      expect(answer.body.userInfo).toEqual({
        id: scenario.student.user.id,
        name: "Giulia",
        surname: "Rossi",
        email: scenario.student.user.email,
        penalty_strikes: 1,
        is_blocked: false,
        blocked_reason: null,
      });
      expect(answer.body.penalties[0]).toMatchObject({ created_by_name: "Marta", created_by_surname: "Bianchi" });
    }
  });

  it("hides them from other students", async () => {
    const scenario = await loanScenario();
    await lateReturn(scenario, 3);
    const answer = await scenario.client.get(
      `/api/penalties/user/${scenario.student.user.id}`,
      scenario.classmate.token,
    );
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain("Ritardo");
  });

  it("answers 404 for an unknown user, 400 for a malformed id, 401 without a session", async () => {
    const scenario = await loanScenario();
    expect((await scenario.client.get("/api/penalties/user/9999", scenario.admin)).status).toBe(404);
    expect((await scenario.client.get("/api/penalties/user/abc", scenario.admin)).status).toBe(400);
    expect((await scenario.client.get(`/api/penalties/user/${scenario.student.user.id}`)).status).toBe(401);
  });

  it("lists the newest penalty first", async () => {
    const scenario = await loanScenario();
    await lateReturn(scenario, 1);
    await lateReturn(scenario, 4);
    const { penalties } = await penaltiesOf(scenario);
    expect(penalties.map((penalty: Json) => penalty.giorni_ritardo)).toEqual([4, 1]);
  });
});

describe("penalties: input shapes", () => {
  it("refuses a user that is not an id, in the path or in the body, with 'Utente non valido'", async () => {
    const { client, admin } = await loanScenario();
    for (const answer of [
      await client.get("/api/penalties/user/abc", admin),
      await client.get("/api/penalties/user/0", admin),
      await client.post("/api/penalties/unblock-user", { userId: "abc" }, admin),
      await client.post("/api/penalties/unblock-user", { userId: 0 }, admin),
      await client.post("/api/penalties/unblock-user", { userId: 1.5 }, admin),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Utente non valido");
    }
  });

  it("takes the user as a number or as its text", async () => {
    const scenario = await loanScenario();
    await lateReturn(scenario, 30);
    const { client, admin, student } = scenario;
    const byText = await client.post("/api/penalties/unblock-user", { userId: String(student.user.id) }, admin);
    expect(byText.status).toBe(200);
    expect(byText.body.user).toMatchObject({ id: student.user.id, is_blocked: false });
  });
});

describe("penalties by hand at the desk (an existing desk client's routes)", () => {
  /** Strikes on the student's row and in the uncleared history: always the same number. */
  function standing(scenario: LoanScenario, userId = scenario.student.user.id) {
    const user = userRow(scenario.ctx, userId);
    expect(user.penaltyStrikes).toBe(strikesInHistory(scenario, userId));
    return { strikes: user.penaltyStrikes, blocked: user.isBlocked };
  }

  const penaltyNotices = (scenario: LoanScenario) =>
    scenario.ctx.db
      .select()
      .from(notifiche)
      .where(eq(notifiche.utenteId, scenario.student.user.id))
      .all()
      .map((notice) => `${notice.titolo}: ${notice.messaggio}`);

  async function assign(scenario: LoanScenario, body: Record<string, unknown>) {
    return scenario.client.post("/api/penalties/assign-manual", body, scenario.admin);
  }

  it("assigns strikes with a reason: in the history, notified, audited, and counted towards the block", async () => {
    const scenario = await loanScenario();
    const { student } = scenario;
    const first = await assign(scenario, { userId: student.user.id, strikes: 2, motivo: " Obiettivo graffiato " });
    expect(first).toMatchObject({
      status: 200,
      body: {
        message: "Penalità assegnata",
        penalty: { motivo: "Obiettivo graffiato", strike_assegnati: 2, giorni_ritardo: 0, prestito_id: null },
        user: { id: student.user.id, penalty_strikes: 2, is_blocked: false },
      },
    });
    expect(standing(scenario)).toEqual({ strikes: 2, blocked: false });
    expect(penaltyNotices(scenario)).toEqual(["Hai ricevuto 2 penalità: Obiettivo graffiato. Penalità totali: 2."]);
    expect(auditRows(scenario.ctx).at(-1)).toMatchObject({ action: "penalty.assign", entityId: student.user.id });

    // The threshold (3) reached by hand blocks as a late return would.
    const second = await assign(scenario, { userId: String(student.user.id), strikes: 1, motivo: "Uso improprio" });
    expect(second.body.user).toEqual({ id: student.user.id, penalty_strikes: 3, is_blocked: true });
    expect(userRow(scenario.ctx, student.user.id).blockedReason).toBe(AUTOMATIC_BLOCK_REASON);
    expect(penaltyNotices(scenario)).toContain(
      `Account bloccato: ${AUTOMATIC_BLOCK_REASON}. Per sbloccare l'account presentati di persona all'ufficio amministrativo.`,
    );
    // Unblocking keeping the strikes keeps these too.
    await scenario.client.post("/api/penalties/unblock-user", { userId: student.user.id }, scenario.admin);
    expect(standing(scenario)).toEqual({ strikes: 3, blocked: false });
  });

  it("edits a penalty's strikes and reason, moving the total by the difference", async () => {
    const scenario = await loanScenario();
    const { client, admin, student } = scenario;
    const { penalty } = (await assign(scenario, { userId: student.user.id, strikes: 1, motivo: "Cavo rovinato" })).body;
    const raised = await client.put(
      `/api/penalties/${penalty.id}`,
      { strike_assegnati: 3, motivo: "Cavo tagliato" },
      admin,
    );
    expect(raised.body).toMatchObject({
      message: "Penalità modificata",
      penalty: { id: penalty.id, strike_assegnati: 3, motivo: "Cavo tagliato" },
      user: { penalty_strikes: 3, is_blocked: true },
    });
    expect(standing(scenario)).toEqual({ strikes: 3, blocked: true });
    const lowered = await client.put(`/api/penalties/${penalty.id}`, { strike_assegnati: 1 }, admin);
    expect(lowered.body.penalty).toMatchObject({ strike_assegnati: 1, motivo: "Cavo tagliato" });
    // Fewer strikes never unblock by themselves: that stays a conversation at the desk.
    expect(standing(scenario)).toEqual({ strikes: 1, blocked: true });
    expect(penaltyNotices(scenario)).toContain(
      "Penalità modificata: Una tua penalità è stata corretta: 1 penalità (Cavo tagliato). Penalità totali: 1.",
    );
    expect(auditRows(scenario.ctx).filter((row) => row.action === "penalty.update")).toHaveLength(2);
  });

  it("deletes a penalty and subtracts its strikes; a cleared one subtracts nothing", async () => {
    const scenario = await loanScenario();
    const { client, admin, student } = scenario;
    const late = await lateReturn(scenario, 2);
    const [latePenalty] = (await penaltiesOf(scenario)).penalties;
    const { penalty } = (await assign(scenario, { userId: student.user.id, strikes: 1, motivo: "Borsa persa" })).body;
    expect(standing(scenario).strikes).toBe(2);
    const removed = await client.call("DELETE", `/api/penalties/${latePenalty.id}`, { token: admin });
    expect(removed.body).toEqual({
      message: "Penalità eliminata",
      penalty: null,
      user: { id: student.user.id, penalty_strikes: 1, is_blocked: false },
    });
    expect(late.loanId).toBeGreaterThan(0);
    expect((await penaltiesOf(scenario)).penalties.map((row: Json) => row.id)).toEqual([penalty.id]);
    // Cleared by a reset, the last one no longer counts: deleting it leaves the total at 0.
    await client.post("/api/penalties/unblock-user", { userId: student.user.id, resetStrikes: true }, admin);
    await client.call("DELETE", `/api/penalties/${penalty.id}`, { token: admin });
    expect(standing(scenario)).toEqual({ strikes: 0, blocked: false });
    expect(auditRows(scenario.ctx).filter((row) => row.action === "penalty.delete")).toHaveLength(2);
  });

  it("answers the stats in the client's shape", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, classmate } = scenario;
    expect((await client.get("/api/penalties/stats", admin)).body).toEqual({
      total_users_with_penalties: 0,
      blocked_users: 0,
      total_penalties: 0,
      avg_delay_days: 0,
      total_strikes_assigned: 0,
    });
    await lateReturn(scenario, 2);
    travelToDay(scenario.ctx, TODAY);
    await lateReturn(scenario, 5);
    await assign(scenario, { userId: classmate.user.id, strikes: 3, motivo: "Danno al treppiede" });
    expect((await client.get("/api/penalties/stats", admin)).body).toEqual({
      total_users_with_penalties: 2,
      blocked_users: 2,
      total_penalties: 3,
      avg_delay_days: 3.5,
      total_strikes_assigned: 6,
    });
    expect(userRow(scenario.ctx, student.user.id).penaltyStrikes).toBe(3);
  });

  it("refuses bad input in Italian, unknown penalties with 404, and anyone but the desk", async () => {
    const scenario = await loanScenario();
    const { client, admin, student } = scenario;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ userId: student.user.id, strikes: 0, motivo: "x" }, 400, "Le penalità vanno da 1 a 10"],
      [{ userId: student.user.id, strikes: 11, motivo: "x" }, 400, "Le penalità vanno da 1 a 10"],
      [{ userId: student.user.id, strikes: 1.5, motivo: "x" }, 400, "Le penalità vanno da 1 a 10"],
      [{ userId: student.user.id, strikes: 1, motivo: "   " }, 400, "Indica il motivo della penalità"],
      [{ userId: student.user.id, strikes: 1 }, 400, "Il motivo è un testo di al massimo 500 caratteri"],
      [{ userId: "abc", strikes: 1, motivo: "x" }, 400, "Utente non valido"],
      [{ userId: 9999, strikes: 1, motivo: "x" }, 404, "Utente non trovato"],
      [{ userId: scenario.adminUser.id, strikes: 1, motivo: "x" }, 400, "Gli amministratori non ricevono penalità"],
    ];
    for (const [body, status, error] of cases)
      expect({ body, answer: await assign(scenario, body) }).toMatchObject({
        body,
        answer: { status, body: { error } },
      });
    expect(standing(scenario).strikes).toBe(0);

    expect(await client.put("/api/penalties/999", { strike_assegnati: 2 }, admin)).toMatchObject({
      status: 404,
      body: { error: "Penalità non trovata" },
    });
    expect((await client.call("DELETE", "/api/penalties/999", { token: admin })).body).toEqual({
      error: "Penalità non trovata",
    });
    const { penalty } = (await assign(scenario, { userId: student.user.id, strikes: 1, motivo: "Danno" })).body;
    expect((await client.put(`/api/penalties/${penalty.id}`, { motivo: "" }, admin)).body).toEqual({
      error: "Indica il motivo della penalità",
    });
    expect((await client.put(`/api/penalties/${penalty.id}`, { strike_assegnati: 20 }, admin)).body).toEqual({
      error: "Le penalità vanno da 1 a 10",
    });
    expect((await client.put("/api/penalties/abc", { strike_assegnati: 2 }, admin)).body).toEqual({
      error: "Penalità non valida",
    });
    expect((await client.get("/api/penalties/stats", student.token)).status).toBe(403);
    expect(
      (await assign({ ...scenario, admin: student.token }, { userId: student.user.id, strikes: 1, motivo: "x" }))
        .status,
    ).toBe(403);
    expect((await client.call("DELETE", `/api/penalties/${penalty.id}`, { token: student.token })).status).toBe(403);
    expect(standing(scenario).strikes).toBe(1);
  });
});

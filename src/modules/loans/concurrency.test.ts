import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { prestiti, prestitiUnita, richieste } from "../../db/schema";
import { photographyStudents } from "../../testing/harness";
import { bookingCounts, day, type LoanScenario, loanScenario, requestOk, unitIdOf } from "../../testing/loan-fixtures";

const UNAVAILABLE = "L'unità selezionata non è disponibile per le date scelte";

function statusCounts(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** The desk lends the camera's units (by index) to Luca Verdi, named only, from `from` to `to`: the answer. */
function lendToLuca({ client, admin, camera }: LoanScenario, units: number[], from: string, to: string) {
  return client.post(
    "/api/prestiti",
    {
      inventario_id: camera.id,
      unita_ids: units.map((unit) => unitIdOf(camera, unit)),
      chi: "Luca Verdi",
      data_uscita: from,
      data_rientro: to,
    },
    admin,
  );
}

/** The loans that hold `unitId`. */
function loansHolding({ ctx }: LoanScenario, unitId: number) {
  return ctx.db.select().from(prestitiUnita).where(eq(prestitiUnita.unitId, unitId)).all();
}

describe("simultaneous bookings of one unit", () => {
  it("lets exactly one of thirty students who ask at the same moment have the unit", async () => {
    const scenario = await loanScenario();
    const { client, ctx, camera } = scenario;
    const students = await photographyStudents(client, 30);
    const answers = await Promise.all(
      students.map((student) =>
        client.post("/api/richieste", { unit_id: unitIdOf(camera), dal: day(2), al: day(2) }, student.token),
      ),
    );
    expect(statusCounts(answers.map((answer) => answer.status))).toEqual({ 200: 1, 409: 29 });
    for (const answer of answers.filter((answer) => answer.status === 409))
      expect(answer.body.error).toStartWith(UNAVAILABLE);
    const stored = ctx.db
      .select()
      .from(richieste)
      .where(eq(richieste.unitId, unitIdOf(camera)))
      .all();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).toBe(answers.find((answer) => answer.status === 200)?.body.id);
  });

  it("lets only one of overlapping ranges asked at the same moment through", async () => {
    const scenario = await loanScenario();
    const { client, ctx, camera } = scenario;
    const students = await photographyStudents(client, 10);
    // Every range contains day 5, so any two of them overlap.
    const answers = await Promise.all(
      students.map((student, i) =>
        client.post(
          "/api/richieste",
          { unit_id: unitIdOf(camera), dal: day(5 - (i % 3)), al: day(5 + (i % 4)) },
          student.token,
        ),
      ),
    );
    expect(statusCounts(answers.map((answer) => answer.status))).toEqual({ 200: 1, 409: 9 });
    expect(bookingCounts(ctx).requests).toBe(1);
  });

  it("lets a request and a direct loan of the same unit at the same moment not both win", async () => {
    const scenario = await loanScenario();
    const { client, ctx, student, camera } = scenario;
    const [request, loan] = await Promise.all([
      client.post("/api/richieste", { unit_id: unitIdOf(camera), dal: day(1), al: day(3) }, student.token),
      lendToLuca(scenario, [0], day(2), day(4)),
    ]);
    expect([request.status, loan.status].sort()).toEqual([200, 409]);
    const counts = bookingCounts(ctx);
    expect(counts.requests + counts.loans).toBe(1);
  });

  it("lets only one of many simultaneous direct loans of the same unit through", async () => {
    const scenario = await loanScenario();
    const { camera } = scenario;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => lendToLuca(scenario, [0, 1 + (i % 2)], day(1), day(2))),
    );
    expect(statusCounts(answers.map((answer) => answer.status))).toEqual({ 200: 1, 409: 9 });
    expect(loansHolding(scenario, unitIdOf(camera, 0))).toHaveLength(1);
  });
});

describe("simultaneous approvals", () => {
  it("approves one request only once when the desk clicks twice", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student, camera } = scenario;
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(2) });
    const answers = await Promise.all([
      client.put(`/api/prestiti/${request.id}/approva`, undefined, admin),
      client.put(`/api/prestiti/${request.id}/approva`, undefined, admin),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error).toBe("La richiesta è già stata gestita");
    expect(ctx.db.select().from(prestiti).all()).toHaveLength(1);
  });

  it("never turns two overlapping requests into two loans, even approved at the same moment", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student, classmate, camera } = scenario;
    const first = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 0), dal: day(1), al: day(3) });
    const second = await requestOk(client, classmate.token, { unit_id: unitIdOf(camera, 1), dal: day(2), al: day(4) });
    // Data from before the overlap rule could hold both on one unit.
    ctx.db
      .update(richieste)
      .set({ unitId: unitIdOf(camera, 0) })
      .where(eq(richieste.id, second.id))
      .run();
    const answers = await Promise.all(
      [first, second].map((request) => client.put(`/api/prestiti/${request.id}/approva`, undefined, admin)),
    );
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    expect(loansHolding(scenario, unitIdOf(camera, 0)).length).toBeLessThanOrEqual(1);
  });

  it("lets an approval and a direct loan of the same unit at the same moment not both win", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, camera } = scenario;
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(3) });
    const [approval, loan] = await Promise.all([
      client.put(`/api/prestiti/${request.id}/approva`, undefined, admin),
      lendToLuca(scenario, [0], day(3), day(4)),
    ]);
    expect([approval.status, loan.status].sort()).toEqual([200, 409]);
    expect(loansHolding(scenario, unitIdOf(camera))).toHaveLength(1);
  });

  it("approves and cancels the same request at the same moment consistently", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student, camera } = scenario;
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(2) });
    const [approval, cancellation] = await Promise.all([
      client.put(`/api/prestiti/${request.id}/approva`, undefined, admin),
      client.delete(`/api/richieste/${request.id}`, student.token),
    ]);
    expect([approval.status, cancellation.status].sort()).toEqual([200, 409]);
    const stored = ctx.db.select().from(richieste).where(eq(richieste.id, request.id)).get();
    const loans = ctx.db.select().from(prestiti).all();
    if (approval.status === 200) {
      expect(stored?.stato).toBe("approvata");
      expect(loans).toHaveLength(1);
    } else {
      expect(stored?.stato).toBe("annullata");
      expect(loans).toHaveLength(0);
    }
  });
});

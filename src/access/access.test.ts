import { describe, expect, it } from "bun:test";
import { and, asc, type SQL } from "drizzle-orm";
import type { Actor } from "../actor";
import { inventario, prestiti, richieste } from "../db/schema";
import type { Json } from "../testing/harness";
import {
  day,
  directLoanOk,
  type LoanScenario,
  loanScenario,
  requestOk,
  unitIdOf,
  userRow,
} from "../testing/loan-fixtures";
import { canSeeLoan, canSeeUser, isDesk, visibleItems, visibleItemsCondition, visibleLoans, visibleRequests } from ".";

/** The scenario's people as the services get them: the desk, Giulia and Luca (Fotografia), Sara (Design). */
function people(scenario: LoanScenario) {
  const row = (user: Json) => userRow(scenario.ctx, user.id as number);
  return {
    desk: row(scenario.adminUser),
    giulia: row(scenario.student.user),
    luca: row(scenario.classmate.user),
    sara: row(scenario.designStudent.user),
  };
}

/** Ids of the rows of `table` a condition selects, in order. */
function idsWhere(scenario: LoanScenario, table: typeof inventario | typeof prestiti | typeof richieste, where?: SQL) {
  return scenario.ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(where))
    .orderBy(asc(table.id))
    .all()
    .map((row) => row.id);
}

/** The desk lends `borrower` the camera's unit number `unit`; the loan's id. */
function lendCamera({ client, admin, camera }: LoanScenario, borrower: Actor, unit: number) {
  return directLoanOk(client, admin, {
    inventario_id: camera.id,
    unita_ids: [unitIdOf(camera, unit)],
    utente_id: borrower.id,
  });
}

describe("who may see what", () => {
  it("tells the desk from a student by role alone", async () => {
    const { desk, giulia } = people(await loanScenario());
    expect([isDesk(desk), isDesk(giulia)]).toEqual([true, false]);
  });

  it("shows the desk every item, a student their course's items, and a student with no course none", async () => {
    const scenario = await loanScenario();
    const { desk, giulia, sara } = people(scenario);
    const { camera, studioLight, tablet, plotter } = scenario;
    const courseless: Actor = { ...giulia, corsoAccademico: null };
    const seenBy = (person: Actor) => idsWhere(scenario, inventario, visibleItemsCondition(person));

    expect(seenBy(desk)).toEqual([camera.id, studioLight.id, tablet.id, plotter.id]);
    expect(seenBy(giulia)).toEqual([camera.id, studioLight.id, tablet.id]);
    expect(seenBy(sara)).toEqual([plotter.id]);
    expect(seenBy(courseless)).toEqual([]);
    expect([visibleItems(desk), visibleItems(sara), visibleItems(courseless)]).toEqual([
      { kind: "all" },
      { kind: "course", course: "Design" },
      { kind: "none" },
    ]);
  });

  it("shows a student only their own loans, even when they ask for everyone's; the desk all when it asks", async () => {
    const scenario = await loanScenario();
    const { desk, giulia, luca } = people(scenario);
    const giuliaLoan = await lendCamera(scenario, giulia, 0);
    const lucaLoan = await lendCamera(scenario, luca, 1);
    const seenBy = (person: Actor, everyone: boolean) =>
      idsWhere(scenario, prestiti, visibleLoans(person, { everyone }));

    expect(seenBy(giulia, true)).toEqual([giuliaLoan]);
    expect(seenBy(luca, false)).toEqual([lucaLoan]);
    expect(seenBy(desk, true)).toEqual([giuliaLoan, lucaLoan]);
    expect(seenBy(desk, false)).toEqual([]);
    expect([canSeeLoan(giulia, { utenteId: giulia.id }), canSeeLoan(giulia, { utenteId: luca.id })]).toEqual([
      true,
      false,
    ]);
    expect(canSeeLoan(desk, { utenteId: luca.id })).toBe(true);
  });

  it("shows a student only their own requests, even when they ask for everyone's; the desk all when it asks", async () => {
    const scenario = await loanScenario();
    const { client, camera, student, classmate } = scenario;
    const { desk, giulia } = people(scenario);
    const ask = async (token: string, unit: number) =>
      (await requestOk(client, token, { unit_id: unitIdOf(camera, unit), dal: day(1), al: day(2) })).id as number;
    const giuliaRequest = await ask(student.token, 0);
    const lucaRequest = await ask(classmate.token, 1);
    const seenBy = (person: Actor, everyone: boolean) =>
      idsWhere(scenario, richieste, visibleRequests(person, { everyone }));

    expect(seenBy(giulia, true)).toEqual([giuliaRequest]);
    expect(seenBy(desk, true)).toEqual([giuliaRequest, lucaRequest]);
  });

  it("shows a student only their own account and standing, the desk anyone's", async () => {
    const { desk, giulia, luca } = people(await loanScenario());
    expect([canSeeUser(giulia, giulia.id), canSeeUser(giulia, luca.id), canSeeUser(desk, luca.id)]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it("is what the routes answer: a student asking for everyone's loans gets their own, another's loan is not found", async () => {
    const scenario = await loanScenario();
    const { client, student } = scenario;
    const { giulia, luca } = people(scenario);
    const giuliaLoan = await lendCamera(scenario, giulia, 0);
    const lucaLoan = await lendCamera(scenario, luca, 1);

    const listed = await client.get("/api/prestiti?all=1", student.token);
    expect((listed.body as Array<{ id: number }>).map((loan) => loan.id)).toEqual([giuliaLoan]);
    expect((await client.get(`/api/prestiti/${lucaLoan}/units`, student.token)).status).toBe(404);
    expect((await client.get(`/api/prestiti/${giuliaLoan}/units`, student.token)).status).toBe(200);
  });
});

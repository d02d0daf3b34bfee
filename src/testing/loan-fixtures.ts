import { eq } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AppContext } from "../context";
import { auditLog, penalita, prestiti, prestitiUnita, richieste, users } from "../db/schema";
import { addDays } from "../domain/dates";
import { AUTOMATIC_BLOCK_REASON } from "../domain/loan-rules";
import { createTestClient, type Json, registerStudent, signInAdmin, type TestClient } from "./harness";
import { createItem, rowCount } from "./inventory-fixtures";

/** The harness clock starts on this academy day (2026-03-10T09:00Z is 10:00 in Rome). */
export const TODAY = "2026-03-10";

export const day = (offset: number) => addDays(TODAY, offset);

/** Moves the clock to 10:00 (Rome) of `isoDate`. */
export function travelToDay(ctx: AppContext, isoDate: string) {
  ctx.clock.travelTo(new Date(`${isoDate}T09:00:00Z`));
}

/**
 * The lending desk of a photography department: one administrator, two photography students, a
 * design student, and items of every loan type.
 */
export async function loanScenario() {
  const client = createTestClient();
  const admin = await signInAdmin(client);
  const student = await registerStudent(client, { name: "Giulia", surname: "Rossi", corso_accademico: "Fotografia" });
  const classmate = await registerStudent(client, { name: "Luca", surname: "Verdi", corso_accademico: "Fotografia" });
  const designStudent = await registerStudent(client, { name: "Sara", surname: "Neri", corso_accademico: "Design" });
  const camera = await createItem(client, admin.token, {
    nome: "Fotocamera Canon",
    quantita_totale: 3,
    tipo_prestito: "solo_esterno",
  });
  const studioLight = await createItem(client, admin.token, {
    nome: "Luce da studio",
    quantita_totale: 1,
    tipo_prestito: "solo_interno",
  });
  const tablet = await createItem(client, admin.token, {
    nome: "Tavoletta grafica",
    quantita_totale: 1,
    tipo_prestito: "entrambi",
  });
  const plotter = await createItem(client, admin.token, {
    nome: "Plotter",
    quantita_totale: 1,
    tipo_prestito: "solo_esterno",
    corsi_assegnati: ["Design"],
  });
  return {
    client,
    ctx: client.ctx,
    admin: admin.token,
    adminUser: admin.user,
    student,
    classmate,
    designStudent,
    camera,
    studioLight,
    tablet,
    plotter,
  };
}

export type LoanScenario = Awaited<ReturnType<typeof loanScenario>>;

export function unitIdOf(item: Json, index = 0): number {
  const unit = item.unita[index];
  if (!unit) throw new Error(`item ${item.nome} has no unit #${index}`);
  return unit.id;
}

/** A student's request through the API; throws unless it was accepted. */
export async function requestOk(client: TestClient, token: string, body: Record<string, unknown>): Promise<Json> {
  const answer = await client.post("/api/richieste", { note: null, tipo_utilizzo: null, ...body }, token);
  if (answer.status !== 200) throw new Error(`request refused (${answer.status}): ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Approves a request; the student collects at once when the loan starts today (`handOver: false` to wait). */
export async function approveOk(
  client: TestClient,
  adminToken: string,
  requestId: number,
  { handOver = true } = {},
): Promise<Json> {
  const answer = await client.put(`/api/prestiti/${requestId}/approva`, undefined, adminToken);
  if (answer.status !== 200) throw new Error(`approval refused (${answer.status}): ${JSON.stringify(answer.body)}`);
  const loan = loanRow(client.ctx, answer.body.loanId);
  if (handOver && loan && loan.dataUscita <= client.ctx.clock.today()) await handOverOk(client, adminToken, loan.id);
  return answer.body;
}

/**
 * The scenario's student asks for the camera's unit number `unit` from `from` to `to`, and the desk approves
 * it (a loan starting today is handed over at once): the approval, with its `loanId`.
 */
export async function approvedCameraRequest(scenario: LoanScenario, from: string, to: string, unit = 0): Promise<Json> {
  const { client, admin, student, camera } = scenario;
  const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera, unit), dal: from, al: to });
  return approveOk(client, admin, request.id);
}

export async function handOverOk(client: TestClient, adminToken: string, loanId: number): Promise<Json> {
  const answer = await client.put(`/api/prestiti/${loanId}/consegna`, undefined, adminToken);
  if (answer.status !== 200) throw new Error(`hand-over refused (${answer.status}): ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A direct loan through the API (from today to today unless told, handed over when it starts today); throws unless it was created. Returns its id. */
export async function directLoanOk(
  client: TestClient,
  adminToken: string,
  body: { inventario_id: number; unita_ids: number[]; utente_id?: number | null } & Record<string, unknown>,
): Promise<number> {
  const today = client.ctx.clock.today();
  const answer = await client.post(
    "/api/prestiti",
    {
      chi: "",
      data_uscita: today,
      data_rientro: today,
      tipo_utilizzo: null,
      note: null,
      // The borrower takes a loan starting today at once, as at the desk.
      consegna: (body.data_uscita ?? today) === today,
      ...body,
    },
    adminToken,
  );
  if (answer.status !== 200) throw new Error(`direct loan refused (${answer.status}): ${JSON.stringify(answer.body)}`);
  return answer.body.loanId;
}

/**
 * `to` (the scenario's student, Giulia, unless told) takes camera unit `unit` (#1 unless told) from the desk
 * today, due back on `dueBack` (today unless told); returns the loan's id.
 */
export function lendCamera(
  scenario: LoanScenario,
  { unit = 0, to = scenario.student, dueBack = scenario.ctx.clock.today() }: LentCamera = {},
): Promise<number> {
  return directLoanOk(scenario.client, scenario.admin, {
    inventario_id: scenario.camera.id,
    unita_ids: [unitIdOf(scenario.camera, unit)],
    utente_id: to.user.id,
    data_rientro: dueBack,
  });
}

interface LentCamera {
  unit?: number;
  to?: { user: Json };
  dueBack?: string;
}

/** Giulia takes camera #1 from the desk today, due back on `dueBack` (today unless told); returns the loan's id. */
export function lendCameraToStudent(scenario: LoanScenario, dueBack = scenario.ctx.clock.today()): Promise<number> {
  return lendCamera(scenario, { dueBack });
}

/** Giulia holds camera #1 from today to day 4; Luca has booked the same unit from day 8 to day 10. */
export async function cameraLentThenBooked() {
  const scenario = await loanScenario();
  const loanId = await lendCameraToStudent(scenario, day(4));
  const nextBooking = await requestOk(scenario.client, scenario.classmate.token, {
    unit_id: unitIdOf(scenario.camera),
    dal: day(8),
    al: day(10),
  });
  return { ...scenario, loanId, nextBooking };
}

export async function returnOk(client: TestClient, adminToken: string, loanId: number): Promise<Json> {
  const answer = await client.put(`/api/prestiti/${loanId}/restituisci`, undefined, adminToken);
  if (answer.status !== 200) throw new Error(`return refused (${answer.status}): ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The states of an item's units as the API shows them, by unit code. */
export async function unitStates(client: TestClient, token: string, itemId: number): Promise<Record<string, string>> {
  const answer = await client.get(`/api/inventario/${itemId}/units`, token);
  if (answer.status !== 200) throw new Error(`units unreadable (${answer.status}): ${JSON.stringify(answer.body)}`);
  return Object.fromEntries((answer.body as Json[]).map((unit) => [unit.codice_univoco, unit.stato]));
}

export function requestRow(ctx: AppContext, id: number) {
  return ctx.db.select().from(richieste).where(eq(richieste.id, id)).get();
}

/** The units an item's requests hold, sorted. */
export function requestedUnitIds(ctx: AppContext, itemId: number): number[] {
  return ctx.db
    .select({ unitId: richieste.unitId })
    .from(richieste)
    .where(eq(richieste.inventarioId, itemId))
    .all()
    .map((row) => row.unitId)
    .sort();
}

export function loanRow(ctx: AppContext, id: number) {
  return ctx.db.select().from(prestiti).where(eq(prestiti.id, id)).get();
}

export function userRow(ctx: AppContext, id: number) {
  const user = ctx.db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw new Error(`no user ${id}`);
  return user;
}

/** Blocks a user the way three strikes would, without going through three late returns. */
export function blockUser(ctx: AppContext, userId: number, strikes = 3) {
  ctx.db
    .update(users)
    .set({ isBlocked: true, blockedReason: AUTOMATIC_BLOCK_REASON, penaltyStrikes: strikes })
    .where(eq(users.id, userId))
    .run();
}

/** Row counts of the booking tables, to prove a refused change stored nothing. */
export function bookingCounts(ctx: AppContext) {
  const countOf = (table: SQLiteTable) => rowCount(ctx, table);
  return {
    requests: countOf(richieste),
    loans: countOf(prestiti),
    loanUnits: countOf(prestitiUnita),
    penalties: countOf(penalita),
    audit: countOf(auditLog),
  };
}

export function auditRows(ctx: AppContext) {
  return ctx.db.select().from(auditLog).orderBy(auditLog.id).all();
}

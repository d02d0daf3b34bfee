import { describe, expect, it } from "bun:test";
import { sql } from "drizzle-orm";
import { users } from "../../db/schema";
import { signInAdmin } from "../../testing/harness";
import {
  day,
  type LoanScenario,
  lendCameraToStudent,
  loanScenario,
  requestOk,
  returnOk,
  travelToDay,
  unitIdOf,
} from "../../testing/loan-fixtures";
import { MAX_STREAMS_PER_USER } from "./index";

/** Opens the desk's stream and reads it event by event, as the browser does. */
async function openStream(scenario: LoanScenario, token = scenario.admin) {
  const response = await scenario.client.app.handle(
    new Request("http://localhost/api/eventi", { headers: { authorization: `Bearer ${token}` } }),
  );
  if (!response.body) throw new Error(`no stream (${response.status})`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  async function nextBlock(): Promise<string> {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return block;
      }
      const { value, done } = await reader.read();
      if (done) return "";
      buffer += decoder.decode(value, { stream: true });
    }
  }
  expect(await nextBlock()).toBe(": connesso");
  return {
    response,
    async nextEvent() {
      const block = await nextBlock();
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return { type, data: data ? JSON.parse(data) : null };
    },
    close: () => reader.cancel(),
  };
}

describe("the live desk stream", () => {
  it("is for the desk only", async () => {
    const scenario = await loanScenario();
    expect((await scenario.client.get("/api/eventi")).status).toBe(401);
    expect((await scenario.client.get("/api/eventi", scenario.student.token)).status).toBe(403);
    const stream = await openStream(scenario);
    expect(stream.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    await stream.close();
  });

  it("pushes a new request, a report, a return and the block it causes, as they happen", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, camera, ctx } = scenario;
    const stream = await openStream(scenario);
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 1), dal: day(1), al: day(2) });
    expect(await stream.nextEvent()).toEqual({
      type: "richiesta",
      data: { tipo: "richiesta", id: request.id, testo: "Giulia Rossi ha richiesto Fotocamera Canon" },
    });

    const loanId = await lendCameraToStudent(scenario);
    const report = await client.post(
      "/api/segnalazioni",
      { prestito_id: loanId, unit_id: unitIdOf(camera), tipo: "guasto", urgenza: "alta", messaggio: "Non si accende" },
      student.token,
    );
    expect(report.status).toBe(200);
    expect(await stream.nextEvent()).toMatchObject({
      type: "segnalazione",
      data: { id: report.body.id, testo: "Giulia Rossi ha segnalato un problema: Fotocamera Canon" },
    });

    travelToDay(ctx, day(8));
    await returnOk(client, admin, loanId);
    expect(await stream.nextEvent()).toMatchObject({
      type: "restituzione",
      data: { id: loanId, testo: "Giulia Rossi ha restituito Fotocamera Canon" },
    });
    expect(await stream.nextEvent()).toMatchObject({
      type: "blocco",
      data: { id: student.user.id, testo: "Giulia Rossi è stato bloccato: 3 penalità" },
    });
    await stream.close();
  });

  it("holds nothing once the client leaves, and closes every stream at shutdown", async () => {
    const scenario = await loanScenario();
    const first = await openStream(scenario);
    const second = await openStream(scenario);
    expect(scenario.ctx.events.listeners).toBe(2);
    await first.close();
    expect(scenario.ctx.events.listeners).toBe(1);
    scenario.ctx.events.closeAll();
    expect(await second.nextEvent()).toEqual({ type: undefined, data: null });
    expect(scenario.ctx.events.listeners).toBe(0);
  });

  it("ends when its session ends with a password change, and carries no later event", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, camera } = scenario;
    const stream = await openStream(scenario);
    const changed = await client.put(
      "/api/auth/password",
      { password_attuale: "Banco-Prestiti-2026", nuova_password: "Sportello-Nuovo-2026" },
      admin,
    );
    expect(changed.status).toBe(200);
    // The read ends at once, before anything else happens.
    expect(await stream.nextEvent()).toEqual({ type: undefined, data: null });
    expect(scenario.ctx.events.listeners).toBe(0);
    await requestOk(client, student.token, { unit_id: unitIdOf(camera, 1), dal: day(1), al: day(2) });
    expect(await stream.nextEvent()).toEqual({ type: undefined, data: null });
    // The new session opens a stream again.
    await (await openStream(scenario, changed.body.token)).close();
  });

  it("ends when the desk resets its owner's password, and leaves other people's streams open", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, camera } = scenario;
    const colleague = await signInAdmin(client, "collega@accademia.it");
    const colleagueStream = await openStream(scenario, colleague.token);
    const ownStream = await openStream(scenario);
    const reset = await client.put(
      `/api/auth/users/${colleague.user.id}/reset-password`,
      { newPassword: "Collega-Nuova-2026" },
      admin,
    );
    expect(reset.status).toBe(200);
    expect(await colleagueStream.nextEvent()).toEqual({ type: undefined, data: null });
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 1), dal: day(1), al: day(2) });
    expect(await ownStream.nextEvent()).toMatchObject({ type: "richiesta", data: { id: request.id } });
    await ownStream.close();
  });

  it("sends nothing more once its session ended outside this process (the command line)", async () => {
    const scenario = await loanScenario();
    const { client, student, camera, ctx } = scenario;
    const stream = await openStream(scenario);
    // `prestalab create-admin` run beside the server bumps the version in the database only.
    ctx.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(sql`${users.ruolo} = 'admin'`)
      .run();
    await requestOk(client, student.token, { unit_id: unitIdOf(camera, 1), dal: day(1), al: day(2) });
    expect(await stream.nextEvent()).toEqual({ type: undefined, data: null });
    expect(ctx.events.listeners).toBe(0);
  });

  it(`holds at most ${MAX_STREAMS_PER_USER} streams per person: one more is refused with 429`, async () => {
    const scenario = await loanScenario();
    const { client, ctx } = scenario;
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(scenario));
    const refused = await client.get("/api/eventi", scenario.admin);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(
      "Aggiornamenti in tempo reale già aperti in 5 schede: chiudine una per riceverli anche qui",
    );
    // Another person's stream is not counted against this one.
    const colleague = await signInAdmin(client, "collega@accademia.it");
    const colleagueStream = await openStream(scenario, colleague.token);
    // Closing a tab frees its place.
    await streams[0]?.close();
    const again = await openStream(scenario);
    expect(ctx.events.listeners).toBe(MAX_STREAMS_PER_USER + 1);
    for (const stream of [...streams.slice(1), again, colleagueStream]) await stream.close();
  });
});

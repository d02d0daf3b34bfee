import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { notifiche, postaInUscita, prestiti } from "../../db/schema";
import { saveSettings } from "../../testing/desk-settings";
import type { Json } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import {
  auditRows,
  blockUser,
  cameraLentThenBooked,
  day,
  type LoanScenario,
  lendCamera,
  loanScenario,
  requestOk,
  returnOk,
  travelToDay,
  unitIdOf,
} from "../../testing/loan-fixtures";

const ask = (scenario: LoanScenario, loanId: number, al: string, token = scenario.student.token) =>
  scenario.client.post(`/api/prestiti/${loanId}/proroga`, { al, motivo: "Riprese da finire" }, token);

const extendAtDesk = (scenario: LoanScenario, loanId: number, al: string) =>
  scenario.client.put(`/api/prestiti/${loanId}/proroga`, { al }, scenario.admin);

async function loanOf(scenario: LoanScenario, loanId: number, token = scenario.admin): Promise<Json> {
  const answer = await scenario.client.get(`/api/prestiti/${loanId}`, token);
  expect(answer.status).toBe(200);
  return answer.body;
}

const notificationsOf = (scenario: LoanScenario, userId: number) =>
  scenario.ctx.db.select().from(notifiche).where(eq(notifiche.utenteId, userId)).all();

describe("a student asks to extend a loan, the desk decides", () => {
  it("asks with a date and a reason: 201 with the pending extension, and the desk lists it", async () => {
    const scenario = await cameraLentThenBooked();
    const answer = await ask(scenario, scenario.loanId, day(6));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ prestito_id: scenario.loanId, al: day(6), stato: "in_attesa" });
    expect(answer.body.id).toBeGreaterThan(0);
    const pending = await scenario.client.get("/api/proroghe?stato=in_attesa", scenario.admin);
    expect(pending.body).toMatchObject([
      { id: answer.body.id, utente_nome: "Giulia Rossi", articolo_nome: "Fotocamera Canon", dal: day(4), al: day(6) },
    ]);
    // Asking moves nothing yet.
    expect((await loanOf(scenario, scenario.loanId)).data_rientro).toBe(day(4));
    // Another student sees none of it, and cannot ask on Giulia's loan.
    expect((await scenario.client.get("/api/proroghe", scenario.classmate.token)).body).toEqual([]);
    expect((await ask(scenario, scenario.loanId, day(6), scenario.classmate.token)).status).toBe(404);
  });

  it("approved: data_rientro is the new date, data_rientro_originale the first one; audited, notified and mailed", async () => {
    const scenario = await cameraLentThenBooked();
    // Mail set up: the notice is queued for sending (no server is reached here).
    await saveSettings(scenario, { smtp_url: "smtp://mail.accademia.it:25", mail_from: "prestiti@accademia.it" });
    const { body: extension } = await ask(scenario, scenario.loanId, day(6));
    const approved = await scenario.client.put(`/api/proroghe/${extension.id}/approva`, undefined, scenario.admin);
    expect(approved.status).toBe(200);
    expect(approved.body.proroga).toMatchObject({ stato: "approvata", dal: day(4), al: day(6) });
    const loan = await loanOf(scenario, scenario.loanId, scenario.student.token);
    expect(loan).toMatchObject({ data_rientro: day(6), data_rientro_originale: day(4), stato: "attivo" });
    expect(auditRows(scenario.ctx).map((row) => row.action)).toContain("loan.extend");
    expect(auditRows(scenario.ctx).find((row) => row.action === "loan.extend")?.summary).toContain(
      "data di rientro originale 14/03/2026",
    );
    expect(notificationsOf(scenario, scenario.student.user.id)).toContainEqual(
      expect.objectContaining({ tipo: "proroga_approvata", titolo: "Proroga approvata" }),
    );
    const mailed = scenario.ctx.db.select().from(postaInUscita).all();
    expect(mailed).toContainEqual(
      expect.objectContaining({
        destinatario: scenario.student.user.email,
        oggetto: expect.stringContaining("Proroga approvata"),
      }),
    );
    // A second decision on the same request is refused.
    const again = await scenario.client.put(`/api/proroghe/${extension.id}/approva`, undefined, scenario.admin);
    expect(again.status).toBe(409);
  });

  it("refused with a reason: the student reads it and the date stays", async () => {
    const scenario = await cameraLentThenBooked();
    const { body: extension } = await ask(scenario, scenario.loanId, day(6));
    const noReason = await scenario.client.put(
      `/api/proroghe/${extension.id}/rifiuta`,
      { motivo: " " },
      scenario.admin,
    );
    expect(noReason.status).toBe(400);
    const refused = await scenario.client.put(
      `/api/proroghe/${extension.id}/rifiuta`,
      { motivo: "Serve per l'esame" },
      scenario.admin,
    );
    expect(refused.status).toBe(200);
    expect(refused.body.proroga).toMatchObject({ stato: "rifiutata", motivo_rifiuto: "Serve per l'esame" });
    expect((await loanOf(scenario, scenario.loanId)).data_rientro).toBe(day(4));
    const [notice] = notificationsOf(scenario, scenario.student.user.id).filter(
      (row) => row.tipo === "proroga_rifiutata",
    );
    expect(notice?.messaggio).toContain("Motivo: Serve per l'esame");
  });

  it("one pending request at a time, and a reason is needed", async () => {
    const scenario = await cameraLentThenBooked();
    const noReason = await scenario.client.post(
      `/api/prestiti/${scenario.loanId}/proroga`,
      { al: day(6), motivo: "" },
      scenario.student.token,
    );
    expect(noReason.status).toBe(400);
    expect((await ask(scenario, scenario.loanId, day(6))).status).toBe(201);
    const second = await ask(scenario, scenario.loanId, day(7));
    expect(second.status).toBe(409);
  });
});

describe("the rules of a booking apply to the days an extension adds", () => {
  it("a collision with the next booking answers 409 naming its date, for the student and the desk", async () => {
    const scenario = await cameraLentThenBooked();
    const asked = await ask(scenario, scenario.loanId, day(9));
    expect(asked.status).toBe(409);
    expect(asked.body.error).toStartWith("L'unità ");
    expect(asked.body.error).toContain("è prenotata dal 18/03/2026: la proroga può arrivare al massimo al 17/03/2026");
    const direct = await extendAtDesk(scenario, scenario.loanId, day(8));
    expect(direct.status).toBe(409);
    expect(direct.body.error).toContain("prenotata dal 18/03/2026");
    // Up to the day before the next booking is fine.
    expect((await extendAtDesk(scenario, scenario.loanId, day(7))).status).toBe(200);
  });

  it("checks again at approval: a booking made after the request wins", async () => {
    const scenario = await cameraLentThenBooked();
    const { body: extension } = await ask(scenario, scenario.loanId, day(6));
    await requestOk(scenario.client, scenario.classmate.token, {
      unit_id: unitIdOf(scenario.camera),
      dal: day(5),
      al: day(5),
    });
    const approved = await scenario.client.put(`/api/proroghe/${extension.id}/approva`, undefined, scenario.admin);
    expect(approved.status).toBe(409);
    expect(approved.body.error).toContain("prenotata dal 15/03/2026");
  });

  it("keeps within the longest loan", async () => {
    const scenario = await cameraLentThenBooked();
    // Counted from the loan's start (today): up to day 5 is six days.
    await saveSettings(scenario, { durata_massima_giorni: 6 });
    const tooLong = await ask(scenario, scenario.loanId, day(6));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe("Il prestito può durare al massimo 6 giorni");
    expect((await ask(scenario, scenario.loanId, day(5))).status).toBe(201);
  });

  it("never ends on a closure", async () => {
    const scenario = await cameraLentThenBooked();
    await saveSettings(scenario, { chiusure: [{ dal: day(6), al: day(6), motivo: "Festa del patrono" }] });
    const closed = await ask(scenario, scenario.loanId, day(6));
    expect(closed.status).toBe(400);
    expect(closed.body.error).toContain("l'accademia è chiusa (Festa del patrono)");
  });

  it("goes beyond the current due date, and not into the past", async () => {
    const scenario = await cameraLentThenBooked();
    const earlier = await ask(scenario, scenario.loanId, day(3));
    expect(earlier.status).toBe(400);
    expect(earlier.body.error).toBe("La nuova data di rientro deve essere successiva a quella attuale (14/03/2026)");
    const badDay = await ask(scenario, scenario.loanId, "2026-02-30");
    expect(badDay.status).toBe(400);
  });
});

describe("who may extend", () => {
  it("a blocked student cannot ask", async () => {
    const scenario = await cameraLentThenBooked();
    blockUser(scenario.ctx, scenario.student.user.id);
    const answer = await ask(scenario, scenario.loanId, day(6));
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: "Account bloccato", blocked: true });
    expect((await extendAtDesk(scenario, scenario.loanId, day(6))).status).toBe(403);
  });

  it("a student with another overdue loan cannot ask", async () => {
    const scenario = await cameraLentThenBooked();
    await lendCamera(scenario, { unit: 1, dueBack: day(1) });
    travelToDay(scenario.ctx, day(2));
    const answer = await ask(scenario, scenario.loanId, day(6));
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe("Hai un prestito scaduto: restituiscilo prima di chiedere una proroga");
  });

  it("an overdue loan: the student cannot, the desk can, and its lateness so far is kept", async () => {
    const scenario = await cameraLentThenBooked();
    travelToDay(scenario.ctx, day(6)); // two days late
    const asked = await ask(scenario, scenario.loanId, day(7));
    expect(asked.status).toBe(403);
    expect(asked.body.error).toStartWith("Il prestito è scaduto: solo il banco può prorogarlo");
    const extended = await extendAtDesk(scenario, scenario.loanId, day(7));
    expect(extended.status).toBe(200);
    const loan = await loanOf(scenario, scenario.loanId);
    expect(loan).toMatchObject({
      stato: "attivo",
      data_rientro: day(7),
      data_rientro_originale: day(4),
      giorni_ritardo: 2,
    });
    // Returned on the new due date: the two days already late still count, and earn their strike.
    travelToDay(scenario.ctx, day(7));
    const returned = await returnOk(scenario.client, scenario.admin, scenario.loanId);
    expect(returned).toMatchObject({ giorni_ritardo: 2, strike: 1 });
  });
});

describe("a set extends as a whole", () => {
  it("one request on any line moves every open line and the set, with the same rules on each unit", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, classmate, camera } = scenario;
    const tripod = await createItem(client, admin, {
      nome: "Treppiede",
      quantita_totale: 1,
      tipo_prestito: "solo_esterno",
    });
    const booked = await client.post(
      "/api/prenotazioni",
      { dal: day(0), al: day(2), righe: [{ inventario_id: camera.id }, { inventario_id: tripod.id }] },
      student.token,
    );
    expect(booked.status).toBe(200);
    const set = booked.body;
    expect((await client.put(`/api/prenotazioni/${set.id}/approva`, undefined, admin)).status).toBe(200);
    const handedOver = await client.put(
      `/api/prenotazioni/${set.id}/consegna`,
      { unita_ids: set.righe.map((line: Json) => line.unit_id) },
      admin,
    );
    expect(handedOver.status).toBe(200);
    const lines = scenario.ctx.db.select().from(prestiti).where(eq(prestiti.prenotazioneId, set.id)).all();
    expect(lines).toHaveLength(2);
    const [cameraLine, tripodLine] = lines as [typeof prestiti.$inferSelect, typeof prestiti.$inferSelect];
    // The tripod is booked by Luca from day 5: the set cannot go past day 4, whichever line is asked on.
    await requestOk(client, classmate.token, { unit_id: unitIdOf(tripod), dal: day(5), al: day(5) });
    const blocked = await ask(scenario, cameraLine.id, day(6));
    expect(blocked.status).toBe(409);
    expect(blocked.body.error).toContain("prenotata dal 15/03/2026");
    const asked = await ask(scenario, cameraLine.id, day(4));
    expect(asked.status).toBe(201);
    expect(asked.body.prenotazione_id).toBe(set.id);
    expect(asked.body.unita).toHaveLength(2);
    // One request for the set: asking again on the other line is the same request.
    expect((await ask(scenario, tripodLine.id, day(3))).status).toBe(409);
    expect((await client.put(`/api/proroghe/${asked.body.id}/approva`, undefined, admin)).status).toBe(200);
    for (const line of lines)
      expect(await loanOf(scenario, line.id)).toMatchObject({ data_rientro: day(4), data_rientro_originale: day(2) });
    const view = await client.get(`/api/prenotazioni/${set.id}`, student.token);
    expect(view.body.al).toBe(day(4));
  });
});

describe("the iCal feed moves with the extension", () => {
  it("shows the new due date once extended", async () => {
    const scenario = await cameraLentThenBooked();
    expect((await extendAtDesk(scenario, scenario.loanId, day(6))).status).toBe(200);
    const { url } = (await scenario.client.get("/api/calendario", scenario.student.token)).body;
    const response = await scenario.client.app.handle(new Request(`http://localhost${new URL(url).pathname}`));
    const feed = await response.text();
    expect(feed).toContain(`rientro-${scenario.loanId}@prestalab`);
    expect(feed).toContain(`DTSTART;VALUE=DATE:${day(6).replaceAll("-", "")}`);
    expect(feed).not.toContain(`DTSTART;VALUE=DATE:${day(4).replaceAll("-", "")}`);
  });
});

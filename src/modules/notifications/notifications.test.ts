import { describe, expect, it } from "bun:test";
import { formatItalianDate } from "../../domain/dates";
import type { Json, TestClient } from "../../testing/harness";
import {
  approvedCameraRequest,
  approveOk,
  day,
  type LoanScenario,
  loanScenario,
  requestOk,
  returnOk,
  TODAY,
  travelToDay,
  unitIdOf,
} from "../../testing/loan-fixtures";
import { markOverdueLoans } from "../loans/overdue-job";

async function notificationsOf(client: TestClient, token: string): Promise<Json> {
  const answer = await client.get("/api/notifiche", token);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The student borrows the first camera unit and reports it broken: the loan's id and the report's answer. */
async function brokenCameraOnLoan(scenario: LoanScenario) {
  const { client, student, camera } = scenario;
  const { loanId } = await approvedCameraRequest(scenario, TODAY, day(2));
  const report = await client.post(
    "/api/segnalazioni",
    {
      tipo: "guasto",
      urgenza: "alta",
      messaggio: "Non si accende",
      inventario_id: camera.id,
      unit_id: unitIdOf(camera),
      prestito_id: loanId,
    },
    student.token,
  );
  expect(report.status).toBe(200);
  return { loanId, report };
}

const kinds = (list: Json) => list.notifiche.map((notification: { tipo: string }) => notification.tipo);

describe("a student's notifications", () => {
  it("tell the student, and only them, that a request was approved", async () => {
    const { client, admin, student, classmate, camera } = await loanScenario();
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(3) });
    await approveOk(client, admin, request.id);
    const mine = await notificationsOf(client, student.token);
    expect(mine.non_lette).toBe(1);
    expect(mine.notifiche).toEqual([
      {
        id: expect.any(Number),
        tipo: "richiesta_approvata",
        titolo: "Richiesta approvata",
        messaggio: `La tua richiesta di Fotocamera Canon (${camera.unita[0].codice_univoco}) dal ${formatItalianDate(day(1))} al ${formatItalianDate(day(3))} è stata approvata.`,
        link: "/miei-prestiti",
        letta: false,
        created_at: expect.any(String),
      },
    ]);
    expect(await notificationsOf(client, classmate.token)).toEqual({ notifiche: [], non_lette: 0 });
    expect(await notificationsOf(client, admin)).toEqual({ notifiche: [], non_lette: 0 });
  });

  it("tell the student a request was refused, with the reason", async () => {
    const { client, admin, student, camera } = await loanScenario();
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(1) });
    await client.put(`/api/prestiti/${request.id}/rifiuta`, { motivo_rifiuto: "Serve per l'esame di giugno" }, admin);
    const [refused] = (await notificationsOf(client, student.token)).notifiche;
    expect(refused).toMatchObject({ tipo: "richiesta_rifiutata", link: "/miei-prestiti?tab=rifiutati" });
    expect(refused.messaggio).toEndWith("è stata rifiutata. Motivo: Serve per l'esame di giugno");
  });

  it("remind the borrower the day before the due date, and once overdue, each only once", async () => {
    const { client, ctx, admin, student, classmate, camera } = await loanScenario();
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: TODAY, al: day(2) });
    await approveOk(client, admin, request.id);
    markOverdueLoans(ctx);
    expect(kinds(await notificationsOf(client, student.token))).toEqual(["richiesta_approvata"]);
    travelToDay(ctx, day(1));
    markOverdueLoans(ctx);
    markOverdueLoans(ctx);
    expect(kinds(await notificationsOf(client, student.token))).toEqual(["scadenza_domani", "richiesta_approvata"]);
    travelToDay(ctx, day(3));
    expect(markOverdueLoans(ctx)).toBe(1);
    markOverdueLoans(ctx);
    const list = await notificationsOf(client, student.token);
    expect(kinds(list)).toEqual(["prestito_scaduto", "scadenza_domani", "richiesta_approvata"]);
    expect(list.notifiche[0].messaggio).toStartWith(`Il prestito #`);
    expect(list.notifiche[0].messaggio).toContain(`doveva rientrare il ${formatItalianDate(day(2))}`);
    expect(await notificationsOf(client, classmate.token)).toEqual({ notifiche: [], non_lette: 0 });
  });

  it("tell of each strike, of the block at three strikes, and of the unblock", async () => {
    const { client, ctx, admin, student, camera } = await loanScenario();
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: TODAY, al: TODAY });
    const { loanId } = await approveOk(client, admin, request.id);
    travelToDay(ctx, day(8));
    await returnOk(client, admin, loanId);
    const afterReturn = await notificationsOf(client, student.token);
    expect(kinds(afterReturn)).toEqual(["account_bloccato", "penalita", "richiesta_approvata"]);
    const strike = afterReturn.notifiche.find((notification: Json) => notification.tipo === "penalita");
    expect(strike).toMatchObject({
      titolo: "Hai ricevuto 3 penalità",
      messaggio: "Ritardo di 8 giorni nella restituzione di Fotocamera Canon. Penalità totali: 3.",
    });
    await client.post("/api/penalties/unblock-user", { userId: student.user.id, resetStrikes: true }, admin);
    const [unblocked] = (await notificationsOf(client, student.token)).notifiche;
    expect(unblocked).toMatchObject({
      tipo: "account_sbloccato",
      messaggio: "Il tuo account è di nuovo attivo e le penalità sono state azzerate.",
    });
  });

  it("tell the reporter when their report changes state", async () => {
    const scenario = await loanScenario();
    const { client, admin, student } = scenario;
    const { report } = await brokenCameraOnLoan(scenario);
    await client.put(`/api/segnalazioni/${report.body.id}`, { stato: "chiusa" }, admin);
    expect((await notificationsOf(client, student.token)).notifiche[0].messaggio).toBe(
      `La tua segnalazione #${report.body.id} è ora: Chiusa.`,
    );
  });

  it("tell the reporter when a repair opened from their report starts and ends", async () => {
    const scenario = await loanScenario();
    const { client, admin, student } = scenario;
    const { loanId, report } = await brokenCameraOnLoan(scenario);
    await returnOk(client, admin, loanId);
    const repair = await client.post(`/api/segnalazioni/${report.body.id}/riparazione`, {}, admin);
    expect(repair.status).toBe(200);
    await client.put(`/api/riparazioni/${repair.body.id}`, { stato: "completata" }, admin);
    const list = await notificationsOf(client, student.token);
    expect(list.notifiche.slice(0, 2).map((notification: Json) => notification.messaggio)).toEqual([
      `La tua segnalazione #${report.body.id} è ora: Risolta.`,
      `La tua segnalazione #${report.body.id} è ora: In Corso.`,
    ]);
  });
});

describe("reading and deleting notifications", () => {
  async function approvedScenario() {
    const scenario = await loanScenario();
    await approvedCameraRequest(scenario, day(1), day(1));
    const [notification] = (await notificationsOf(scenario.client, scenario.student.token)).notifiche;
    return { ...scenario, notificationId: notification.id as number };
  }

  it("marks one's own notification read, once or twice alike", async () => {
    const { client, student, notificationId } = await approvedScenario();
    for (let i = 0; i < 2; i++) {
      const answer = await client.put(`/api/notifiche/${notificationId}/letta`, undefined, student.token);
      expect(answer).toMatchObject({ status: 200, body: { message: "Notifica segnata come letta" } });
    }
    const list = await notificationsOf(client, student.token);
    expect(list.non_lette).toBe(0);
    expect(list.notifiche[0].letta).toBe(true);
  });

  it("marks all of one's notifications read", async () => {
    const { client, student } = await approvedScenario();
    expect((await client.put("/api/notifiche/tutte-lette", undefined, student.token)).status).toBe(200);
    expect((await notificationsOf(client, student.token)).non_lette).toBe(0);
  });

  it("deletes one's own notification", async () => {
    const { client, student, notificationId } = await approvedScenario();
    const answer = await client.delete(`/api/notifiche/${notificationId}`, student.token);
    expect(answer).toMatchObject({ status: 200, body: { message: "Notifica eliminata" } });
    expect((await notificationsOf(client, student.token)).notifiche).toEqual([]);
    expect((await client.delete(`/api/notifiche/${notificationId}`, student.token)).status).toBe(404);
  });

  it("treats another person's notification as missing, and asks for a session", async () => {
    const { client, admin, student, classmate, notificationId } = await approvedScenario();
    for (const token of [classmate.token, admin]) {
      expect(await client.put(`/api/notifiche/${notificationId}/letta`, undefined, token)).toMatchObject({
        status: 404,
        body: { error: "Notifica non trovata" },
      });
      expect((await client.delete(`/api/notifiche/${notificationId}`, token)).status).toBe(404);
    }
    const untouched = await notificationsOf(client, student.token);
    expect(untouched).toMatchObject({ non_lette: 1, notifiche: [{ id: notificationId, letta: false }] });
    expect((await client.get("/api/notifiche")).status).toBe(401);
    expect((await client.put(`/api/notifiche/${notificationId}/letta`)).status).toBe(401);
    expect((await client.delete(`/api/notifiche/${notificationId}`)).status).toBe(401);
    expect(await client.put("/api/notifiche/abc/letta", undefined, student.token)).toMatchObject({
      status: 400,
      body: { error: "Notifica non valida" },
    });
  });
});

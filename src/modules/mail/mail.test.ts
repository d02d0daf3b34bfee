import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { postaInUscita } from "../../db/schema";
import { DEFAULT_SETTINGS } from "../../domain/academy-settings";
import { formatItalianDate } from "../../domain/dates";
import type { Json } from "../../testing/harness";
import {
  approvedCameraRequest,
  day,
  type LoanScenario,
  loanScenario,
  requestOk,
  returnOk,
  TODAY,
  travelToDay,
  unitIdOf,
} from "../../testing/loan-fixtures";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/smtp-server";
import { markOverdueLoans } from "../loans/overdue-job";
import { createMailSender, MAX_ATTEMPTS, retryDelayMs } from "./outbox";
import type { MailSender } from "./sender";
import { mailSetup, queueDeskDigest } from "./service";

let smtp: TestSmtpServer;
let desk: LoanScenario;
let sender: MailSender;

const SENDER = "Ufficio prestiti <prestiti@accademia.it>";

beforeEach(async () => {
  smtp = await startTestSmtpServer();
  desk = await loanScenario();
  const saved = await desk.client.put(
    "/api/impostazioni",
    { smtp_url: smtp.url, mail_from: SENDER, url_pubblico: "https://prestiti.accademia.it" },
    desk.admin,
  );
  expect(saved.status).toBe(200);
  sender = createMailSender(desk.ctx);
});

afterEach(async () => {
  await smtp.stop();
});

const outbox = () => desk.ctx.db.select().from(postaInUscita).all();

async function mailStatus(): Promise<Json> {
  const answer = await desk.client.get("/api/system/status", desk.admin);
  expect(answer.status).toBe(200);
  return answer.body.posta;
}

function approvedCameraLoan(from = TODAY, to = day(2)) {
  return approvedCameraRequest(desk, from, to);
}

describe("e-mail to the student", () => {
  it("delivers the approval to the student alone, in Italian, as text and HTML", async () => {
    await approvedCameraLoan();
    expect(outbox().map((row) => row.stato)).toEqual(["in_coda"]);
    expect(smtp.received).toEqual([]);
    expect(await sender.deliverDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual([desk.student.user.email]);
    expect(mail?.from).toBe("prestiti@accademia.it");
    expect(mail?.subject).toBe("Richiesta approvata · PrestaLab");
    const sentence = `La tua richiesta di Fotocamera Canon (${desk.camera.unita[0].codice_univoco}) dal ${formatItalianDate(TODAY)} al ${formatItalianDate(day(2))} è stata approvata.`;
    expect(mail?.text).toContain("Ciao Giulia,");
    expect(mail?.text).toContain(sentence);
    expect(mail?.text).toContain("https://prestiti.accademia.it/miei-prestiti");
    expect(mail?.html).toContain(sentence);
    expect(mail?.html).toContain('<a href="https://prestiti.accademia.it/miei-prestiti"');
    expect(outbox()[0]).toMatchObject({ stato: "inviata", tentativi: 1, ultimoErrore: null });
    expect(await mailStatus()).toMatchObject({ configurata: true, in_coda: 0, inviate: 1, fallite: 0 });
  });

  it("tells of a refusal with its reason, escaped in the HTML", async () => {
    const request = await requestOk(desk.client, desk.student.token, {
      unit_id: unitIdOf(desk.camera),
      dal: day(1),
      al: day(1),
    });
    const refused = await desk.client.put(
      `/api/prestiti/${request.id}/rifiuta`,
      { motivo_rifiuto: "Serve per l'esame <di giugno>" },
      desk.admin,
    );
    expect(refused.status).toBe(200);
    await sender.deliverDue();
    const [mail] = smtp.received;
    expect(mail?.subject).toBe("Richiesta rifiutata · PrestaLab");
    expect(mail?.text).toContain("è stata rifiutata. Motivo: Serve per l'esame <di giugno>");
    expect(mail?.html).toContain("Serve per l'esame &lt;di giugno&gt;");
  });

  it("reminds the day before, then every day the loan stays overdue, once a day", async () => {
    await approvedCameraLoan(TODAY, day(1));
    await sender.deliverDue();
    markOverdueLoans(desk.ctx);
    markOverdueLoans(desk.ctx);
    await sender.deliverDue();
    travelToDay(desk.ctx, day(2));
    markOverdueLoans(desk.ctx);
    markOverdueLoans(desk.ctx);
    await sender.deliverDue();
    travelToDay(desk.ctx, day(3));
    markOverdueLoans(desk.ctx);
    await sender.deliverDue();
    expect(smtp.received.map((mail) => mail.subject)).toEqual([
      "Richiesta approvata · PrestaLab",
      "Restituzione domani · PrestaLab",
      "Prestito scaduto · PrestaLab",
      "Prestito scaduto · PrestaLab",
    ]);
    expect(smtp.received[3]?.text).toContain(`doveva rientrare il ${formatItalianDate(day(1))}`);
    expect(new Set(smtp.received.map((mail) => mail.to[0]))).toEqual(new Set([desk.student.user.email]));
  });

  it("tells of the strikes, the block and the unblock", async () => {
    const { loanId } = await approvedCameraLoan(TODAY, TODAY);
    travelToDay(desk.ctx, day(8));
    await returnOk(desk.client, desk.admin, loanId);
    const unblocked = await desk.client.post(
      "/api/penalties/unblock-user",
      { userId: desk.student.user.id, resetStrikes: true },
      desk.admin,
    );
    expect(unblocked.status).toBe(200);
    await sender.deliverDue();
    expect(smtp.received.map((mail) => mail.subject)).toEqual([
      "Richiesta approvata · PrestaLab",
      "Hai ricevuto 3 penalità · PrestaLab",
      "Account bloccato · PrestaLab",
      "Account sbloccato · PrestaLab",
    ]);
    expect(smtp.received[2]?.text).toContain("presentati di persona all'ufficio amministrativo");
  });

  it("queues nothing while no mail server is set", async () => {
    await desk.client.put("/api/impostazioni", { smtp_url: null }, desk.admin);
    await approvedCameraLoan();
    expect(outbox()).toEqual([]);
    expect(await sender.deliverDue()).toBe(0);
    expect(await mailStatus()).toMatchObject({ configurata: false, server: null, in_coda: 0 });
  });
});

describe("the outbox", () => {
  it("keeps a refused message, retries it after the pause and then delivers it", async () => {
    smtp.refuseNext(1);
    await approvedCameraLoan();
    expect(await sender.deliverDue()).toBe(0);
    expect(smtp.received).toEqual([]);
    const [waiting] = outbox();
    expect(waiting).toMatchObject({ stato: "in_coda", tentativi: 1 });
    expect(waiting?.ultimoErrore).toContain("451");
    expect(await mailStatus()).toMatchObject({ in_coda: 1, inviate: 0, ultimo_errore: waiting?.ultimoErrore });
    // Not due yet: the pause after the first failure is a minute.
    expect(await sender.deliverDue()).toBe(0);
    expect(outbox()[0]?.tentativi).toBe(1);
    desk.ctx.clock.travelTo(new Date(desk.ctx.clock.now().getTime() + retryDelayMs(1)));
    expect(await sender.deliverDue()).toBe(1);
    expect(smtp.received.map((mail) => mail.to[0])).toEqual([desk.student.user.email]);
    expect(outbox()[0]).toMatchObject({ stato: "inviata", tentativi: 2 });
    expect(await mailStatus()).toMatchObject({ in_coda: 0, inviate: 1, fallite: 0 });
  });

  it("is woken by the commit that queued a message, in a serving process, without anyone asking", async () => {
    desk.ctx.mailer = sender;
    const arrived = smtp.nextArrival();
    await approvedCameraLoan();
    await arrived;
    expect(smtp.received.map((mail) => mail.subject)).toEqual(["Richiesta approvata · PrestaLab"]);
  });

  it("waits longer after each failure and gives up after the last attempt", async () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(20)).toBe(6 * 3_600_000);
    smtp.refuseNext(MAX_ATTEMPTS);
    await approvedCameraLoan();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await sender.deliverDue();
      desk.ctx.clock.travelTo(new Date(desk.ctx.clock.now().getTime() + retryDelayMs(attempt)));
    }
    expect(outbox()[0]).toMatchObject({ stato: "fallita", tentativi: MAX_ATTEMPTS });
    expect(await sender.deliverDue()).toBe(0);
    expect(await mailStatus()).toMatchObject({ in_coda: 0, inviate: 0, fallite: 1 });
  });

  it("answers requests while the mail server holds a message, and delivers it when the server answers", async () => {
    smtp.stall();
    await approvedCameraLoan(TODAY, day(2));
    const delivering = sender.deliverDue();
    // The server holds the first message; the desk keeps working and its request is answered.
    const second = await requestOk(desk.client, desk.classmate.token, {
      unit_id: unitIdOf(desk.camera, 1),
      dal: TODAY,
      al: day(1),
    });
    const approval = await desk.client.put(`/api/prestiti/${second.id}/approva`, undefined, desk.admin);
    expect(approval.status).toBe(200);
    expect(smtp.received).toEqual([]);
    expect(outbox().map((row) => row.stato)).toEqual(["in_coda", "in_coda"]);
    smtp.release();
    expect(await delivering).toBe(1);
    expect(await sender.deliverDue()).toBe(1);
    expect(smtp.received.map((mail) => mail.to[0])).toEqual([desk.student.user.email, desk.classmate.user.email]);
  });
});

describe("the desk's morning digest", () => {
  it("goes to every administrator once a day, from 07:00, with the day's figures", async () => {
    await approvedCameraLoan(TODAY, TODAY);
    await requestOk(desk.client, desk.classmate.token, { unit_id: unitIdOf(desk.camera, 1), dal: day(1), al: day(2) });
    await sender.deliverDue();
    smtp.received.length = 0;
    desk.ctx.clock.travelTo(new Date(`${day(1)}T05:30:00Z`)); // 06:30 in Rome
    markOverdueLoans(desk.ctx);
    expect(queueDeskDigest(desk.ctx)).toBe(0);
    desk.ctx.clock.travelTo(new Date(`${day(1)}T06:05:00Z`)); // 07:05 in Rome
    expect(queueDeskDigest(desk.ctx)).toBe(1);
    expect(queueDeskDigest(desk.ctx)).toBe(0);
    await sender.deliverDue();
    const digest = smtp.received.find((mail) => mail.subject.startsWith("Riepilogo"));
    expect(digest?.to).toEqual([desk.adminUser.email]);
    expect(digest?.subject).toBe(`Riepilogo del ${formatItalianDate(day(1))} · PrestaLab`);
    expect(digest?.text).toContain("ecco la situazione del banco prestiti di oggi:");
    expect(digest?.text).toContain("• 1 richiesta da approvare");
    expect(digest?.text).toContain("• 0 prestiti da restituire oggi");
    expect(digest?.text).toContain("• 1 prestito scaduto");
    expect(digest?.text).toContain("• 0 nuove segnalazioni nelle ultime 24 ore");
    expect(digest?.html).toContain("https://prestiti.accademia.it/dashboard");
    expect(digest?.text).not.toContain("La settimana scorsa");
  });

  it("adds on Mondays a line on the week just ended's demand, as the demand report counts it", async () => {
    // Wednesday and Thursday of the week of 9 March: Giulia books the only tablet, Luca meets a 409 for
    // it; Giulia also asks for a camera. Two requests for the tablet, one unmet; one for the camera.
    const tabletDays = { inventario_id: desk.tablet.id, dal: day(1), al: day(2), tipo_utilizzo: "esterno" };
    await requestOk(desk.client, desk.student.token, tabletDays);
    expect((await desk.client.post("/api/richieste", tabletDays, desk.classmate.token)).status).toBe(409);
    await requestOk(desk.client, desk.student.token, { unit_id: unitIdOf(desk.camera, 1), dal: day(1), al: day(1) });
    await sender.deliverDue();
    smtp.received.length = 0;
    desk.ctx.clock.travelTo(new Date(`${day(6)}T06:05:00Z`)); // Monday 16 March, 07:05 in Rome
    expect(queueDeskDigest(desk.ctx)).toBe(1);
    await sender.deliverDue();
    const digest = smtp.received.find((mail) => mail.subject.startsWith("Riepilogo"));
    const line = `La settimana scorsa (dal ${formatItalianDate("2026-03-09")} al ${formatItalianDate("2026-03-15")}): 1 richiesta non soddisfatta; più richiesto: Tavoletta grafica. Il dettaglio è in Statistiche → Domanda.`;
    expect(digest?.text).toContain(line);
    expect(digest?.html).toContain(line);
  });
});

describe("a password reset by link", () => {
  const forgot = (email: string) => desk.client.post("/api/auth/forgot-password", { email });
  const reset = (token: string, password: string) =>
    desk.client.post("/api/auth/reimposta-password", { token, password });

  async function linkFromMail(): Promise<string> {
    await sender.deliverDue();
    const mail = smtp.received.find((received) => received.subject.startsWith("Reimposta la password"));
    const url = /https:\/\/prestiti\.accademia\.it\/reimposta-password\?token=\S+/.exec(mail?.text ?? "")?.[0];
    if (!url) throw new Error(`no reset link in ${JSON.stringify(smtp.received)}`);
    return new URL(url).searchParams.get("token") as string;
  }

  it("mails a one-time link that sets a new password and ends the old sessions", async () => {
    const answer = await forgot(desk.student.user.email);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toContain("riceverai un'e-mail con un link");
    expect(answer.body.per_email).toBe(true);
    const token = await linkFromMail();
    expect(smtp.received[0]?.to).toEqual([desk.student.user.email]);
    expect((await reset(token, "Nuova-Password-42")).body).toEqual({
      message: "Password aggiornata: accedi con la nuova password",
    });
    const signIn = await desk.client.post("/api/auth/login", {
      email: desk.student.user.email,
      username: desk.student.user.email,
      password: "Nuova-Password-42",
    });
    expect(signIn.status).toBe(200);
    expect((await desk.client.get("/api/auth/me", desk.student.token)).status).toBe(401);
    const again = await reset(token, "Altra-Password-42");
    expect(again.status).toBe(400);
    expect(again.body.error).toContain("non è valido, è già stato usato o è scaduto");
    const pending = await desk.client.get("/api/auth/password-reset-requests", desk.admin);
    expect(pending.body).toEqual([]);
  });

  it("refuses a link older than an hour, a made-up one and a weak password", async () => {
    await forgot(desk.student.user.email);
    const token = await linkFromMail();
    const weak = await reset(token, "corta");
    expect(weak.status).toBe(400);
    desk.ctx.clock.travelTo(new Date(desk.ctx.clock.now().getTime() + 61 * 60_000));
    expect((await reset(token, "Nuova-Password-42")).status).toBe(400);
    expect((await reset("inventato", "Nuova-Password-42")).status).toBe(400);
    expect((await desk.client.post("/api/auth/reimposta-password", {})).status).toBe(400);
  });

  it("sends nothing for an unknown address, with the same answer", async () => {
    const known = await forgot(desk.student.user.email);
    const unknown = await forgot("nessuno@accademia.it");
    expect(unknown.body).toEqual(known.body);
    await sender.deliverDue();
    expect(smtp.received.map((mail) => mail.to[0])).toEqual([desk.student.user.email]);
  });
});

describe("where the mail settings come from", () => {
  const env = { appName: "PrestaLab", mail: { smtpUrl: "smtp://env.local:25", from: "env@accademia.it" } };

  it("takes the settings over SMTP_URL and MAIL_FROM, and is off with neither", () => {
    expect(mailSetup(env, DEFAULT_SETTINGS)).toEqual({ smtpUrl: "smtp://env.local:25", from: "env@accademia.it" });
    expect(
      mailSetup(env, { ...DEFAULT_SETTINGS, smtp_url: "smtps://mail.accademia.it:465", mail_from: "a@accademia.it" }),
    ).toEqual({ smtpUrl: "smtps://mail.accademia.it:465", from: "a@accademia.it" });
    expect(mailSetup({ appName: "PrestaLab" }, DEFAULT_SETTINGS)).toBeNull();
    expect(
      mailSetup({ appName: "PrestaLab", mail: { smtpUrl: "smtp://mail.accademia.it" } }, DEFAULT_SETTINGS),
    ).toEqual({
      smtpUrl: "smtp://mail.accademia.it",
      from: "PrestaLab <prestalab@mail.accademia.it>",
    });
  });

  it("refuses a mail server or sender that is not one", async () => {
    for (const change of [{ smtp_url: "http://mail.accademia.it" }, { mail_from: "non un indirizzo" }]) {
      const answer = await desk.client.put("/api/impostazioni", change, desk.admin);
      expect(answer.status).toBe(400);
    }
  });
});

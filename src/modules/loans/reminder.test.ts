import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { notifiche, postaInUscita } from "../../db/schema";
import { formatItalianDate } from "../../domain/dates";
import { auditRows, day, lendCameraToStudent, loanScenario, returnOk, travelToDay } from "../../testing/loan-fixtures";

/** Giulia holds camera #1 until today; the desk reminds her to bring it back. */
async function dueToday() {
  const scenario = await loanScenario();
  const { client, ctx, admin, student } = scenario;
  travelToDay(ctx, day(-2));
  const loanId = await lendCameraToStudent(scenario, day(0));
  travelToDay(ctx, day(0));
  const remind = (id = loanId, token = admin) => client.post(`/api/prestiti/${id}/promemoria`, undefined, token);
  const reminders = () =>
    ctx.db
      .select()
      .from(notifiche)
      .where(eq(notifiche.utenteId, student.user.id))
      .all()
      .filter((row) => row.tipo === "promemoria_rientro");
  return { ...scenario, loanId, remind, reminders };
}

describe("POST /api/prestiti/:id/promemoria", () => {
  it("tells the student in the app and by e-mail, and audits it", async () => {
    const scenario = await dueToday();
    // Mail set up: the notice is queued for sending (no server is reached here).
    const mail = { smtp_url: "smtp://mail.accademia.it:25", mail_from: "prestiti@accademia.it" };
    expect((await scenario.client.put("/api/impostazioni", mail, scenario.admin)).status).toBe(200);
    const answer = await scenario.remind();
    expect([answer.status, answer.body.message]).toEqual([200, "Promemoria inviato allo studente"]);
    expect(scenario.reminders().map((row) => row.messaggio)).toEqual([
      `Il banco ti ricorda di restituire Fotocamera Canon entro il ${formatItalianDate(day(0))}.`,
    ]);
    const mailed = scenario.ctx.db.select().from(postaInUscita).all();
    expect(mailed.map((mail) => [mail.destinatario, mail.oggetto])).toContainEqual([
      scenario.student.user.email,
      expect.stringContaining("Promemoria di restituzione"),
    ]);
    expect(auditRows(scenario.ctx).find((row) => row.action === "loan.remind")?.entityId).toBe(scenario.loanId);
  });

  it("sends one reminder per loan and day: a second one today answers 429 in Italian, tomorrow is fine", async () => {
    const scenario = await dueToday();
    expect((await scenario.remind()).status).toBe(200);
    const again = await scenario.remind();
    expect([again.status, again.body.error]).toEqual([
      429,
      "Promemoria già inviato oggi per questo prestito: potrai inviarne un altro domani",
    ]);
    expect(scenario.reminders()).toHaveLength(1);
    travelToDay(scenario.ctx, day(1));
    expect((await scenario.remind()).status).toBe(200);
    expect(scenario.reminders()).toHaveLength(2);
  });

  it("refuses a returned loan (409), a student (403) and an unknown loan (404)", async () => {
    const scenario = await dueToday();
    const asStudent = await scenario.remind(scenario.loanId, scenario.student.token);
    expect(asStudent.status).toBe(403);
    const missing = await scenario.remind(9999);
    expect([missing.status, missing.body.error]).toEqual([404, "Prestito non trovato"]);
    await returnOk(scenario.client, scenario.admin, scenario.loanId);
    const returned = await scenario.remind();
    expect([returned.status, returned.body.error]).toEqual([
      409,
      "Il prestito è già concluso: non c'è nulla da ricordare",
    ]);
    expect(scenario.reminders()).toHaveLength(0);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { postaInUscita } from "../../db/schema";
import { runScheduledJobs } from "../../jobs";
import { deskAndStudent } from "../../testing/harness";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/smtp-server";
import { createMailSender } from "./outbox";

let smtp: TestSmtpServer;
beforeEach(async () => {
  smtp = await startTestSmtpServer();
});
afterEach(async () => {
  await smtp.stop();
});

describe("the periodic job", () => {
  it("deletes the messages sent more than 30 days ago and keeps the newer and the queued ones", async () => {
    const { client, admin, student } = await deskAndStudent();
    const settings = { smtp_url: smtp.url, url_pubblico: "https://prestiti.accademia.it" };
    expect((await client.put("/api/impostazioni", settings, admin.token)).status).toBe(200);
    const sender = createMailSender(client.ctx);
    const askForLink = () => client.post("/api/auth/forgot-password", { email: student.user.email });
    const travel = (days: number) =>
      client.ctx.clock.travelTo(new Date(client.ctx.clock.now().getTime() + days * 86_400_000));
    await askForLink();
    expect(await sender.deliverDue()).toBe(1);
    travel(20);
    await askForLink();
    expect(await sender.deliverDue()).toBe(1);
    travel(11);
    smtp.refuseNext(1);
    await askForLink();
    expect(await sender.deliverDue()).toBe(0);
    // The job also queues the desk's morning digest: only the reset messages are looked at.
    const outbox = () =>
      client.ctx.db
        .select()
        .from(postaInUscita)
        .all()
        .filter((row) => row.reimpostaPasswordDi !== null)
        .map((row) => row.stato);
    expect(outbox()).toEqual(["inviata", "inviata", "in_coda"]);
    runScheduledJobs(client.ctx);
    expect(outbox()).toEqual(["inviata", "in_coda"]);
    expect(client.ctx.metrics.jobRuns.get("sent-mail-prune")?.ok).toBe(true);
  });
});

import { afterEach, describe, expect, it } from "bun:test";
import { createServer, type Server } from "node:net";
import { approvedCameraRequest, loanScenario, TODAY } from "../../testing/loan-fixtures";
import { startTestSmtpServer } from "../../testing/smtp-server";
import { createMailSender, mailFailureText } from "./outbox";

const BANNER = "+OK servizio-interno cache-7.2 chiave=sessioni-admin";
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A local service that is not a mail server: it greets with its own banner and then hangs up. */
async function internalService(): Promise<number> {
  const server = createServer((socket) => socket.end(`${BANNER}\r\n`));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as { port: number }).port;
}

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function sistemaAfterSendingTo(smtpUrl: string) {
  const desk = await loanScenario();
  expect((await desk.client.put("/api/impostazioni", { smtp_url: smtpUrl }, desk.admin)).status).toBe(200);
  await approvedCameraRequest(desk, TODAY, TODAY);
  expect(await createMailSender(desk.ctx).deliverDue()).toBe(0);
  const status = await desk.client.get("/api/system/status", desk.admin);
  return status.body.posta;
}

describe("a failed delivery on the Sistema page", () => {
  it("describes a service that is not a mail server in fixed words, never with its banner", async () => {
    const posta = await sistemaAfterSendingTo(`smtp://127.0.0.1:${await internalService()}`);
    expect(posta.ultimo_errore).toBe("Risposta non valida: a quell'indirizzo non risponde un server di posta (SMTP)");
    expect(JSON.stringify(posta)).not.toContain("servizio-interno");
  });

  it("says the connection was refused when nothing listens", async () => {
    const posta = await sistemaAfterSendingTo(`smtp://127.0.0.1:${await closedPort()}`);
    expect(posta.ultimo_errore).toBe(
      "Connessione rifiutata: a quell'indirizzo e porta non risponde nessun server di posta",
    );
  });

  it("names a TLS failure: smtps:// to a server that speaks plain SMTP", async () => {
    const smtp = await startTestSmtpServer();
    const posta = await sistemaAfterSendingTo(smtp.url.replace("smtp://", "smtps://"));
    await smtp.stop();
    expect(posta.ultimo_errore).toBe(
      "Errore TLS: la connessione cifrata non è riuscita (controlla smtp:// o smtps:// e la porta)",
    );
  });

  it("names a timeout and a refused login by what they are, and anything else as unknown", () => {
    expect(mailFailureText(Object.assign(new Error("Greeting never received: banner"), { code: "ETIMEDOUT" }))).toBe(
      "Tempo scaduto: il server di posta non ha risposto",
    );
    expect(mailFailureText(Object.assign(new Error("535 nope"), { code: "EAUTH", responseCode: 535 }))).toBe(
      "Autenticazione non riuscita: controlla utente e password del server di posta",
    );
    expect(mailFailureText("qualcosa")).toBe("Invio non riuscito per un errore sconosciuto");
  });
});

import { afterAll, afterEach, beforeEach, describe, expect, it } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppContext } from "../../context";
import { openDatabase } from "../../db/client";
import { PUBLIC_URL_UNSET } from "../../domain/public-url";
import { migrationsBefore, olderDatabase } from "../../testing/foreign-databases";
import {
  createTestClient,
  createTestContext,
  registerStudent,
  signInAdmin,
  type TestClient,
} from "../../testing/harness";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/smtp-server";
import { createMailSender } from "../mail/outbox";

const PUBLIC = "https://prestiti.accademia.it";
const dir = mkdtempSync(join(tmpdir(), "prestalab-reset-link-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let smtp: TestSmtpServer;
beforeEach(async () => {
  smtp = await startTestSmtpServer();
});
afterEach(async () => {
  await smtp.stop();
});

/** A desk with mail on and one student; `publicUrl` is the settings' public address (null: none). */
async function academy(options: { publicUrl: string | null; context?: AppContext }) {
  const client = createTestClient(options.context ?? createTestContext());
  const admin = await signInAdmin(client);
  const student = await registerStudent(client, { email: "vittima@accademia.it" });
  const saved = await client.put(
    "/api/impostazioni",
    { smtp_url: smtp.url, url_pubblico: options.publicUrl },
    admin.token,
  );
  expect(saved.status).toBe(200);
  return { client, admin: admin.token, student, sender: createMailSender(client.ctx) };
}

/** POST /api/auth/forgot-password as sent to a forged Host. */
async function forgotFromAttacker(client: TestClient, email: string) {
  const response = await client.app.handle(
    new Request("http://attacker.example/api/auth/forgot-password", {
      method: "POST",
      headers: { host: "attacker.example", "content-type": "application/json" },
      body: JSON.stringify({ email }),
    }),
  );
  return { status: response.status, body: await response.json() };
}

const mailedText = () => smtp.received.map((mail) => `${mail.text}\n${mail.html}`).join("\n");

function tokenInMail(): string {
  const link = /https:\/\/prestiti\.accademia\.it\/reimposta-password\?token=([\w-]+)/.exec(mailedText());
  if (!link?.[1]) throw new Error(`no reset link in ${mailedText()}`);
  return link[1];
}

describe("a reset link's address", () => {
  it("is the configured public address, whatever Host the request names", async () => {
    const { client, sender } = await academy({ publicUrl: PUBLIC });
    expect((await forgotFromAttacker(client, "vittima@accademia.it")).status).toBe(200);
    await sender.deliverDue();
    expect(smtp.received).toHaveLength(1);
    expect(tokenInMail()).not.toBe("");
    expect(mailedText()).not.toContain("attacker.example");
  });

  it("is PUBLIC_URL when the settings name no address", async () => {
    const context = { ...createTestContext(), publicUrl: "https://prestiti.accademia.it" };
    const { client, sender } = await academy({ publicUrl: null, context });
    await forgotFromAttacker(client, "vittima@accademia.it");
    await sender.deliverDue();
    expect(tokenInMail()).not.toBe("");
    expect(mailedText()).not.toContain("attacker.example");
  });

  it("is never made up: with no public address no link is mailed, the desk gets the request, Sistema says why", async () => {
    const { client, admin, sender } = await academy({ publicUrl: null });
    const known = await forgotFromAttacker(client, "vittima@accademia.it");
    const unknown = await forgotFromAttacker(client, "nessuno@accademia.it");
    await sender.deliverDue();
    expect(mailedText()).not.toContain("attacker.example");
    expect(smtp.received).toEqual([]);
    expect(known).toEqual({
      status: 200,
      body: {
        per_email: false,
        message: "Se l'indirizzo è registrato, la richiesta è stata inoltrata all'amministrazione",
      },
    });
    expect(unknown).toEqual(known);
    const pending = await client.get("/api/auth/password-reset-requests", admin);
    expect(pending.body.map((row: { email: string }) => row.email)).toEqual(["vittima@accademia.it"]);
    const status = await client.get("/api/system/status", admin);
    expect(status.body.avviso_url_pubblico).toBe(PUBLIC_URL_UNSET);
    expect(PUBLIC_URL_UNSET).toContain("i link per reimpostare la password sono disattivati");
  });
});

describe("a reset link's token", () => {
  it("is stored nowhere: no table and no byte of the database files holds it, and the mailed link works", async () => {
    const file = join(dir, "prestalab.db");
    const { client, sender } = await academy({ publicUrl: PUBLIC, context: createTestContext(undefined, file) });
    await forgotFromAttacker(client, "vittima@accademia.it");
    await sender.deliverDue();
    const token = tokenInMail();
    const { sqlite } = client.ctx;
    const tables = sqlite.query("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
    expect(tables.map((table) => table.name)).toContain("posta_in_uscita");
    for (const { name } of tables) {
      const rows = sqlite.query(`SELECT * FROM "${name}"`).all();
      expect(`${name}: ${JSON.stringify(rows)}`).not.toContain(token);
    }
    for (const path of [file, `${file}-wal`].filter(existsSync))
      expect(readFileSync(path).includes(Buffer.from(token))).toBe(false);
    const reset = await client.post("/api/auth/reimposta-password", { token, password: "Nuova-Password-42" });
    expect(reset.status).toBe(200);
    const signIn = await client.post("/api/auth/login", {
      email: "vittima@accademia.it",
      username: "vittima@accademia.it",
      password: "Nuova-Password-42",
    });
    expect(signIn.status).toBe(200);
  });

  it("is not made for a message still queued when the desk set a new password: the message is dropped", async () => {
    const { client, admin, student, sender } = await academy({ publicUrl: PUBLIC });
    await forgotFromAttacker(client, "vittima@accademia.it");
    const desk = await client.put(
      `/api/auth/users/${student.user.id}/reset-password`,
      { newPassword: "Dal-Banco-2026" },
      admin,
    );
    expect(desk.status).toBe(200);
    expect(await sender.deliverDue()).toBe(0);
    expect(smtp.received).toEqual([]);
    expect(client.ctx.sqlite.query("SELECT count(*) AS n FROM posta_in_uscita").get()).toEqual({ n: 0 });
  });

  it("of a message written by an older version is deleted with it when the database is opened", () => {
    const file = join(dir, "precedente.db");
    // Every migration before the one that drops such messages: an older version's database.
    olderDatabase(
      file,
      migrationsBefore("reimposta_password_di"),
      `INSERT INTO posta_in_uscita (destinatario, oggetto, testo, html, stato, prossimo_tentativo_at, created_at) VALUES
      ('vittima@accademia.it', 'Reimposta la password', 'Link: ${PUBLIC}/reimposta-password?token=vecchio-token', '', 'inviata', '2026-03-10', '2026-03-10'),
      ('desk@accademia.it', 'Riepilogo', 'Apri: ${PUBLIC}/dashboard', '', 'inviata', '2026-03-10', '2026-03-10')`,
    );
    const { sqlite } = openDatabase(file);
    expect(sqlite.query("SELECT oggetto FROM posta_in_uscita").all()).toEqual([{ oggetto: "Riepilogo" }]);
    sqlite.close();
  });
});

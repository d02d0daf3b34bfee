import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { auditLog } from "../../db/schema";
import {
  createTestClient,
  type Json,
  registerStudent,
  signIn,
  signInAdmin,
  type TestClient,
} from "../../testing/harness";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/smtp-server";
import { createMailSender } from "../mail/outbox";
import { createOrPromoteAdmin } from "./service";

const STUDENT_PASSWORD = "Obiettivo-50mm";
const NEW_PASSWORD = "Treppiede-Nuovo-2026";

const changePassword = (client: TestClient, token: string | undefined, body: unknown) =>
  client.put("/api/auth/password", body, token);

describe("PUT /api/auth/password", () => {
  it("sets the new password, keeps the caller signed in with a new session and ends every other one", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const otherDevice = (await signIn(client, student.user.email, STUDENT_PASSWORD)).body.token as string;
    const answer = await changePassword(client, student.token, {
      password_attuale: STUDENT_PASSWORD,
      nuova_password: NEW_PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: "Password cambiata", token: expect.any(String), user: student.user });
    expect((await client.get("/api/auth/me", answer.body.token)).status).toBe(200);
    for (const token of [student.token, otherDevice])
      expect((await client.get("/api/auth/me", token)).status).toBe(401);
    expect((await signIn(client, student.user.email, STUDENT_PASSWORD)).status).toBe(401);
    expect((await signIn(client, student.user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("works for the desk too, and is audited", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const answer = await changePassword(client, admin.token, {
      password_attuale: admin.password,
      nuova_password: NEW_PASSWORD,
    });
    expect(answer.status).toBe(200);
    const audit = client.ctx.db.select().from(auditLog).all();
    expect(audit.map(({ action, actorId, entityId, summary }) => ({ action, actorId, entityId, summary }))).toEqual([
      {
        action: "user.change-password",
        actorId: admin.user.id,
        entityId: admin.user.id,
        summary: "Password cambiata da desk@accademia.it",
      },
    ]);
  });

  it("refuses a wrong, missing or unchanged current password and a new one the policy refuses, naming the field", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const cases: Array<[Json, string, string]> = [
      [
        { password_attuale: "Sbagliata-123", nuova_password: NEW_PASSWORD },
        "La password attuale non è corretta",
        "password_attuale",
      ],
      [{ nuova_password: NEW_PASSWORD }, "Inserisci la password attuale", "password_attuale"],
      [{ password_attuale: STUDENT_PASSWORD, nuova_password: "" }, "La password è obbligatoria", "nuova_password"],
      [
        { password_attuale: STUDENT_PASSWORD, nuova_password: "corta" },
        "La password deve contenere almeno 8 caratteri",
        "nuova_password",
      ],
      [
        { password_attuale: STUDENT_PASSWORD, nuova_password: "password123" },
        "Password troppo comune",
        "nuova_password",
      ],
      [
        { password_attuale: STUDENT_PASSWORD, nuova_password: STUDENT_PASSWORD },
        "La nuova password deve essere diversa da quella attuale",
        "nuova_password",
      ],
    ];
    for (const [body, error, campo] of cases) {
      const answer = await changePassword(client, student.token, body);
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { error, campo } });
    }
    expect((await changePassword(client, student.token, { password_attuale: 7 })).status).toBe(400);
    expect((await client.get("/api/auth/me", student.token)).status).toBe(200);
    expect((await signIn(client, student.user.email, STUDENT_PASSWORD)).status).toBe(200);
  });

  it("answers 401 without a session, whatever the body", async () => {
    const client = createTestClient();
    expect(
      (await changePassword(client, undefined, { password_attuale: "x", nuova_password: NEW_PASSWORD })).status,
    ).toBe(401);
    expect((await changePassword(client, undefined, "non json")).status).toBe(401);
  });

  it("stops guessing the current password after 10 wrong ones, for that account only", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const classmate = await registerStudent(client);
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await changePassword(client, student.token, {
        password_attuale: `Tentativo-${attempt}`,
        nuova_password: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(400);
    }
    const throttled = await changePassword(client, student.token, {
      password_attuale: STUDENT_PASSWORD,
      nuova_password: NEW_PASSWORD,
    });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toBe("Troppi tentativi, riprova più tardi");
    const other = await changePassword(client, classmate.token, {
      password_attuale: STUDENT_PASSWORD,
      nuova_password: NEW_PASSWORD,
    });
    expect(other.status).toBe(200);
  });
});

/** Every way a password changes: the user's own, a reset link, the desk's two resets, the command line. */
const passwordChanges: Array<{
  name: string;
  change(
    client: TestClient,
    student: { token: string; user: Json },
    admin: string,
    linkToken: () => Promise<string>,
  ): Promise<void>;
}> = [
  {
    name: "the user's own change",
    async change(client, student) {
      const answer = await changePassword(client, student.token, {
        password_attuale: STUDENT_PASSWORD,
        nuova_password: NEW_PASSWORD,
      });
      expect(answer.status).toBe(200);
    },
  },
  {
    name: "a reset through another link",
    async change(client, _student, _admin, linkToken) {
      const answer = await client.post("/api/auth/reimposta-password", {
        token: await linkToken(),
        password: NEW_PASSWORD,
      });
      expect(answer.status).toBe(200);
    },
  },
  {
    name: "the desk's reset (PUT /api/auth/users/:id/reset-password)",
    async change(client, student, admin) {
      const answer = await client.put(
        `/api/auth/users/${student.user.id}/reset-password`,
        { newPassword: NEW_PASSWORD },
        admin,
      );
      expect(answer.status).toBe(200);
    },
  },
  {
    name: "the desk's reset from the dashboard (POST /api/auth/admin-reset-password)",
    async change(client, student, admin) {
      const answer = await client.post(
        "/api/auth/admin-reset-password",
        { email: student.user.email, newPassword: NEW_PASSWORD },
        admin,
      );
      expect(answer.status).toBe(200);
    },
  },
  {
    name: "prestalab create-admin with a password",
    async change(client, student) {
      await createOrPromoteAdmin(client.ctx, { email: student.user.email, password: NEW_PASSWORD });
    },
  },
];

describe("a password change", () => {
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    smtp = await startTestSmtpServer();
  });
  afterEach(async () => {
    await smtp.stop();
  });

  async function academyWithMail() {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const saved = await client.put(
      "/api/impostazioni",
      { smtp_url: smtp.url, mail_from: "prestiti@accademia.it", url_pubblico: "https://prestiti.accademia.it" },
      admin.token,
    );
    expect(saved.status).toBe(200);
    const student = await registerStudent(client);
    const sender = createMailSender(client.ctx);
    /** Asks for a reset link and reads its token from the mail, as the student would. */
    async function linkToken(): Promise<string> {
      const before = smtp.received.length;
      expect((await client.post("/api/auth/forgot-password", { email: student.user.email })).status).toBe(200);
      await sender.deliverDue();
      const mail = smtp.received.slice(before).find((received) => received.subject.startsWith("Reimposta la password"));
      const url = /https:\/\/prestiti\.accademia\.it\/reimposta-password\?token=\S+/.exec(mail?.text ?? "")?.[0];
      if (!url) throw new Error("no reset link in the mail");
      return new URL(url).searchParams.get("token") as string;
    }
    return { client, admin: admin.token, student, linkToken };
  }

  for (const path of passwordChanges) {
    it(`by ${path.name} voids every reset link mailed before`, async () => {
      const { client, admin, student, linkToken } = await academyWithMail();
      const earlier = await linkToken();
      await path.change(client, student, admin, linkToken);
      const late = await client.post("/api/auth/reimposta-password", {
        token: earlier,
        password: "Rubata-Chiave-2026",
      });
      expect(late.status).toBe(400);
      expect(late.body.error).toContain("non è valido, è già stato usato o è scaduto");
      expect((await signIn(client, student.user.email, NEW_PASSWORD)).status).toBe(200);
    });

    it(`by ${path.name} revokes the calendar feed`, async () => {
      const { client, admin, student, linkToken } = await academyWithMail();
      const feed = new URL((await client.get("/api/calendario", student.token)).body.url).pathname;
      expect((await client.get(feed)).status).toBe(200);
      await path.change(client, student, admin, linkToken);
      const revoked = await client.get(feed);
      expect(revoked.status).toBe(404);
      expect(revoked.body.error).toBe("Calendario non trovato: il link è stato revocato o non è mai esistito");
    });
  }
});

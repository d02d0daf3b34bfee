import { describe, expect, it } from "bun:test";
import { auditLog, passwordResetRequests } from "../../db/schema";
import {
  createTestClient,
  createTestContext,
  deskAndStudent,
  registerStudent,
  signIn,
  signInAdmin,
  type TestClient,
} from "../../testing/harness";

const FORWARDED = "Se l'indirizzo è registrato, la richiesta è stata inoltrata all'amministrazione";

const forgot = (client: TestClient, email: unknown) => client.post("/api/auth/forgot-password", { email });

/** The two ways the desk sets a new password: by user id, or by email from the dashboard. */
const resetRoutes = [
  {
    name: "PUT /api/auth/users/:id/reset-password",
    reset: (client: TestClient, token: string, user: { id: number; email: string }, newPassword: unknown) =>
      client.put(`/api/auth/users/${user.id}/reset-password`, { newPassword }, token),
  },
  {
    name: "POST /api/auth/admin-reset-password",
    reset: (client: TestClient, token: string, user: { id: number; email: string }, newPassword: unknown) =>
      client.post("/api/auth/admin-reset-password", { email: user.email, newPassword }, token),
  },
];

describe("POST /api/auth/forgot-password", () => {
  it("answers 200 and queues a request the desk can see", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const student = await registerStudent(client, { name: "Elena", surname: "Viola" });
    const answer = await forgot(client, student.user.email);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(FORWARDED);
    const list = await client.get("/api/auth/password-reset-requests", admin.token);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toEqual({
      id: expect.any(Number),
      email: student.user.email,
      user_name: "Elena",
      user_surname: "Viola",
      user_email: student.user.email,
      requested_at: expect.stringMatching(/^2026-03-10T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });

  it("answers the same 200 for an unknown email and queues nothing", async () => {
    const { client, admin, student } = await deskAndStudent();
    const known = await forgot(client, student.user.email);
    const unknown = await forgot(client, "sconosciuto@accademia.it");
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const list = await client.get("/api/auth/password-reset-requests", admin.token);
    expect(list.body.map((row: { email: string }) => row.email)).toEqual([student.user.email]);
  });

  it("keeps one pending request per user when asked twice, in any case", async () => {
    const { client, admin, student } = await deskAndStudent();
    expect((await forgot(client, student.user.email)).status).toBe(200);
    expect((await forgot(client, student.user.email.toUpperCase())).status).toBe(200);
    const list = await client.get("/api/auth/password-reset-requests", admin.token);
    expect(list.body).toHaveLength(1);
  });

  it("requires an email: empty gives 'Inserisci la tua email'", async () => {
    const client = createTestClient();
    for (const body of [{}, { email: "" }, { email: "   " }, { email: null }]) {
      const answer = await client.post("/api/auth/forgot-password", body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Inserisci la tua email");
    }
  });

  it("refuses a malformed email, a wrong type and malformed JSON with 400", async () => {
    const client = createTestClient();
    const bad = await forgot(client, "non-una-email");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Indirizzo email non valido");
    expect((await forgot(client, 42)).status).toBe(400);
    const malformed = await client.call("POST", "/api/auth/forgot-password", { raw: "{email" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("Richiesta non valida: il corpo non è un JSON corretto");
  });

  it("lets the owner ask from their own address while someone else spams their email", async () => {
    const client = createTestClient({ ...createTestContext(), trustProxy: true });
    const ask = (ip: string) =>
      client.call("POST", "/api/auth/forgot-password", {
        body: { email: "vittima@accademia.it" },
        headers: { "x-forwarded-for": ip },
      });
    for (let i = 0; i < 5; i++) expect((await ask("10.0.0.66")).status).toBe(200);
    expect((await ask("10.0.0.66")).status).toBe(429);
    expect((await ask("10.0.0.7")).status).toBe(200);
  });

  it("throttles repeated requests for one email without affecting another", async () => {
    const client = createTestClient();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot(client, "insistente@accademia.it")).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    const throttled = await forgot(client, "insistente@accademia.it");
    expect(throttled.body.error).toBe("Troppi tentativi, riprova più tardi");
    expect((await forgot(client, "altra@accademia.it")).status).toBe(200);
  });
});

describe("GET /api/auth/password-reset-requests", () => {
  it("lists pending requests oldest first", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const first = await registerStudent(client);
    const second = await registerStudent(client);
    await forgot(client, second.user.email);
    client.ctx.clock.travelTo(new Date("2026-03-10T08:00:00Z"));
    await forgot(client, first.user.email);
    const list = await client.get("/api/auth/password-reset-requests", admin.token);
    expect(list.body.map((row: { email: string }) => row.email)).toEqual([first.user.email, second.user.email]);
  });

  it("is empty on a fresh system", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const list = await client.get("/api/auth/password-reset-requests", admin.token);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
  });
});

for (const route of resetRoutes) {
  describe(route.name, () => {
    it("sets the new password: the old one stops working and the new one signs in", async () => {
      const { client, admin, student } = await deskAndStudent();
      const answer = await route.reset(client, admin.token, student.user as never, "Nuova-Chiave-2026");
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe("Password aggiornata con successo");
      expect((await signIn(client, student.user.email, student.password)).status).toBe(401);
      expect((await signIn(client, student.user.email, "Nuova-Chiave-2026")).status).toBe(200);
    });

    it("ends the user's existing sessions", async () => {
      const { client, admin, student } = await deskAndStudent();
      const secondDevice = (await signIn(client, student.user.email, student.password)).body.token as string;
      await route.reset(client, admin.token, student.user as never, "Nuova-Chiave-2026");
      for (const token of [student.token, secondDevice]) {
        const me = await client.get("/api/auth/me", token);
        expect(me.status).toBe(401);
        expect(me.body.error).toBe("Sessione scaduta, accedi di nuovo");
      }
      const fresh = await signIn(client, student.user.email, "Nuova-Chiave-2026");
      expect((await client.get("/api/auth/me", fresh.body.token)).status).toBe(200);
      expect((await client.get("/api/auth/me", admin.token)).status).toBe(200);
    });

    it("completes the user's pending reset requests and leaves others pending", async () => {
      const { client, admin, student } = await deskAndStudent();
      const other = await registerStudent(client);
      await forgot(client, student.user.email);
      await forgot(client, other.user.email);
      await route.reset(client, admin.token, student.user as never, "Nuova-Chiave-2026");
      const list = await client.get("/api/auth/password-reset-requests", admin.token);
      expect(list.body.map((row: { email: string }) => row.email)).toEqual([other.user.email]);
      const completed = client.ctx.db.select().from(passwordResetRequests).all();
      expect(completed.find((row) => row.userId === student.user.id)).toMatchObject({
        stato: "completed",
        completedBy: admin.user.id,
      });
      // A later request of the same user is queued again.
      await forgot(client, student.user.email);
      expect((await client.get("/api/auth/password-reset-requests", admin.token)).body).toHaveLength(2);
    });

    it("writes exactly one audit row", async () => {
      const { client, admin, student } = await deskAndStudent();
      await route.reset(client, admin.token, student.user as never, "Nuova-Chiave-2026");
      const rows = client.ctx.db.select().from(auditLog).all();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: "user.reset-password",
        entityId: student.user.id,
        actorId: admin.user.id,
      });
      expect(rows[0]?.summary).not.toContain("Nuova-Chiave-2026");
    });

    it("refuses a missing, short or common new password and keeps the old one", async () => {
      const { client, admin, student } = await deskAndStudent();
      const cases: Array<[unknown, string]> = [
        [undefined, "La password è obbligatoria"],
        ["", "La password è obbligatoria"],
        ["Corta1!", "La password deve contenere almeno 8 caratteri"],
        ["qwerty123", "Password troppo comune"],
      ];
      for (const [newPassword, message] of cases) {
        const answer = await route.reset(client, admin.token, student.user as never, newPassword);
        expect(answer.status).toBe(400);
        expect(answer.body.error).toBe(message);
      }
      expect((await route.reset(client, admin.token, student.user as never, 12345678)).status).toBe(400);
      expect((await client.get("/api/auth/me", student.token)).status).toBe(200);
      expect(client.ctx.db.select().from(auditLog).all()).toHaveLength(0);
    });

    it("answers 404 for an unknown user", async () => {
      const client = createTestClient();
      const admin = await signInAdmin(client);
      const answer = await route.reset(
        client,
        admin.token,
        { id: 9999, email: "fantasma@accademia.it" },
        "Nuova-Chiave-2026",
      );
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe("Utente non trovato");
    });

    it("answers 401 without a session and 403 for a student, whatever the body", async () => {
      const client = createTestClient();
      const student = await registerStudent(client);
      const victim = await registerStudent(client);
      expect((await route.reset(client, "", victim.user as never, "Nuova-Chiave-2026")).status).toBe(401);
      const forbidden = await route.reset(client, student.token, victim.user as never, "Nuova-Chiave-2026");
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error).toBe("Non hai i permessi per questa operazione");
      expect((await route.reset(client, student.token, victim.user as never, 7)).status).toBe(403);
      expect((await signIn(client, victim.user.email, victim.password)).status).toBe(200);
    });
  });
}

describe("POST /api/auth/admin-reset-password input", () => {
  it("requires a valid email", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const missing = await client.post(
      "/api/auth/admin-reset-password",
      { newPassword: "Nuova-Chiave-2026" },
      admin.token,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("L'email è obbligatoria");
    const bad = await client.post(
      "/api/auth/admin-reset-password",
      { email: "nessuna-chiocciola", newPassword: "Nuova-Chiave-2026" },
      admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Indirizzo email non valido");
  });

  it("finds the user by email in any case", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const student = await registerStudent(client, { email: "dario.rosa@accademia.it" });
    const answer = await client.post(
      "/api/auth/admin-reset-password",
      { email: " Dario.Rosa@Accademia.it ", newPassword: "Nuova-Chiave-2026" },
      admin.token,
    );
    expect(answer.status).toBe(200);
    expect((await signIn(client, student.user.email, "Nuova-Chiave-2026")).status).toBe(200);
  });
});

describe("PUT /api/auth/users/:id/reset-password input", () => {
  it("refuses an id that is not a positive number", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    for (const id of ["abc", "0", "-3", "1.5"]) {
      const answer = await client.put(
        `/api/auth/users/${id}/reset-password`,
        { newPassword: "Nuova-Chiave-2026" },
        admin.token,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Utente non valido");
    }
  });
});

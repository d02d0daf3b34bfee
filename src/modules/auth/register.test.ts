import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, users } from "../../db/schema";
import { COURSES } from "../../domain/courses";
import { createTestClient, registerStudent, signInAdmin, studentData } from "../../testing/harness";

const register = (client: ReturnType<typeof createTestClient>, body: unknown, token?: string) =>
  client.post("/api/auth/register", body, token);

/** The admin's new-user form: role chosen, course and phone optional. */
function adminFormData(overrides: Record<string, unknown> = {}) {
  const { corso_accademico: _course, ...rest } = studentData();
  return { ...rest, ruolo: "user", ...overrides };
}

describe("POST /api/auth/register (public)", () => {
  it("creates a student, signs them in and stores the email trimmed and lower-cased", async () => {
    const client = createTestClient();
    const answer = await register(client, studentData({ email: "  Nuova.Studentessa@Accademia.IT " }));
    expect(answer.status).toBe(200);
    expect(typeof answer.body.token).toBe("string");
    expect(answer.body.user).toMatchObject({
      email: "nuova.studentessa@accademia.it",
      ruolo: "user",
      isAdmin: false,
      corso_accademico: "Fotografia",
    });
    const me = await client.get("/api/auth/me", answer.body.token);
    expect(me.body.user.email).toBe("nuova.studentessa@accademia.it");
  });

  it("accepts every course of the fixed list", async () => {
    const client = createTestClient();
    for (const course of COURSES) {
      const answer = await register(client, studentData({ corso_accademico: course }));
      expect(answer.status).toBe(200);
      expect(answer.body.user.corso_accademico).toBe(course);
    }
  });

  it("always creates a student, whatever ruolo or role says", async () => {
    const client = createTestClient();
    for (const body of [studentData({ ruolo: "admin" }), studentData({ ruolo: undefined, role: "admin" })]) {
      const answer = await register(client, body);
      expect(answer.status).toBe(200);
      expect(answer.body.user.ruolo).toBe("user");
      expect(answer.body.user.isAdmin).toBe(false);
      expect((await client.get("/api/auth/users", answer.body.token)).status).toBe(403);
    }
  });

  it("treats a student's token on register as a public registration", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const answer = await register(client, studentData({ ruolo: "admin" }), student.token);
    expect(answer.status).toBe(200);
    expect(answer.body.user.ruolo).toBe("user");
    expect(typeof answer.body.token).toBe("string");
  });

  it("stores only an argon2id hash of the password", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const row = client.ctx.db.select().from(users).where(eq(users.id, student.user.id)).get();
    expect(row?.passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(row?.passwordHash).not.toContain(student.password);
  });

  it("writes no audit row for a student's own registration", async () => {
    const client = createTestClient();
    await registerStudent(client);
    expect(client.ctx.db.select().from(auditLog).all()).toHaveLength(0);
  });

  const missing: Array<[string, string]> = [
    ["email", "L'email è obbligatoria"],
    ["password", "La password è obbligatoria"],
    ["name", "Il nome è obbligatorio"],
    ["surname", "Il cognome è obbligatorio"],
    ["matricola", "La matricola è obbligatoria"],
    ["corso_accademico", "Seleziona il corso accademico"],
  ];
  for (const [field, message] of missing) {
    it(`refuses a registration without ${field}: "${message}"`, async () => {
      const client = createTestClient();
      const body: Record<string, unknown> = studentData();
      delete body[field];
      const absent = await register(client, body);
      expect(absent.status).toBe(400);
      expect(absent.body.error).toBe(message);
      const blank = await register(client, studentData({ [field]: field === "password" ? "" : "   " }));
      expect(blank.status).toBe(400);
      expect(blank.body.error).toBe(message);
      expect(client.ctx.db.select().from(users).all()).toHaveLength(0);
    });
  }

  it("refuses a malformed email", async () => {
    const client = createTestClient();
    for (const email of ["giulia", "giulia@", "@accademia.it", "giulia @accademia.it", "giulia@accademia"]) {
      const answer = await register(client, studentData({ email }));
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Indirizzo email non valido");
    }
  });

  it("refuses a course that is not in the fixed list", async () => {
    const client = createTestClient();
    for (const course of ["Scultura", "fotografia", "Design "]) {
      const answer = await register(client, studentData({ corso_accademico: course }));
      if (course === "Design ") {
        // Surrounding spaces are trimmed like every other text field.
        expect(answer.status).toBe(200);
        continue;
      }
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Corso accademico non valido");
    }
  });

  it("refuses a password shorter than 8 characters", async () => {
    const client = createTestClient();
    const answer = await register(client, studentData({ password: "Corta-1" }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("La password deve contenere almeno 8 caratteri");
  });

  it("refuses a common password in any case", async () => {
    const client = createTestClient();
    for (const password of ["password123", "Password123", "12345678", "PrestaLab"]) {
      const answer = await register(client, studentData({ password }));
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Password troppo comune");
    }
  });

  it("refuses malformed JSON, a body that is not an object and fields of the wrong type", async () => {
    const client = createTestClient();
    const malformed = await client.call("POST", "/api/auth/register", { raw: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("Richiesta non valida: il corpo non è un JSON corretto");
    for (const body of [[], "studente", studentData({ name: 7 }), studentData({ password: 12345678 })]) {
      const answer = await register(client, body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.error).toBe("string");
    }
    expect(client.ctx.db.select().from(users).all()).toHaveLength(0);
  });

  it.each([
    [
      "email in another case, accented letters included",
      { email: "élodie.rossi@accademia.it" },
      { email: "Élodie.Rossi@Accademia.it" },
      "Email già registrata",
    ],
    ["matricola", { matricola: "AB1234" }, { matricola: " AB1234 " }, "Matricola già registrata"],
  ])("refuses a second account with the same %s", async (_what, first, second, message) => {
    const client = createTestClient();
    await registerStudent(client, first);
    const answer = await register(client, studentData(second));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(message);
  });

  it("refuses a username already taken in another case or Unicode form, accented letters included", async () => {
    const client = createTestClient();
    await registerStudent(client, { username: "Élodie" });
    for (const username of ["élodie", "E\u0301LODIE"]) {
      const answer = await register(client, studentData({ username }));
      expect(answer.status).toBe(409);
      expect(answer.body.error).toBe("Nome utente già in uso");
    }
  });

  it("lets a classroom register from one address: 50 registrations in a row pass, then the 51st waits", async () => {
    const client = createTestClient();
    let passed = 0;
    for (let i = 0; i < 50; i++) if ((await register(client, studentData())).status === 200) passed++;
    expect(passed).toBe(50);
    expect((await register(client, studentData())).status).toBe(429);
  });
});

describe("POST /api/auth/register with an administrator's token", () => {
  /** A fresh PrestaLab with its desk administrator signed in. */
  async function signedInDesk() {
    const client = createTestClient();
    return { client, admin: await signInAdmin(client) };
  }

  it("creates a student with the role chosen, no course needed, and keeps the admin signed in", async () => {
    const { client, admin } = await signedInDesk();
    const answer = await register(client, adminFormData({ phone: "+39 333 1234567" }), admin.token);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ ruolo: "user", corso_accademico: null, phone: "+39 333 1234567" });
    expect(typeof answer.body.user.id).toBe("number");
    expect(answer.body.token).toBeUndefined();
    const me = await client.get("/api/auth/me", admin.token);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe("desk@accademia.it");
  });

  it("creates an administrator when ruolo or role says admin", async () => {
    const { client, admin } = await signedInDesk();
    for (const choice of [{ ruolo: "admin" }, { ruolo: undefined, role: "admin" }]) {
      const data = adminFormData(choice);
      const answer = await register(client, data, admin.token);
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({ ruolo: "admin", isAdmin: true });
      const signIn = await client.post("/api/auth/login", { email: data.email, password: data.password });
      expect(signIn.status).toBe(200);
      expect((await client.get("/api/auth/users", signIn.body.token)).status).toBe(200);
    }
  });

  it("answers 401 to an expired or junk session instead of creating a student", async () => {
    const { client, admin } = await signedInDesk();
    await client.post(
      "/api/auth/admin-reset-password",
      { email: "desk@accademia.it", newPassword: "Nuovo-Banco-2026" },
      admin.token,
    );
    for (const token of [admin.token, "non-un-token"]) {
      const answer = await register(client, adminFormData({ ruolo: "admin" }), token);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe("Sessione scaduta, accedi di nuovo");
    }
    expect(client.ctx.db.select().from(users).all()).toHaveLength(1);
  });

  it.each([
    [
      "still checks the course against the fixed list when one is given",
      { corso_accademico: "Scultura" },
      "Corso accademico non valido",
    ],
    ["refuses a role other than user or admin", { ruolo: "superuser" }, "Ruolo non valido"],
  ])("%s", async (_behaviour, change, message) => {
    const { client, admin } = await signedInDesk();
    const answer = await register(client, adminFormData(change), admin.token);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(message);
  });

  it("applies the same password and uniqueness rules", async () => {
    const { client, admin } = await signedInDesk();
    const short = await register(client, adminFormData({ password: "abc" }), admin.token);
    expect(short.body.error).toBe("La password deve contenere almeno 8 caratteri");
    const taken = await register(client, adminFormData({ email: "DESK@accademia.it" }), admin.token);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("Email già registrata");
  });

  it("accepts the temporary password the direct-loan wizard generates", async () => {
    const { client, admin } = await signedInDesk();
    const data = adminFormData({ password: `temp${Date.now()}`, corso_accademico: "Pittura" });
    const answer = await register(client, data, admin.token);
    expect(answer.status).toBe(200);
  });

  it("writes exactly one audit row naming the new account", async () => {
    const { client, admin } = await signedInDesk();
    const answer = await register(client, adminFormData({ name: "Paolo", surname: "Gialli" }), admin.token);
    const rows = client.ctx.db.select().from(auditLog).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.user.id,
      actorEmail: "desk@accademia.it",
      action: "user.create",
      entity: "user",
      entityId: answer.body.user.id,
    });
    expect(rows[0]?.summary).toContain("Paolo Gialli");
  });
});

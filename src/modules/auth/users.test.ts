import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { auditLog, inventario, prestiti, prestitiUnita, richieste, segnalazioni, unita, users } from "../../db/schema";
import {
  createTestClient,
  deskAndStudent,
  type Json,
  registerStudent,
  signInAdmin,
  type TestClient,
} from "../../testing/harness";
import { unitCode } from "../inventory/service";

/** One item with one unit, as the inventory module would have stored it. */
function insertItemWithUnit(ctx: AppContext) {
  const item = ctx.db
    .insert(inventario)
    .values({ nome: "Fotocamera Canon EOS R6", dataAggiunta: "2026-01-10" })
    .returning()
    .get();
  const unit = ctx.db
    .insert(unita)
    .values({ inventarioId: item.id, ...unitCode(`CANON_${item.id}_001`) })
    .returning()
    .get();
  return { item, unit };
}

function insertLoan(ctx: AppContext, user: { id: number; email: string }, stato: "attivo" | "scaduto" | "restituito") {
  const { item, unit } = insertItemWithUnit(ctx);
  const loan = ctx.db
    .insert(prestiti)
    .values({
      utenteId: user.id,
      chi: "Giulia Rossi",
      utenteEmail: user.email,
      inventarioId: item.id,
      dataUscita: "2026-03-01",
      dataRientro: "2026-03-08",
      dataRestituzione: stato === "restituito" ? "2026-03-07" : null,
      stato,
      createdAt: "2026-03-01T09:00:00.000Z",
    })
    .returning()
    .get();
  ctx.db.insert(prestitiUnita).values({ prestitoId: loan.id, unitId: unit.id }).run();
  return loan;
}

function insertRequest(ctx: AppContext, user: { id: number }, stato: "in_attesa" | "approvata" | "rifiutata") {
  const { item, unit } = insertItemWithUnit(ctx);
  return ctx.db
    .insert(richieste)
    .values({
      utenteId: user.id,
      inventarioId: item.id,
      unitId: unit.id,
      dal: "2026-03-12",
      al: "2026-03-14",
      stato,
      createdAt: "2026-03-10T08:00:00.000Z",
    })
    .returning()
    .get();
}

function insertReport(ctx: AppContext, user: { id: number }, stato: "aperta" | "in_corso" | "risolta" | "chiusa") {
  const { item, unit } = insertItemWithUnit(ctx);
  return ctx.db
    .insert(segnalazioni)
    .values({
      userId: user.id,
      inventarioId: item.id,
      unitId: unit.id,
      tipo: "guasto",
      urgenza: "media",
      messaggio: "L'otturatore si blocca",
      stato,
      createdAt: "2026-03-09T10:00:00.000Z",
    })
    .returning()
    .get();
}

const auditRows = (client: TestClient) => client.ctx.db.select().from(auditLog).all();

/** The profile as the admin's edit form sends it. */
/** The desk saves `student`'s profile form, with `changes` made to it: the answer as it comes. */
function saveProfile(
  client: TestClient,
  adminToken: string,
  student: { user: Json },
  changes: Record<string, unknown> = {},
) {
  return client.put(`/api/auth/users/${student.user.id}`, editForm(student.user, changes), adminToken);
}

function editForm(user: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return {
    name: user.name,
    surname: user.surname,
    email: user.email,
    matricola: user.matricola,
    corso_accademico: user.corso_accademico,
    phone: user.phone,
    ...overrides,
  };
}

describe("GET /api/auth/users", () => {
  it("lists every account sorted by surname with the fields the user screen shows", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    await registerStudent(client, { name: "Zeno", surname: "Amato" });
    await registerStudent(client, { name: "Anna", surname: "Zanetti" });
    const list = await client.get("/api/auth/users", admin.token);
    expect(list.status).toBe(200);
    expect(list.body.map((user: { surname: string }) => user.surname)).toEqual(["Amato", "Bianchi", "Zanetti"]);
    expect(list.body[0]).toMatchObject({
      name: "Zeno",
      ruolo: "user",
      isAdmin: false,
      corso_accademico: "Fotografia",
      penalty_strikes: 0,
      is_blocked: false,
      blocked_reason: null,
    });
    expect(list.body[1]).toMatchObject({ email: "desk@accademia.it", ruolo: "admin", isAdmin: true });
    for (const user of list.body as Json[]) {
      expect(Object.keys(user).some((key) => /password|hash|session/i.test(key))).toBe(false);
    }
  });
});

describe("PUT /api/auth/users/:id", () => {
  it("updates the profile and the change is visible to the user", async () => {
    const { client, admin, student } = await deskAndStudent();
    const answer = await saveProfile(client, admin.token, student, {
      name: "Giulia Maria",
      email: " Giulia.Maria@Accademia.it",
      corso_accademico: "Design",
      phone: "+39 320 0000000",
      matricola: "NUOVA-01",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: student.user.id,
      name: "Giulia Maria",
      email: "giulia.maria@accademia.it",
      corso_accademico: "Design",
      phone: "+39 320 0000000",
      matricola: "NUOVA-01",
    });
    const me = await client.get("/api/auth/me", student.token);
    expect(me.body.user.email).toBe("giulia.maria@accademia.it");
    const signIn = await client.post("/api/auth/login", {
      email: "giulia.maria@accademia.it",
      password: student.password,
    });
    expect(signIn.status).toBe(200);
  });

  it("never changes the role or the password, and keeps the user signed in", async () => {
    const { client, admin, student } = await deskAndStudent();
    const answer = await saveProfile(client, admin.token, student, {
      ruolo: "admin",
      role: "admin",
      password: "Nuova-Chiave-2026",
      newPassword: "Altra-2026!",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.ruolo).toBe("user");
    expect((await client.get("/api/auth/users", student.token)).status).toBe(403);
    expect((await client.get("/api/auth/me", student.token)).status).toBe(200);
    const oldPassword = await client.post("/api/auth/login", { email: student.user.email, password: student.password });
    expect(oldPassword.status).toBe(200);
    const newPassword = await client.post("/api/auth/login", {
      email: student.user.email,
      password: "Nuova-Chiave-2026",
    });
    expect(newPassword.status).toBe(401);
  });

  it("makes phone and course optional and clears them when left empty", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const student = await registerStudent(client, { phone: "+39 333 1111111" });
    const answer = await saveProfile(client, admin.token, student, { phone: "", corso_accademico: null });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ phone: null, corso_accademico: null });
  });

  it("writes exactly one audit row", async () => {
    const { client, admin, student } = await deskAndStudent();
    await saveProfile(client, admin.token, student, { name: "Giulia" });
    const rows = auditRows(client);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "user.update", entity: "user", entityId: student.user.id });
  });

  const required: Array<[string, string]> = [
    ["name", "Il nome è obbligatorio"],
    ["surname", "Il cognome è obbligatorio"],
    ["email", "L'email è obbligatoria"],
    ["matricola", "La matricola è obbligatoria"],
  ];
  for (const [field, message] of required) {
    it(`refuses an edit with a blank ${field}: "${message}"`, async () => {
      const { client, admin, student } = await deskAndStudent();
      for (const value of [undefined, "", "  "]) {
        const answer = await saveProfile(client, admin.token, student, { [field]: value });
        expect(answer.status).toBe(400);
        expect(answer.body.error).toBe(message);
      }
      expect(auditRows(client)).toHaveLength(0);
    });
  }

  it("refuses a malformed email, an unknown course, wrong types and malformed JSON", async () => {
    const { client, admin, student } = await deskAndStudent();
    const path = `/api/auth/users/${student.user.id}`;
    const email = await client.put(path, editForm(student.user, { email: "giulia.rossi" }), admin.token);
    expect(email.body.error).toBe("Indirizzo email non valido");
    const course = await client.put(path, editForm(student.user, { corso_accademico: "Scultura" }), admin.token);
    expect(course.body.error).toBe("Corso accademico non valido");
    const types = await client.put(path, editForm(student.user, { name: ["Giulia"] }), admin.token);
    expect(types.status).toBe(400);
    const malformed = await client.call("PUT", path, { raw: "{name:", token: admin.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("Richiesta non valida: il corpo non è un JSON corretto");
    const me = await client.get("/api/auth/me", student.token);
    expect(me.body.user.email).toBe(student.user.email);
  });

  it("refuses another account's email in another case, and another's matricola", async () => {
    const { client, admin, student } = await deskAndStudent();
    const other = await registerStudent(client, { email: "occupata@accademia.it", matricola: "MAT-77" });
    const path = `/api/auth/users/${student.user.id}`;
    const email = await client.put(path, editForm(student.user, { email: "OCCUPATA@accademia.it" }), admin.token);
    expect(email.status).toBe(409);
    expect(email.body.error).toBe("Email già registrata");
    const matricola = await client.put(path, editForm(student.user, { matricola: other.user.matricola }), admin.token);
    expect(matricola.status).toBe(409);
    expect(matricola.body.error).toBe("Matricola già registrata");
  });

  it("lets a user keep their own email and matricola", async () => {
    const { client, admin, student } = await deskAndStudent();
    const answer = await saveProfile(client, admin.token, student);
    expect(answer.status).toBe(200);
  });

  it("answers 404 for an unknown user and 400 for an id that is not a number", async () => {
    const { client, admin, student } = await deskAndStudent();
    const unknown = await client.put("/api/auth/users/424242", editForm(student.user), admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("Utente non trovato");
    const bad = await client.put("/api/auth/users/giulia", editForm(student.user), admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Utente non valido");
  });
});

describe("DELETE /api/auth/users/:id", () => {
  it("deletes a student: gone from the list, their session ends and they cannot sign in", async () => {
    const { client, admin, student } = await deskAndStudent();
    const answer = await client.delete(`/api/auth/users/${student.user.id}`, admin.token);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Utente eliminato");
    const list = await client.get("/api/auth/users", admin.token);
    expect(list.body.map((user: { id: number }) => user.id)).not.toContain(student.user.id);
    expect((await client.get("/api/auth/me", student.token)).status).toBe(401);
    const signIn = await client.post("/api/auth/login", { email: student.user.email, password: student.password });
    expect(signIn.status).toBe(401);
  });

  it("frees the email and matricola for a new registration", async () => {
    const { client, admin, student } = await deskAndStudent();
    await client.delete(`/api/auth/users/${student.user.id}`, admin.token);
    const again = await client.post("/api/auth/register", {
      name: "Giulia",
      surname: "Rossi",
      email: student.user.email,
      matricola: student.user.matricola,
      password: "Di-nuovo-qui-2026",
      corso_accademico: "Fotografia",
    });
    expect(again.status).toBe(200);
  });

  it("writes exactly one audit row", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const student = await registerStudent(client, { name: "Pietro", surname: "Neri" });
    await client.delete(`/api/auth/users/${student.user.id}`, admin.token);
    const rows = auditRows(client);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "user.delete", entity: "user", entityId: student.user.id });
    expect(rows[0]?.summary).toContain("Pietro Neri");
  });

  it("refuses to delete an administrator with an Italian message", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const other = await signInAdmin(client, "seconda@accademia.it");
    for (const target of [other.user.id, admin.user.id]) {
      const answer = await client.delete(`/api/auth/users/${target}`, admin.token);
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe("Gli account amministratore non possono essere eliminati");
    }
    expect((await client.get("/api/auth/me", other.token)).status).toBe(200);
    expect(auditRows(client)).toHaveLength(0);
  });

  it("answers 404 for an unknown user and 400 for an id that is not a number", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const unknown = await client.delete("/api/auth/users/31337", admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("Utente non trovato");
    expect((await client.delete("/api/auth/users/uno", admin.token)).status).toBe(400);
  });

  const commitments: Array<[string, (ctx: AppContext, user: { id: number; email: string }) => void, string]> = [
    ["an active loan", (ctx, user) => insertLoan(ctx, user, "attivo"), "prestiti in corso"],
    ["an overdue loan", (ctx, user) => insertLoan(ctx, user, "scaduto"), "prestiti in corso"],
    ["a pending request", (ctx, user) => insertRequest(ctx, user, "in_attesa"), "richieste in attesa"],
    ["an open fault report", (ctx, user) => insertReport(ctx, user, "aperta"), "segnalazioni aperte"],
    ["a fault report being handled", (ctx, user) => insertReport(ctx, user, "in_corso"), "segnalazioni aperte"],
  ];
  for (const [what, insert, reason] of commitments) {
    it(`refuses with 409 while the user has ${what}`, async () => {
      const { client, admin, student } = await deskAndStudent();
      insert(client.ctx, student.user as never);
      const answer = await client.delete(`/api/auth/users/${student.user.id}`, admin.token);
      expect(answer.status).toBe(409);
      expect(answer.body.error).toBe(`Impossibile eliminare l'utente: ha ${reason}`);
      expect((await client.get("/api/auth/me", student.token)).status).toBe(200);
      expect(auditRows(client)).toHaveLength(0);
    });
  }

  it("names every kind of open commitment at once", async () => {
    const { client, admin, student } = await deskAndStudent();
    insertLoan(client.ctx, student.user as never, "attivo");
    insertRequest(client.ctx, student.user as never, "in_attesa");
    insertReport(client.ctx, student.user as never, "aperta");
    const answer = await client.delete(`/api/auth/users/${student.user.id}`, admin.token);
    expect(answer.body.error).toBe(
      "Impossibile eliminare l'utente: ha prestiti in corso, richieste in attesa, segnalazioni aperte",
    );
  });

  it("allows deletion once everything is closed, and the loan history keeps who borrowed", async () => {
    const { client, admin, student } = await deskAndStudent();
    const loan = insertLoan(client.ctx, student.user as never, "restituito");
    const request = insertRequest(client.ctx, student.user as never, "approvata");
    const report = insertReport(client.ctx, student.user as never, "chiusa");
    insertReport(client.ctx, student.user as never, "risolta");
    insertRequest(client.ctx, student.user as never, "rifiutata");
    const answer = await client.delete(`/api/auth/users/${student.user.id}`, admin.token);
    expect(answer.status).toBe(200);
    const kept = client.ctx.db.select().from(prestiti).where(eq(prestiti.id, loan.id)).get();
    expect(kept).toMatchObject({ utenteId: null, chi: "Giulia Rossi", utenteEmail: student.user.email });
    expect(client.ctx.db.select().from(richieste).where(eq(richieste.id, request.id)).get()?.utenteId).toBeNull();
    expect(client.ctx.db.select().from(segnalazioni).where(eq(segnalazioni.id, report.id)).get()?.userId).toBeNull();
    expect(client.ctx.db.select().from(users).where(eq(users.id, student.user.id)).get()).toBeUndefined();
  });

  it("also removes the user's pending password-reset request from the desk's list", async () => {
    const { client, admin, student } = await deskAndStudent();
    await client.post("/api/auth/forgot-password", { email: student.user.email });
    await client.delete(`/api/auth/users/${student.user.id}`, admin.token);
    expect((await client.get("/api/auth/password-reset-requests", admin.token)).body).toEqual([]);
  });
});

describe("PUT and DELETE /api/users/:id, the paths an existing desk client calls", () => {
  it("edit and delete the account as /api/auth/users/:id does", async () => {
    const { client, admin, student } = await deskAndStudent();
    const edit = await client.put(
      `/api/users/${student.user.id}`,
      editForm(student.user, { name: "Giulia Maria" }),
      admin.token,
    );
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ id: student.user.id, name: "Giulia Maria" });
    const removal = await client.delete(`/api/users/${student.user.id}`, admin.token);
    expect(removal.status).toBe(200);
    expect(removal.body.message).toBe("Utente eliminato");
    const list = await client.get("/api/auth/users", admin.token);
    expect(list.body.map((user: { id: number }) => user.id)).not.toContain(student.user.id);
  });
});

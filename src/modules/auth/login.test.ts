import { describe, expect, it, setSystemTime } from "bun:test";
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Logger } from "../../logger";
import {
  createTestClient,
  createTestContext,
  deskAndStudent,
  registerStudent,
  signIn,
  signInAdmin,
  type TestClient,
} from "../../testing/harness";

/** A sign-in that arrives through a reverse proxy with these headers. */
function loginFrom(client: TestClient, identifier: string, password: string, headers: Record<string, string>) {
  return client.call("POST", "/api/auth/login", {
    body: { email: identifier, username: identifier, password },
    headers,
  });
}

/** An HS256 token signed like the server's, with claims chosen by the test (e.g. an `exp` in the past). */
function handMadeToken(secret: string, claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A hand-made token of the account `userId`: a live session's claims for an hour, with `change` applied, signed with `secret`. */
function studentToken(
  client: TestClient,
  userId: number,
  change: Record<string, unknown> = {},
  secret = client.ctx.jwtSecret,
): string {
  return handMadeToken(secret, {
    sub: String(userId),
    ruolo: "user",
    sv: 1,
    exp: nowSeconds() + 3600,
    ...change,
  });
}

describe("POST /api/auth/login", () => {
  it("signs a student in by email and answers a token and the user without any password data", async () => {
    const client = createTestClient();
    const student = await registerStudent(client, { email: "giulia.rossi@accademia.it" });
    const answer = await signIn(client, "giulia.rossi@accademia.it", student.password);
    expect(answer.status).toBe(200);
    expect(typeof answer.body.token).toBe("string");
    expect(answer.body.user).toMatchObject({
      email: "giulia.rossi@accademia.it",
      name: "Giulia",
      ruolo: "user",
      isAdmin: false,
      penalty_strikes: 0,
      is_blocked: false,
    });
    expect(JSON.stringify(answer.body)).not.toContain("$argon2");
    expect(Object.keys(answer.body.user).some((key) => /password|hash|session/i.test(key))).toBe(false);
    const me = await client.get("/api/auth/me", answer.body.token);
    expect(me.body.user.id).toBe(student.user.id);
  });

  it.each([
    {
      says: "accepts the email in another case and with surrounding spaces",
      registered: { email: "marco.bianchi@accademia.it" },
      typed: "  Marco.Bianchi@ACCADEMIA.it ",
    },
    {
      says: "signs in by username in any case, accented letters included",
      registered: { username: "élodieR" },
      typed: "ÉLODIER",
    },
  ])("$says", async ({ registered, typed }) => {
    const client = createTestClient();
    const student = await registerStudent(client, registered);
    const answer = await signIn(client, typed, student.password);
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(student.user.id);
  });

  it("signs in when the client fills only one of the two identifier fields", async () => {
    const client = createTestClient();
    const student = await registerStudent(client, { username: "luca.verdi" });
    const byEmailOnly = await client.post("/api/auth/login", { email: student.user.email, password: student.password });
    expect(byEmailOnly.status).toBe(200);
    const byUsernameOnly = await client.post("/api/auth/login", {
      email: "",
      username: "luca.verdi",
      password: student.password,
    });
    expect(byUsernameOnly.status).toBe(200);
    expect(byUsernameOnly.body.user.id).toBe(student.user.id);
  });

  it("lets the owner of an email sign in even when another account chose that email as username", async () => {
    const client = createTestClient();
    const squatter = await registerStudent(client, { username: "sara.neri@accademia.it" });
    const owner = await registerStudent(client, { email: "sara.neri@accademia.it", password: "Proprietaria-2026" });
    const answer = await signIn(client, "sara.neri@accademia.it", "Proprietaria-2026");
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(owner.user.id);
    expect((await signIn(client, squatter.user.email, squatter.password)).status).toBe(200);
  });

  it("verifies the password exactly as typed: case and spaces matter", async () => {
    const client = createTestClient();
    const student = await registerStudent(client, { password: " Spazi e Maiuscole " });
    for (const attempt of [" spazi e maiuscole ", "Spazi e Maiuscole", " Spazi e Maiuscole  ", " SPAZI E MAIUSCOLE "]) {
      const answer = await signIn(client, student.user.email, attempt);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe("Credenziali non valide");
    }
    expect((await signIn(client, student.user.email, " Spazi e Maiuscole ")).status).toBe(200);
  });

  it("answers the same 401 for an unknown account and for a wrong password", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const unknown = await signIn(client, "nessuno@accademia.it", "Qualcosa-di-lungo");
    const wrong = await signIn(client, student.user.email, "Qualcosa-di-lungo");
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body.error).toBe("Credenziali non valide");
  });

  it("refuses missing or blank fields with 400", async () => {
    const client = createTestClient();
    const message = "Inserisci email o nome utente e password";
    for (const body of [
      {},
      { password: "Abbastanza-lunga" },
      { email: "   ", username: "  ", password: "Abbastanza-lunga" },
      { email: "a@accademia.it", username: "a@accademia.it" },
      { email: "a@accademia.it", username: "a@accademia.it", password: "" },
    ]) {
      const answer = await client.post("/api/auth/login", body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(message);
    }
  });

  it("refuses malformed JSON and wrong types with 400", async () => {
    const client = createTestClient();
    const malformed = await client.call("POST", "/api/auth/login", { raw: '{"email": "a@b.it",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("Richiesta non valida: il corpo non è un JSON corretto");
    for (const body of [
      { email: 42, password: "Abbastanza-lunga" },
      { email: "a@accademia.it", password: 12345678 },
      ["a@accademia.it"],
      "a@accademia.it",
    ]) {
      const answer = await client.post("/api/auth/login", body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.error).toBe("string");
    }
  });

  it("lets a blocked student sign in, so they can see why they are blocked", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    client.ctx.db
      .update(users)
      .set({ isBlocked: true, penaltyStrikes: 3, blockedReason: "Blocco automatico" })
      .where(eq(users.id, student.user.id))
      .run();
    const answer = await signIn(client, student.user.email, student.password);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({
      is_blocked: true,
      penalty_strikes: 3,
      blocked_reason: "Blocco automatico",
    });
  });

  it("logs every sign-in attempt with its identifier and outcome, never the password", async () => {
    const lines: string[] = [];
    const record = (line: string) => void lines.push(line);
    const logger: Logger = { debug: record, info: record, warn: record, error: record };
    const client = createTestClient({ ...createTestContext(), logger });
    const student = await registerStudent(client, { email: "log.me@accademia.it", password: "Mai-nei-log-42" });
    await signIn(client, "log.me@accademia.it", "Sbagliata-nei-log");
    await signIn(client, "log.me@accademia.it", "Mai-nei-log-42");
    const signIns = lines.filter((line) => line.startsWith("sign-in"));
    expect(signIns).toEqual([
      expect.stringMatching(/^sign-in failed identifier=log\.me@accademia\.it ip=\S+$/),
      expect.stringMatching(/^sign-in ok identifier=log\.me@accademia\.it ip=\S+$/),
    ]);
    const everything = lines.join("\n");
    for (const secret of ["Mai-nei-log-42", "Sbagliata-nei-log", student.token])
      expect(everything).not.toContain(secret);
  });
});

describe("sign-in throttling", () => {
  it("answers 429 after 10 failed sign-ins for one identifier, even with the right password", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(client, student.user.email, `Sbagliata-${i}-xx`)).status).toBe(401);
    }
    for (const password of ["Sbagliata-ancora", student.password]) {
      const answer = await signIn(client, student.user.email, password);
      expect(answer.status).toBe(429);
      expect(answer.body.error).toBe("Troppi tentativi, riprova più tardi");
    }
  });

  it("counts the identifier in any case as the same one", async () => {
    const client = createTestClient();
    const student = await registerStudent(client, { email: "anna.blu@accademia.it" });
    for (let i = 0; i < 10; i++)
      await signIn(client, i % 2 ? "ANNA.BLU@accademia.it" : "anna.blu@accademia.it", "No-no-no-no");
    expect((await signIn(client, "Anna.Blu@Accademia.it", student.password)).status).toBe(429);
  });

  it("does not lock out another identifier from the same client", async () => {
    const client = createTestClient();
    const victim = await registerStudent(client);
    const classmate = await registerStudent(client);
    for (let i = 0; i < 12; i++) await signIn(client, victim.user.email, "Tentativo-sbagliato");
    expect((await signIn(client, victim.user.email, victim.password)).status).toBe(429);
    const answer = await signIn(client, classmate.user.email, classmate.password);
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(classmate.user.id);
  });

  it("never throttles successful sign-ins: 120 in a row all pass", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await signIn(client, student.user.email, student.password)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    for (let i = 0; i < 9; i++) await signIn(client, student.user.email, "Errata-errata");
    expect((await signIn(client, student.user.email, student.password)).status).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect((await signIn(client, student.user.email, "Errata-errata")).status).toBe(401);
    }
    expect((await signIn(client, student.user.email, student.password)).status).toBe(200);
  });

  it("never locks the owner out: ten wrong passwords from a student's laptop leave the desk's own address free", async () => {
    const client = createTestClient({ ...createTestContext(), trustProxy: true });
    const admin = await signInAdmin(client);
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    for (let i = 0; i < 10; i++)
      expect((await loginFrom(client, admin.user.email, "Indovino-io", from("10.0.0.66"))).status).toBe(401);
    expect((await loginFrom(client, admin.user.email, admin.password, from("10.0.0.66"))).status).toBe(429);
    const desk = await loginFrom(client, admin.user.email, admin.password, from("10.0.0.1"));
    expect(desk.status).toBe(200);
  });

  it("takes the address from X-Forwarded-For only behind a trusted proxy, and then only the proxy's entry", async () => {
    const direct = createTestClient();
    const student = await registerStudent(direct);
    for (let i = 0; i < 10; i++)
      await loginFrom(direct, student.user.email, "Sbagliata-xx", { "x-forwarded-for": `10.0.1.${i}` });
    // Without TRUST_PROXY the header is the client's claim: all ten came from one socket address.
    expect((await signIn(direct, student.user.email, student.password)).status).toBe(429);

    const proxied = createTestClient({ ...createTestContext(), trustProxy: true });
    const other = await registerStudent(proxied);
    for (let i = 0; i < 10; i++)
      await loginFrom(proxied, other.user.email, "Sbagliata-xx", { "x-forwarded-for": `10.0.2.${i}, 10.0.0.66` });
    // The client wrote the first entries; the proxy appended the real one, the same every time.
    const answer = await loginFrom(proxied, other.user.email, other.password, { "x-forwarded-for": "10.0.0.66" });
    expect(answer.status).toBe(429);
  });

  it("throttles one address that fails with many different identifiers", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    for (let i = 0; i < 100; i++) {
      expect((await signIn(client, `tentativo${i}@accademia.it`, "Indovina-indovina")).status).toBe(401);
    }
    expect((await signIn(client, student.user.email, student.password)).status).toBe(429);
  });
});

describe("GET /api/auth/me and session tokens", () => {
  it("answers the signed-in user wrapped in `user`, with isAdmin for an administrator", async () => {
    const { client, admin, student } = await deskAndStudent();
    const adminMe = await client.get("/api/auth/me", admin.token);
    expect(adminMe.status).toBe(200);
    expect(adminMe.body.user).toMatchObject({ email: "desk@accademia.it", ruolo: "admin", isAdmin: true });
    const studentMe = await client.get("/api/auth/me", student.token);
    expect(studentMe.body.user).toMatchObject({ id: student.user.id, ruolo: "user", isAdmin: false });
  });

  it("answers 401 with an Italian message without a token", async () => {
    const client = createTestClient();
    const answer = await client.get("/api/auth/me");
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe("Sessione scaduta, accedi di nuovo");
  });

  it("answers 401 for junk, foreign, malformed and non-bearer tokens", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const foreign = studentToken(client, student.user.id, {}, "another-secret-entirely-0123456789");
    const tampered = `${student.token.split(".").slice(0, 2).join(".")}.${"A".repeat(43)}`;
    for (const token of ["abc", "a.b.c", foreign, tampered]) {
      const answer = await client.get("/api/auth/me", token);
      expect(answer.status).toBe(401);
    }
    const basic = await client.app.handle(
      new Request("http://localhost/api/auth/me", { headers: { authorization: `Basic ${student.token}` } }),
    );
    expect(basic.status).toBe(401);
  });

  it("answers 401 for an expired token and accepts the same claims while still valid", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const valid = studentToken(client, student.user.id, { exp: nowSeconds() + 60 });
    expect((await client.get("/api/auth/me", valid)).status).toBe(200);
    const expired = studentToken(client, student.user.id, { exp: nowSeconds() - 60 });
    const answer = await client.get("/api/auth/me", expired);
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe("Sessione scaduta, accedi di nuovo");
  });

  it("refuses a token it already accepted once it expires or its session ends", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const shortLived = studentToken(client, student.user.id, { exp: nowSeconds() + 60 });
    expect((await client.get("/api/auth/me", shortLived)).status).toBe(200);
    try {
      setSystemTime(new Date(Date.now() + 120_000));
      expect((await client.get("/api/auth/me", shortLived)).status).toBe(401);
    } finally {
      setSystemTime();
    }
    expect((await client.get("/api/auth/me", student.token)).status).toBe(200);
    client.ctx.db.update(users).set({ sessionVersion: 2 }).where(eq(users.id, student.user.id)).run();
    expect((await client.get("/api/auth/me", student.token)).status).toBe(401);
  });

  it("answers 401 for a token of an older session version", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const stale = studentToken(client, student.user.id, { sv: 0 });
    expect((await client.get("/api/auth/me", stale)).status).toBe(401);
  });

  it("does not let a forged role claim grant admin rights", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const forged = studentToken(client, student.user.id, { ruolo: "admin" });
    expect((await client.get("/api/auth/users", forged)).status).toBe(403);
  });

  it("issues tokens that expire after 12 hours", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const payload = JSON.parse(Buffer.from(student.token.split(".")[1] as string, "base64url").toString());
    expect(payload.exp - nowSeconds()).toBeGreaterThan(12 * 3600 - 60);
    expect(payload.exp - nowSeconds()).toBeLessThanOrEqual(12 * 3600);
    expect(payload).toMatchObject({ sub: String(student.user.id), ruolo: "user", sv: 1 });
  });
});

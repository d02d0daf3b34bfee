import { describe, expect, it } from "bun:test";
import { auditLog, users } from "../../db/schema";
import {
  createTestClient,
  deskAndStudent,
  type Json,
  registerStudent,
  signInAdmin,
  type TestClient,
} from "../../testing/harness";

interface Route {
  method: string;
  path: string;
  access: "public" | "signed-in" | "admin";
}

// Every account route and who may call it. `:id` is replaced by a real student's id.
const ROUTES: Route[] = [
  { method: "POST", path: "/api/auth/login", access: "public" },
  { method: "POST", path: "/api/auth/register", access: "public" },
  { method: "POST", path: "/api/auth/forgot-password", access: "public" },
  { method: "POST", path: "/api/auth/reimposta-password", access: "public" },
  // Academy sign-in: the sign-in screen's choices, the provider's round trip, the session hand-over.
  { method: "GET", path: "/api/auth/metodi", access: "public" },
  { method: "GET", path: "/api/auth/oidc/start", access: "public" },
  { method: "GET", path: "/api/auth/oidc/callback", access: "public" },
  { method: "POST", path: "/api/auth/oidc/sessione", access: "public" },
  { method: "GET", path: "/api/auth/me", access: "signed-in" },
  { method: "PUT", path: "/api/auth/me/corso", access: "signed-in" },
  { method: "PUT", path: "/api/auth/password", access: "signed-in" },
  { method: "GET", path: "/api/auth/users", access: "admin" },
  { method: "PUT", path: "/api/auth/users/:id", access: "admin" },
  { method: "PUT", path: "/api/auth/users/:id/reset-password", access: "admin" },
  { method: "DELETE", path: "/api/auth/users/:id", access: "admin" },
  { method: "POST", path: "/api/auth/admin-reset-password", access: "admin" },
  { method: "GET", path: "/api/auth/password-reset-requests", access: "admin" },
  // Aliases an existing desk client calls.
  { method: "PUT", path: "/api/users/:id", access: "admin" },
  { method: "DELETE", path: "/api/users/:id", access: "admin" },
];

// Bodies a caller without the right might send: none of them may be looked at before the access check.
const BODIES: Array<{ label: string; raw?: string; body?: unknown }> = [
  { label: "no body" },
  { label: "a valid-looking body", body: { email: "x@accademia.it", newPassword: "Valida-Abbastanza-1", name: "X" } },
  { label: "wrong types", body: { email: 5, newPassword: [], name: { a: 1 } } },
  { label: "malformed JSON", raw: "{not json" },
  { label: "a JSON array", body: [1, 2, 3] },
];

async function setup() {
  const { client, admin, student } = await deskAndStudent();
  const victim = await registerStudent(client);
  return { client, admin, student, victim };
}

const pathFor = (route: Route, id: number | string) => route.path.replace(":id", String(id));

function callWithBody(
  client: TestClient,
  route: Route,
  path: string,
  token: string | undefined,
  variant: (typeof BODIES)[number],
) {
  const withBody = route.method !== "GET" && route.method !== "DELETE";
  return client.call(route.method, path, {
    token,
    ...(withBody && variant.raw !== undefined ? { raw: variant.raw } : {}),
    ...(withBody && variant.body !== undefined ? { body: variant.body } : {}),
  });
}

describe("account routes: who may call what", () => {
  for (const route of ROUTES.filter((r) => r.access !== "public")) {
    it(`${route.method} ${route.path} answers 401 without a valid session, whatever the body`, async () => {
      const { client, victim } = await setup();
      for (const token of [undefined, "junk-token", "eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl"]) {
        for (const variant of BODIES) {
          const answer = await callWithBody(client, route, pathFor(route, victim.user.id), token, variant);
          expect(answer.status).toBe(401);
          expect(answer.body.error).toBe("Sessione scaduta, accedi di nuovo");
        }
      }
    });
  }

  for (const route of ROUTES.filter((r) => r.access === "admin")) {
    it(`${route.method} ${route.path} answers 403 to a student, whatever the body or id`, async () => {
      const { client, student, victim } = await setup();
      for (const id of [victim.user.id, student.user.id, "abc", 99999]) {
        for (const variant of BODIES) {
          const answer = await callWithBody(client, route, pathFor(route, id), student.token, variant);
          expect(answer.status).toBe(403);
          expect(answer.body.error).toBe("Non hai i permessi per questa operazione");
        }
      }
      // Nothing changed for anyone.
      expect(client.ctx.db.select().from(auditLog).all()).toHaveLength(0);
      expect(client.ctx.db.select().from(users).all()).toHaveLength(3);
      const signIn = await client.post("/api/auth/login", { email: victim.user.email, password: victim.password });
      expect(signIn.status).toBe(200);
    });
  }

  it("lets a student read only their own account through /me", async () => {
    const { client, student } = await setup();
    const me = await client.get("/api/auth/me", student.token);
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(student.user.id);
  });

  it("serves every admin route to an administrator", async () => {
    const { client, admin, victim } = await setup();
    const answers = [
      await client.get("/api/auth/users", admin.token),
      await client.get("/api/auth/password-reset-requests", admin.token),
      await client.put(
        `/api/auth/users/${victim.user.id}`,
        { name: "V", surname: "W", email: victim.user.email, matricola: victim.user.matricola },
        admin.token,
      ),
      await client.put(
        `/api/auth/users/${victim.user.id}/reset-password`,
        { newPassword: "Nuova-Chiave-2026" },
        admin.token,
      ),
      await client.post(
        "/api/auth/admin-reset-password",
        { email: victim.user.email, newPassword: "Altra-Chiave-2026" },
        admin.token,
      ),
      await client.delete(`/api/auth/users/${victim.user.id}`, admin.token),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it("lists exactly these account routes, so a new one cannot slip in without a decision here", () => {
    const { app } = createTestClient();
    const registered = app.routes
      .filter((route) => route.path.startsWith("/api/auth") || route.path.startsWith("/api/users"))
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(registered).toEqual(ROUTES.map((route) => `${route.method} ${route.path}`).sort());
  });
});

/** Every key and string anywhere in an answer. */
function* walk(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const item of value) yield* walk(item);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      yield `key:${key}`;
      yield* walk(item);
    }
}

describe("password secrecy", () => {
  it("never shows a password or its hash in any answer of a whole account session", async () => {
    const client = createTestClient();
    const answers: Json[] = [];
    const call = client.call;
    const recorded: TestClient = {
      ...client,
      call: async (...args: Parameters<typeof call>) => {
        const answer = await call(...args);
        answers.push(answer.body);
        return answer;
      },
      get: (path, token) => recorded.call("GET", path, { token }),
      post: (path, body, token) => recorded.call("POST", path, { body, token }),
      put: (path, body, token) => recorded.call("PUT", path, { body, token }),
      delete: (path, token) => recorded.call("DELETE", path, { token }),
    };
    const admin = await signInAdmin(recorded);
    const student = await registerStudent(recorded, { password: "Segreto-Studente-1" });
    await recorded.post("/api/auth/login", { email: student.user.email, password: "Segreto-Studente-1" });
    await recorded.get("/api/auth/me", student.token);
    await recorded.get("/api/auth/me", admin.token);
    const created = await recorded.post(
      "/api/auth/register",
      {
        name: "N",
        surname: "U",
        email: "nuovo@accademia.it",
        matricola: "X-1",
        password: "Segreto-Nuovo-22",
        ruolo: "user",
      },
      admin.token,
    );
    await recorded.get("/api/auth/users", admin.token);
    await recorded.put(
      `/api/auth/users/${created.body.user.id}`,
      { name: "N", surname: "U", email: "nuovo@accademia.it", matricola: "X-1", password: "Segreto-Finto-33" },
      admin.token,
    );
    await recorded.post("/api/auth/forgot-password", { email: student.user.email });
    await recorded.get("/api/auth/password-reset-requests", admin.token);
    await recorded.put(
      `/api/auth/users/${student.user.id}/reset-password`,
      { newPassword: "Segreto-Reset-44" },
      admin.token,
    );
    await recorded.post(
      "/api/auth/admin-reset-password",
      { email: student.user.email, newPassword: "Segreto-Reset-55" },
      admin.token,
    );
    await recorded.delete(`/api/auth/users/${created.body.user.id}`, admin.token);
    expect(answers).toHaveLength(13);
    for (const body of answers) {
      for (const text of walk(body)) {
        expect(text).not.toMatch(/^key:.*(password|hash|session)/i);
        expect(text).not.toContain("$argon2");
        expect(text).not.toContain("Segreto-");
        expect(text).not.toContain("Banco-Prestiti");
      }
    }
  });
});

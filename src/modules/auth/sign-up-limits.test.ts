import { describe, expect, it } from "bun:test";
import { DEFAULT_SETTINGS } from "../../domain/academy-settings";
import { createTestClient, createTestContext, signInAdmin, studentData, type TestClient } from "../../testing/harness";
import { createPasswordHasher } from "./passwords";

const TOO_MANY = "Troppe registrazioni da questa rete nell'ultima ora: riprova più tardi o chiedi al banco prestiti";

/** A public sign-up as it arrives through the reverse proxy from `ip`: its status and body. */
async function signUpFrom(client: TestClient, ip: string, overrides: Record<string, unknown> = {}) {
  const { status, body } = await client.call("POST", "/api/auth/register", {
    body: studentData(overrides),
    headers: { "x-forwarded-for": ip },
  });
  return { status, body };
}

/** Behind a trusted proxy, with room to hash a whole burst of sign-ups at once. */
function proxiedServer() {
  const passwords = createPasswordHasher({ cost: "fast", hashQueue: 200 });
  return createTestClient({ ...createTestContext(), trustProxy: true, passwords });
}

describe("successful sign-ups per address", () => {
  it("lets 50 through in an hour, even sent all at once, and refuses the rest with 429", async () => {
    const client = proxiedServer();
    const burst = await Promise.all(Array.from({ length: 60 }, () => signUpFrom(client, "10.0.0.66")));
    expect(burst.filter((answer) => answer.status === 200)).toHaveLength(50);
    const refused = burst.filter((answer) => answer.status !== 200);
    expect(refused).toEqual(Array.from({ length: 10 }, () => ({ status: 429, body: { error: TOO_MANY } })));
    expect((await signUpFrom(client, "10.0.0.67")).status).toBe(200);
  });

  it("counts only the sign-ups that succeed", async () => {
    const client = proxiedServer();
    for (let i = 0; i < 49; i++) expect((await signUpFrom(client, "10.0.0.66")).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await signUpFrom(client, "10.0.0.66", { password: "corta" })).body.error).toBe(
        "La password deve contenere almeno 8 caratteri",
      );
    expect((await signUpFrom(client, "10.0.0.66")).status).toBe(200);
    expect((await signUpFrom(client, "10.0.0.66")).status).toBe(429);
  });

  it("never holds back the desk creating accounts", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    for (let i = 0; i < 50; i++) expect((await client.post("/api/auth/register", studentData())).status).toBe(200);
    expect((await client.post("/api/auth/register", studentData())).status).toBe(429);
    const { corso_accademico: _course, ...account } = studentData();
    expect((await client.post("/api/auth/register", account, admin.token)).status).toBe(200);
  });
});

describe("domini_email_registrazione", () => {
  async function deskWithDomains(domains: unknown) {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const saved = await client.put(
      "/api/impostazioni",
      { accesso: { domini_email_registrazione: domains } },
      admin.token,
    );
    return { client, admin: admin.token, saved };
  }

  it("is empty by default: any address may sign up", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    expect((await client.get("/api/impostazioni", admin.token)).body.accesso.domini_email_registrazione).toEqual([]);
    expect(DEFAULT_SETTINGS.accesso.domini_email_registrazione).toEqual([]);
    expect((await client.post("/api/auth/register", studentData({ email: "chiunque@gmail.com" }))).status).toBe(200);
  });

  it("is saved trimmed, lower-cased and without repeats, and read back", async () => {
    const { client, admin, saved } = await deskWithDomains([
      " Studenti.Accademia.IT ",
      "accademia.it",
      "",
      "accademia.it",
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.accesso.domini_email_registrazione).toEqual(["studenti.accademia.it", "accademia.it"]);
    expect((await client.get("/api/impostazioni", admin)).body.accesso.domini_email_registrazione).toEqual([
      "studenti.accademia.it",
      "accademia.it",
    ]);
  });

  it("refuses what is not a list of domain names with an Italian 400, and keeps the saved list", async () => {
    const { client, admin } = await deskWithDomains(["accademia.it"]);
    const bad: Array<[unknown, string]> = [
      [
        ["@studenti.accademia.it"],
        '"@studenti.accademia.it" non è un dominio: scrivi solo la parte dopo la @, come studenti.accademia.it',
      ],
      [
        ["mario@accademia.it"],
        '"mario@accademia.it" non è un dominio: scrivi solo la parte dopo la @, come studenti.accademia.it',
      ],
      [["accademia"], '"accademia" non è un dominio: scrivi solo la parte dopo la @, come studenti.accademia.it'],
      [
        ["https://accademia.it"],
        '"https://accademia.it" non è un dominio: scrivi solo la parte dopo la @, come studenti.accademia.it',
      ],
      [
        ["-x.accademia.it"],
        '"-x.accademia.it" non è un dominio: scrivi solo la parte dopo la @, come studenti.accademia.it',
      ],
      [
        "accademia.it",
        "I domini per la registrazione sono un elenco di nomi come studenti.accademia.it (vuoto = tutti)",
      ],
      [[42], "Ogni dominio per la registrazione è un nome come studenti.accademia.it"],
      [Array.from({ length: 51 }, (_, i) => `sede${i}.accademia.it`), "Al massimo 50 domini per la registrazione"],
    ];
    for (const [domains, error] of bad) {
      const answer = await client.put("/api/impostazioni", { accesso: { domini_email_registrazione: domains } }, admin);
      expect(answer).toMatchObject({ status: 400, body: { error } });
    }
    expect((await client.get("/api/impostazioni", admin)).body.accesso.domini_email_registrazione).toEqual([
      "accademia.it",
    ]);
  });

  it("when set, lets students sign up only with those domains, naming them, and the desk still adds anyone", async () => {
    const { client, admin } = await deskWithDomains(["studenti.accademia.it", "accademia.it"]);
    const outside = await client.post("/api/auth/register", studentData({ email: "mario@gmail.com" }));
    expect(outside).toMatchObject({
      status: 400,
      body: { error: "Puoi registrarti solo con un indirizzo e-mail @studenti.accademia.it o @accademia.it" },
    });
    const subdomain = await client.post("/api/auth/register", studentData({ email: "mario@x.accademia.it" }));
    expect(subdomain.status).toBe(400);
    const lookalike = await client.post(
      "/api/auth/register",
      studentData({ email: "mario@studenti.accademia.it.evil.com" }),
    );
    expect(lookalike.status).toBe(400);
    const inside = await client.post("/api/auth/register", studentData({ email: " Mario@Studenti.Accademia.it " }));
    expect(inside.status).toBe(200);
    expect((await client.post("/api/auth/register", studentData({ email: "anna@accademia.it" }))).status).toBe(200);
    const { corso_accademico: _course, ...account } = studentData({ email: "ospite@gmail.com" });
    expect((await client.post("/api/auth/register", account, admin)).status).toBe(200);
  });

  it("names a single domain on its own", async () => {
    const { client } = await deskWithDomains(["studenti.accademia.it"]);
    const answer = await client.post("/api/auth/register", studentData({ email: "mario@gmail.com" }));
    expect(answer.body.error).toBe("Puoi registrarti solo con un indirizzo e-mail @studenti.accademia.it");
  });
});

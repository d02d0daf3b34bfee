import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, users } from "../../db/schema";
import { createTestClient, signInAdmin, studentData, type TestClient } from "../../testing/harness";
import { OIDC_CLIENT, signInAtProvider, startTestProvider, type TestProvider } from "../../testing/oidc-provider";

// Sign-in through a real OpenID provider (oidc-provider) started on a free local port.

const PUBLIC_URL = "http://prestalab.accademia.test";
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider([CALLBACK], {
    "giulia.foto": {
      email: "giulia.verdi@studenti.accademia.it",
      email_verified: true,
      given_name: "Giulia",
      family_name: "Verdi",
      groups: ["studenti-fotografia"],
    },
    "marco.banco": {
      email: "marco.banco@accademia.it",
      email_verified: true,
      given_name: "Marco",
      family_name: "Neri",
      groups: ["banco-prestiti"],
    },
    "luca.nessuno": {
      email: "luca.bianchi@studenti.accademia.it",
      email_verified: true,
      given_name: "Luca",
      family_name: "Bianchi",
      groups: ["biblioteca"],
    },
    "sara.nonverificata": {
      email: "sara.rossi@studenti.accademia.it",
      email_verified: false,
      given_name: "Sara",
      family_name: "Rossi",
      groups: ["studenti-design"],
    },
    "piero.scaduto": {
      email: "piero.gialli@studenti.accademia.it",
      email_verified: true,
      given_name: "Piero",
      family_name: "Gialli",
      groups: ["studenti-fotografia"],
      valido_fino_al: "2026-02-28",
    },
  });
});

afterAll(() => provider.stop());

async function academyDesk(access: Record<string, unknown> = {}) {
  const client = createTestClient();
  const admin = await signInAdmin(client);
  const saved = await client.put(
    "/api/impostazioni",
    {
      url_pubblico: PUBLIC_URL,
      accesso: {
        oidc_issuer: provider.issuer,
        oidc_client_id: OIDC_CLIENT.id,
        oidc_client_secret: OIDC_CLIENT.secret,
        oidc_scopes: "openid email profile groups",
        claim_valido_fino_al: "valido_fino_al",
        gruppi_corsi: { "studenti-fotografia": "Fotografia", "studenti-design": "Design" },
        gruppo_banco: "banco-prestiti",
        ...access,
      },
    },
    admin.token,
  );
  expect(saved.status).toBe(200);
  return { client, admin: admin.token };
}

const request = (client: TestClient, url: string, cookie?: string) =>
  client.app.handle(new Request(url, { headers: cookie ? { cookie } : {} }));

/** PrestaLab's redirect to the provider, with the browser's state cookie. */
async function start(client: TestClient) {
  const answer = await request(client, `${PUBLIC_URL}/api/auth/oidc/start`);
  expect(answer.status).toBe(302);
  const cookie = (answer.headers.get("set-cookie") ?? "").split(";")[0] as string;
  return { location: answer.headers.get("location") as string, cookie };
}

/** Where the callback sends the browser back: a session's one-time code, or the refusal's message. */
async function callback(client: TestClient, url: string, cookie: string) {
  const answer = await request(client, url, cookie);
  expect(answer.status).toBe(302);
  const fragment = new URLSearchParams(new URL(answer.headers.get("location") as string).hash.slice(1));
  return {
    code: fragment.get("accesso"),
    refused: fragment.get("accesso_negato"),
    location: answer.headers.get("location"),
  };
}

/** The whole journey, as the browser makes it: PrestaLab → provider's login page → PrestaLab. */
async function signIn(client: TestClient, login: string) {
  const { location, cookie } = await start(client);
  const back = await callback(client, await signInAtProvider(location, login, CALLBACK), cookie);
  if (!back.code) return { refused: back.refused };
  const session = await client.post("/api/auth/oidc/sessione", { codice: back.code });
  expect(session.status).toBe(200);
  return { token: session.body.token as string, user: session.body.user };
}

describe("sign-in through the academy's OpenID provider", () => {
  it("sends the browser to the provider with PKCE, state and nonce, to the public address's callback", async () => {
    const { client } = await academyDesk();
    const { location, cookie } = await start(client);
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(cookie).toBe(`prestalab_oidc=${url.searchParams.get("state")}`);
  });

  it("creates the student at the first sign-in with the course of their group, and signs them in", async () => {
    const { client, admin } = await academyDesk();
    const first = await signIn(client, "giulia.foto");
    expect(first.user).toMatchObject({
      email: "giulia.verdi@studenti.accademia.it",
      name: "Giulia",
      surname: "Verdi",
      matricola: "giulia.verdi",
      corso_accademico: "Fotografia",
      ruolo: "user",
      directory: "oidc",
      scelta_corso: false,
    });
    const me = await client.get("/api/auth/me", first.token);
    expect(me.body.user.id).toBe(first.user.id);
    const again = await signIn(client, "giulia.foto");
    expect(again.user.id).toBe(first.user.id);
    const audit = JSON.stringify((await client.get("/api/audit", admin)).body);
    expect(audit).toContain("Account creato al primo accesso OIDC: giulia.verdi@studenti.accademia.it (Fotografia)");
    expect(audit).toContain("Accesso OIDC di giulia.verdi@studenti.accademia.it");
  });

  it("lets the directory win at every sign-in: course and desk role follow the groups", async () => {
    const { client } = await academyDesk();
    const student = await signIn(client, "giulia.foto");
    client.ctx.db
      .update(users)
      .set({ name: "Giuly", corsoAccademico: "Design" })
      .where(eq(users.id, student.user.id))
      .run();
    const person = provider.people.get("giulia.foto");
    if (!person) throw new Error("persona di prova mancante");
    person.groups = ["studenti-design"];
    try {
      const moved = await signIn(client, "giulia.foto");
      expect(moved.user).toMatchObject({ name: "Giulia", corso_accademico: "Design" });
    } finally {
      person.groups = ["studenti-fotografia"];
    }
    const desk = await signIn(client, "marco.banco");
    expect(desk.user).toMatchObject({ ruolo: "admin", isAdmin: true, corso_accademico: null });
    expect((await client.get("/api/impostazioni", desk.token)).status).toBe(200);
  });

  it("refuses a callback whose state is not this browser's, or was already used", async () => {
    const { client } = await academyDesk();
    const mine = await start(client);
    const theirs = await start(client);
    const url = await signInAtProvider(mine.location, "giulia.foto", CALLBACK);
    const foreign = await callback(client, url, theirs.cookie);
    expect(foreign.refused).toBe("L'accesso non è più valido o è già stato usato: ricomincia da capo");
    // The state was spent by that attempt: the right browser cannot replay it either.
    const replayed = await callback(client, url, mine.cookie);
    expect(replayed.refused).toBe("L'accesso non è più valido o è già stato usato: ricomincia da capo");
    expect(client.ctx.db.select().from(users).where(eq(users.directory, "oidc")).all()).toEqual([]);
  });

  it("refuses an ID token whose nonce is not the one PrestaLab sent", async () => {
    const { client } = await academyDesk();
    const { location, cookie } = await start(client);
    const tampered = new URL(location);
    tampered.searchParams.set("nonce", "un-altro-nonce");
    const back = await callback(client, await signInAtProvider(tampered.toString(), "giulia.foto", CALLBACK), cookie);
    expect(back.refused).toBe("L'accesso non è più valido o è già stato usato: ricomincia da capo");
    expect(client.ctx.db.select().from(users).where(eq(users.directory, "oidc")).all()).toEqual([]);
  });

  it("links a local account with the same e-mail only when the provider says it is verified", async () => {
    const { client, admin } = await academyDesk();
    const local = await client.post("/api/auth/register", studentData({ email: "sara.rossi@studenti.accademia.it" }));
    const refused = await signIn(client, "sara.nonverificata");
    expect(refused.refused).toBe(
      "Esiste già un account PrestaLab con questa e-mail, ma l'Accademia non la indica come verificata: non possiamo collegarli. Chiedi al banco prestiti",
    );
    const person = provider.people.get("sara.nonverificata");
    if (!person) throw new Error("persona di prova mancante");
    person.email_verified = true;
    try {
      const linked = await signIn(client, "sara.nonverificata");
      expect(linked.user).toMatchObject({ id: local.body.user.id, directory: "oidc", corso_accademico: "Design" });
    } finally {
      person.email_verified = false;
    }
    const audit = JSON.stringify((await client.get("/api/audit", admin)).body);
    expect(audit).toContain("Accesso OIDC rifiutato a sara.rossi@studenti.accademia.it");
    expect(audit).toContain("collegato all'account OIDC (e-mail verificata)");
  });

  it("creates a user in no mapped group without a course, asked to choose; refuses them when a course is required", async () => {
    const { client } = await academyDesk();
    const open = await signIn(client, "luca.nessuno");
    expect(open.user).toMatchObject({ corso_accademico: null, scelta_corso: true });
    const chosen = await client.put("/api/auth/me/corso", { corso_accademico: "Pittura" }, open.token);
    expect(chosen.body.user).toMatchObject({ corso_accademico: "Pittura", scelta_corso: false });
    // Asked once: the choice is made, and the next sign-in keeps it.
    expect((await client.put("/api/auth/me/corso", { corso_accademico: "Design" }, open.token)).status).toBe(403);
    expect((await signIn(client, "luca.nessuno")).user.corso_accademico).toBe("Pittura");
    const strict = await academyDesk({ corso_obbligatorio: true });
    const refused = await signIn(strict.client, "luca.nessuno");
    expect(refused.refused).toBe(
      "Il tuo account dell'Accademia non è in nessun gruppo collegato a un corso: chiedi al banco prestiti",
    );
  });

  it("refuses a student removed from the mapped groups at the next sign-in", async () => {
    const { client } = await academyDesk();
    await signIn(client, "giulia.foto");
    const person = provider.people.get("giulia.foto");
    if (!person) throw new Error("persona di prova mancante");
    person.groups = ["ex-studenti"];
    try {
      const refused = await signIn(client, "giulia.foto");
      expect(refused.refused).toBe(
        "Il tuo account dell'Accademia non fa più parte dei gruppi dei corsi: non puoi più accedere. Se è un errore, rivolgiti al banco prestiti",
      );
    } finally {
      person.groups = ["studenti-fotografia"];
    }
  });

  it("signs in an expired account, which keeps its page but cannot book", async () => {
    const { client } = await academyDesk();
    const expired = await signIn(client, "piero.scaduto");
    expect(expired.user.valido_fino_al).toBe("2026-02-28");
    const booking = await client.post(
      "/api/richieste",
      { unit_id: 1, dal: "2026-03-11", al: "2026-03-12" },
      expired.token,
    );
    expect(booking.status).toBe(403);
    expect(booking.body.error).toBe(
      "Il tuo account è scaduto: non puoi fare nuove richieste. I prestiti in corso restano da restituire; per rinnovare l'account rivolgiti al banco prestiti",
    );
  });

  it("gives scadenza_account as the last day to an account the provider gives none", async () => {
    const { client } = await academyDesk({ scadenza_account: "10-31" });
    const student = await signIn(client, "giulia.foto");
    expect(student.user.valido_fino_al).toBe("2026-10-31");
  });

  it("is refused while no public address is configured", async () => {
    const { client, admin } = await academyDesk();
    await client.put("/api/impostazioni", { url_pubblico: null }, admin);
    const answer = await client.get("/api/auth/oidc/start");
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe(
      "L'accesso con l'account dell'Accademia richiede l'indirizzo pubblico di PrestaLab (URL pubblico nelle impostazioni o PUBLIC_URL)",
    );
  });

  it("sends a browser that followed the button back to the sign-in screen, saying why it cannot start", async () => {
    const { client, admin } = await academyDesk();
    const browser = (url: string) =>
      client.app.handle(new Request(url, { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } }));
    await client.put("/api/impostazioni", { url_pubblico: null }, admin);
    const noAddress = await browser("http://localhost/api/auth/oidc/start");
    expect(noAddress.status).toBe(302);
    expect(noAddress.headers.get("location")).toBe("/#accesso_errore=indirizzo_pubblico_mancante");
    expect(noAddress.headers.get("set-cookie")).toBeNull();

    await client.put("/api/impostazioni", { url_pubblico: PUBLIC_URL, accesso: { oidc_issuer: null } }, admin);
    const off = await browser(`${PUBLIC_URL}/api/auth/oidc/start`);
    expect(off.headers.get("location")).toBe(`${PUBLIC_URL}/#accesso_errore=oidc_non_configurato`);
    // A client asking for data keeps the JSON answer.
    const asJson = await client.get("/api/auth/oidc/start");
    expect(asJson).toMatchObject({
      status: 400,
      body: { error: "L'accesso con l'account dell'Accademia non è configurato" },
    });
  });

  it("hands the session over once: a spent code is refused", async () => {
    const { client } = await academyDesk();
    const { location, cookie } = await start(client);
    const back = await callback(client, await signInAtProvider(location, "giulia.foto", CALLBACK), cookie);
    expect((await client.post("/api/auth/oidc/sessione", { codice: back.code })).status).toBe(200);
    expect((await client.post("/api/auth/oidc/sessione", { codice: back.code })).status).toBe(400);
    expect(back.location).not.toContain("eyJ");
  });

  it("never writes the provider's tokens to the log or the audit trail", async () => {
    const { client } = await academyDesk();
    const lines: string[] = [];
    const logger = client.ctx.logger;
    for (const level of ["debug", "info", "warn", "error"] as const)
      logger[level] = (message: string) => void lines.push(message);
    await signIn(client, "giulia.foto");
    const written = lines.join("\n") + JSON.stringify(client.ctx.db.select().from(auditLog).all());
    expect(written).toContain("sign-in ok directory=oidc");
    expect(written).not.toMatch(/eyJ[\w-]+\./);
  });

  it("tells the sign-in screen which ways in there are", async () => {
    const { client, admin } = await academyDesk({ accesso_password_studenti: false });
    const methods = await client.get("/api/auth/metodi");
    expect(methods.body).toEqual({
      oidc: { etichetta: "Accedi con l'account dell'Accademia" },
      ldap: false,
      password_studenti: false,
      registrazione_aperta: true,
    });
    // Students' password form is off; the desk keeps it.
    const student = await client.post("/api/auth/register", studentData(), admin);
    const refused = await client.post("/api/auth/login", {
      email: student.body.user.email,
      password: "Obiettivo-50mm",
    });
    expect(refused.status).toBe(403);
    expect((await signInAdmin(client)).token).toBeTruthy();
  });
});

import { describe, expect, it } from "bun:test";
import { impostazioni } from "../../db/schema";
import { DEFAULT_ACCESS } from "../../domain/academy-access";
import { createTestClient, signInAdmin, studentData } from "../../testing/harness";
import { openSecret } from "./secret-box";
import { readSettings } from "./service";

const ACCESS = {
  oidc_issuer: "https://accounts.google.com/",
  oidc_client_id: "prestalab.apps.googleusercontent.com",
  oidc_client_secret: "GOCSPX-segreto-del-client",
  ldap_url: "ldaps://ldap.accademia.it",
  ldap_bind_dn: "cn=prestalab,dc=accademia,dc=it",
  ldap_bind_password: "Servizio-Ldap-2026",
  ldap_base_dn: "ou=persone,dc=accademia,dc=it",
  gruppi_corsi: { fotografia: "Fotografia" },
  gruppo_banco: "banco-prestiti",
};

async function deskWithAccess() {
  const client = createTestClient();
  const admin = await signInAdmin(client);
  const saved = await client.put("/api/impostazioni", { accesso: ACCESS }, admin.token);
  expect(saved.status).toBe(200);
  return { client, admin: admin.token, saved };
}

const storedText = (client: ReturnType<typeof createTestClient>) =>
  client.ctx.db.select().from(impostazioni).get()?.valori ?? "";

describe("the access settings (accesso)", () => {
  it("answer every name with its default until the desk changes it", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const shown = await client.get("/api/impostazioni", admin.token);
    expect(shown.body.accesso).toEqual(DEFAULT_ACCESS);
    expect(shown.body.accesso.oidc_etichetta).toBe("Accedi con l'account dell'Accademia");
  });

  it("hide the client secret and the LDAP password as ****, and never store them usable", async () => {
    const { client, admin, saved } = await deskWithAccess();
    for (const answer of [saved, await client.get("/api/impostazioni", admin)]) {
      expect(answer.body.accesso.oidc_client_secret).toBe("****");
      expect(answer.body.accesso.ldap_bind_password).toBe("****");
      expect(answer.body.accesso.oidc_issuer).toBe("https://accounts.google.com");
    }
    const atRest = storedText(client);
    expect(atRest).not.toContain("GOCSPX-segreto-del-client");
    expect(atRest).not.toContain("Servizio-Ldap-2026");
    const stored = readSettings(client.ctx.db).accesso;
    expect(openSecret(client.ctx.jwtSecret, stored.oidc_client_secret)).toBe("GOCSPX-segreto-del-client");
    expect(openSecret("un-altro-segreto-del-server", stored.oidc_client_secret)).toBeNull();
  });

  it("keep a secret sent back as ****, replace it when a new one is written, drop it when blanked", async () => {
    const { client, admin } = await deskWithAccess();
    const form = (await client.get("/api/impostazioni", admin)).body;
    const resent = await client.put(
      "/api/impostazioni",
      { ...form, accesso: { ...form.accesso, oidc_scopes: "openid email" } },
      admin,
    );
    expect(resent.status).toBe(200);
    const kept = readSettings(client.ctx.db).accesso;
    expect(openSecret(client.ctx.jwtSecret, kept.oidc_client_secret)).toBe("GOCSPX-segreto-del-client");
    expect(openSecret(client.ctx.jwtSecret, kept.ldap_bind_password)).toBe("Servizio-Ldap-2026");
    expect(kept.oidc_scopes).toBe("openid email");

    await client.put("/api/impostazioni", { accesso: { oidc_client_secret: "nuovo-segreto" } }, admin);
    expect(openSecret(client.ctx.jwtSecret, readSettings(client.ctx.db).accesso.oidc_client_secret)).toBe(
      "nuovo-segreto",
    );
    const blanked = await client.put("/api/impostazioni", { accesso: { ldap_bind_password: "" } }, admin);
    expect(blanked.body.accesso.ldap_bind_password).toBeNull();
    expect(readSettings(client.ctx.db).accesso.ldap_bind_password).toBeNull();
  });

  it("audit which access settings changed, never their values", async () => {
    const { client, admin } = await deskWithAccess();
    const audit = await client.get("/api/audit?entity=settings", admin);
    const summaries = JSON.stringify(audit.body);
    expect(summaries).toContain("accesso.oidc_client_secret");
    expect(summaries).not.toContain("GOCSPX");
  });

  it("refuse what cannot work with an Italian 400, and keep what was saved", async () => {
    const { client, admin } = await deskWithAccess();
    const bad: Array<[Record<string, unknown>, string]> = [
      [
        { oidc_issuer: "accounts.google.com" },
        "L'emittente OIDC è un indirizzo https:// (es. https://accounts.google.com)",
      ],
      [{ oidc_scopes: "email profile" }, "Gli scope OIDC comprendono openid"],
      [
        { ldap_url: "https://ldap.accademia.it" },
        "Il server LDAP è un indirizzo ldap:// o ldaps:// (es. ldaps://ldap.accademia.it)",
      ],
      [{ ldap_filtro: "(mail=*)" }, "Il filtro LDAP è tra parentesi e contiene {{login}}, es. (mail={{login}})"],
      [
        { ldap_ca: "non un certificato" },
        "Il certificato dell'autorità (CA) LDAP è in formato PEM (-----BEGIN CERTIFICATE-----)",
      ],
      [
        { scadenza_account: "31-10" },
        "La scadenza degli account è un giorno dell'anno MM-GG (es. 10-31 per il 31 ottobre)",
      ],
      [{ claim_email: "e mail" }, '"e mail" non è il nome di un claim o di un attributo'],
      [{ accesso_password_studenti: "no" }, "accesso_password_studenti è vero o falso"],
    ];
    for (const [accesso, error] of bad) {
      const answer = await client.put("/api/impostazioni", { accesso }, admin);
      expect(answer).toMatchObject({ status: 400, body: { error } });
    }
    expect(readSettings(client.ctx.db).accesso.oidc_issuer).toBe("https://accounts.google.com");
  });

  it("close self-registration when registrazione_aperta is false; the desk still creates accounts", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    await client.put("/api/impostazioni", { accesso: { registrazione_aperta: false } }, admin.token);
    const refused = await client.post("/api/auth/register", studentData());
    expect(refused).toMatchObject({
      status: 403,
      body: {
        error:
          "La registrazione non è aperta: accedi con l'account dell'Accademia o chiedi al banco prestiti di creare il tuo account",
      },
    });
    expect((await client.post("/api/auth/register", studentData(), admin.token)).status).toBe(200);
  });
});

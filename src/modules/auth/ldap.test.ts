import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createTestClient, signIn, signInAdmin, studentData } from "../../testing/harness";
import {
  directoryAccess,
  freePort,
  LDAP_ANNA,
  LDAP_CARLA,
  startTestDirectory,
  type TestDirectory,
} from "../../testing/slapd";
import { escapedFilterValue } from "./ldap";

// Sign-in through a real LDAP directory: Debian's slapd, started by the test on a free port.

let directory: TestDirectory;

beforeAll(async () => {
  directory = await startTestDirectory([
    LDAP_ANNA,
    {
      uid: "bruno.banco",
      mail: "bruno.banco@accademia.test",
      givenName: "Bruno",
      sn: "Grigi",
      password: "Password-di-Bruno-1",
      groups: ["banco-prestiti"],
    },
    LDAP_CARLA,
  ]);
});

afterAll(() => directory.stop());

async function deskWithDirectory(url = directory.url) {
  const client = createTestClient();
  const admin = await signInAdmin(client);
  const saved = await client.put(
    "/api/impostazioni",
    {
      accesso: directoryAccess(url, {
        ldap_filtro: "(|(mail={{login}})(uid={{login}}))",
        claim_matricola: "uid",
        gruppo_banco: "banco-prestiti",
      }),
    },
    admin.token,
  );
  expect(saved.status).toBe(200);
  return { client, admin };
}

describe("sign-in through the academy's LDAP directory", () => {
  it("binds as the person with their own password and creates their account from the entry", async () => {
    const { client, admin } = await deskWithDirectory();
    const signedIn = await signIn(client, "anna.blu@studenti.accademia.test", "Password-di-Anna-1");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({
      email: "anna.blu@studenti.accademia.test",
      name: "Anna",
      surname: "Blu",
      matricola: "anna.foto",
      corso_accademico: "Fotografia",
      ruolo: "user",
      directory: "ldap",
    });
    // By uid too, and the same account.
    const again = await signIn(client, "anna.foto", "Password-di-Anna-1");
    expect(again.body.user.id).toBe(signedIn.body.user.id);
    const audit = JSON.stringify((await client.get("/api/audit", admin.token)).body);
    expect(audit).toContain("Account creato al primo accesso LDAP: anna.blu@studenti.accademia.test (Fotografia)");
  });

  it("refuses a wrong password as any wrong credentials", async () => {
    const { client } = await deskWithDirectory();
    const refused = await signIn(client, "anna.blu@studenti.accademia.test", "Password-sbagliata-1");
    expect(refused).toMatchObject({ status: 401, body: { error: "Credenziali non valide" } });
  });

  it("maps the desk group to the administrator role", async () => {
    const { client } = await deskWithDirectory();
    const desk = await signIn(client, "bruno.banco@accademia.test", "Password-di-Bruno-1");
    expect(desk.body.user).toMatchObject({ ruolo: "admin", isAdmin: true });
  });

  it("reads the typed login as a value, never as part of the filter", async () => {
    expect(escapedFilterValue("*)(uid=*")).toBe("\\2a\\29\\28uid=\\2a");
    const { client } = await deskWithDirectory();
    // Read as a filter, "anna.blu*" would find Anna, and her password would let whoever typed it in.
    const injected = await signIn(client, "anna.blu*", "Password-di-Anna-1");
    expect(injected.status).toBe(401);
  });

  it("refuses, saying so, a person whose entry was removed from the directory", async () => {
    const { client } = await deskWithDirectory();
    expect((await signIn(client, "carla.via@studenti.accademia.test", "Password-di-Carla-1")).status).toBe(200);
    await directory.remove("carla.via");
    const refused = await signIn(client, "carla.via@studenti.accademia.test", "Password-di-Carla-1");
    expect(refused).toMatchObject({
      status: 403,
      body: {
        error:
          "Il tuo account non è più nella directory dell'Accademia: non puoi più accedere. Se è un errore, rivolgiti al banco prestiti",
      },
    });
  });

  it("lets the local administrator in while the directory is down, and answers the others within 5 s", async () => {
    // A port where nothing listens: the directory is down.
    const { client } = await deskWithDirectory(`ldap://127.0.0.1:${await freePort()}`);
    expect((await signInAdmin(client)).token).toBeTruthy();
    const local = await client.post("/api/auth/register", studentData());
    expect((await signIn(client, local.body.user.email, "Obiettivo-50mm")).status).toBe(200);
    const began = performance.now();
    const refused = await signIn(client, "anna.blu@studenti.accademia.test", "Password-di-Anna-1");
    expect(performance.now() - began).toBeLessThan(5000);
    expect(refused).toMatchObject({
      status: 503,
      body: {
        error:
          "La directory dell'Accademia non risponde: riprova tra poco. Gli amministratori possono sempre entrare con la password di PrestaLab",
      },
    });
  });
});

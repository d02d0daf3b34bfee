import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { users } from "../../db/schema";
import { createTestClient, createTestContext, signInAdmin, studentData } from "../../testing/harness";
import {
  directoryAccess,
  freePort,
  LDAP_ANNA,
  LDAP_CARLA,
  type LdapPerson,
  startTestDirectory,
  type TestDirectory,
} from "../../testing/slapd";
import {
  checkDirectoryAccounts,
  DIRECTORY_CHECK_BATCH,
  DIRECTORY_RETRY_MS,
  dailyDirectoryCheck,
  filterForDn,
} from "./directory-check";

// The daily directory check against a real LDAP directory (slapd, started by the test): an account whose
// entry is removed is listed on Sistema, and leaves the list once the entry is back.

const carla = LDAP_CARLA;
const anna = LDAP_ANNA;
/** More people than one search asks for, so that the check spans batches. */
const classmates: LdapPerson[] = Array.from({ length: DIRECTORY_CHECK_BATCH + 5 }, (_, index) => ({
  ...carla,
  uid: `compagno.${index}`,
  mail: `compagno.${index}@studenti.accademia.test`,
  givenName: "Compagno",
  sn: `Numero ${index}`,
}));

let directory: TestDirectory;

beforeAll(async () => {
  directory = await startTestDirectory([anna, carla, ...classmates]);
});

afterAll(() => directory.stop());

/** A desk with the directory set up, whose people have all signed in once (the classmates' accounts written directly). */
async function deskWithDirectoryAccounts(ctx = createTestContext()) {
  const client = createTestClient(ctx);
  const admin = await signInAdmin(client);
  const saved = await client.put(
    "/api/impostazioni",
    {
      accesso: directoryAccess(directory.url, {
        ldap_filtro: "(|(mail={{login}})(uid={{login}}))",
        claim_matricola: "uid",
      }),
    },
    admin.token,
  );
  expect(saved.status).toBe(200);
  for (const person of [anna, carla]) {
    const signedIn = await client.post("/api/auth/login", { email: person.mail, password: person.password });
    expect(signedIn.status).toBe(200);
  }
  client.ctx.db
    .insert(users)
    .values(
      classmates.map((person) => ({
        email: person.mail,
        passwordHash: "!",
        name: person.givenName,
        surname: person.sn,
        directory: "ldap" as const,
        // As the directory may spell it: the check compares DNs without regard to case or spaces.
        directoryId: directory.dnOf(person.uid).toUpperCase().replaceAll(",", ", "),
        createdAt: client.ctx.clock.now().toISOString(),
      })),
    )
    .run();
  return { client, admin };
}

describe("the daily check of the directory accounts", () => {
  it("lists on Sistema the accounts whose entry is gone, and drops them once the entry is back", async () => {
    const { client, admin } = await deskWithDirectoryAccounts();
    expect(await checkDirectoryAccounts(client.ctx)).toBe(
      `${classmates.length + 2} account LDAP controllati, 0 non più nella directory (0 nuovi, 0 tornati)`,
    );
    expect((await client.get("/api/system/directory", admin.token)).body.scomparsi).toEqual([]);

    await directory.remove(carla.uid);
    await checkDirectoryAccounts(client.ctx);
    const listed = await client.get("/api/system/directory", admin.token);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      ultimo_controllo: {
        il: expect.any(String),
        esito: "completato",
        account_controllati: classmates.length + 2,
        account_scomparsi: 1,
      },
      scomparsi: [
        {
          email: carla.mail,
          name: "Carla",
          surname: "Via",
          matricola: "carla.via",
          corso_accademico: "Fotografia",
          scomparso_il: expect.any(String),
        },
      ],
    });

    await directory.add(carla);
    expect(await checkDirectoryAccounts(client.ctx)).toBe(
      `${classmates.length + 2} account LDAP controllati, 0 non più nella directory (0 nuovi, 1 tornati)`,
    );
    expect((await client.get("/api/system/directory", admin.token)).body.scomparsi).toEqual([]);
  });

  it("marks nothing while the directory is down, says so on Sistema, and gives up within 5 s", async () => {
    const { client, admin } = await deskWithDirectoryAccounts();
    const down = await client.put(
      "/api/impostazioni",
      { accesso: { ldap_url: `ldap://127.0.0.1:${await freePort()}` } },
      admin.token,
    );
    expect(down.status).toBe(200);
    const began = performance.now();
    expect(await checkDirectoryAccounts(client.ctx)).toBe("directory non raggiungibile: nessun account segnato");
    expect(performance.now() - began).toBeLessThan(5000);
    const answer = await client.get("/api/system/directory", admin.token);
    expect(answer.body).toMatchObject({
      ultimo_controllo: { esito: "directory_non_raggiungibile", account_scomparsi: 0 },
      scomparsi: [],
    });
  });

  it("runs once a day: a later round of the same day leaves the directory alone", async () => {
    const { client } = await deskWithDirectoryAccounts();
    expect(await dailyDirectoryCheck(client.ctx)).toContain("account LDAP controllati");
    expect(await dailyDirectoryCheck(client.ctx)).toBe("già controllati oggi");
    client.ctx.clock.travelTo(new Date(client.ctx.clock.now().getTime() + 24 * 3_600_000));
    expect(await dailyDirectoryCheck(client.ctx)).toContain("account LDAP controllati");
  });

  it("keeps the last check across a restart, which does not ask the directory again the same day", async () => {
    const dir = mkdtempSync(join(tmpdir(), "prestalab-directory-check-"));
    const file = join(dir, "prestalab.db");
    try {
      const before = await deskWithDirectoryAccounts(createTestContext(undefined, file));
      await directory.remove(anna.uid);
      expect(await dailyDirectoryCheck(before.client.ctx)).toContain("1 non più nella directory");
      const card = (await before.client.get("/api/system/directory", before.admin.token)).body;
      expect(card.ultimo_controllo).toMatchObject({ esito: "completato", account_scomparsi: 1 });
      before.client.ctx.sqlite.close();

      // Anna is back in the directory: a check now would clear her mark, so the mark staying shows none ran.
      await directory.add(anna);
      const later = new Date(Date.parse(card.ultimo_controllo.il) + 3 * 3_600_000);
      const restarted = createTestClient(createTestContext(later, file));
      const admin = await signInAdmin(restarted);
      expect(await dailyDirectoryCheck(restarted.ctx)).toBe("già controllati oggi");
      expect((await restarted.get("/api/system/directory", admin.token)).body).toEqual(card);
      restarted.ctx.sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("after a check that did not complete, asks again only once the retry interval has passed", async () => {
    const { client, admin } = await deskWithDirectoryAccounts();
    await client.put(
      "/api/impostazioni",
      { accesso: { ldap_url: `ldap://127.0.0.1:${await freePort()}` } },
      admin.token,
    );
    expect(await dailyDirectoryCheck(client.ctx)).toBe("directory non raggiungibile: nessun account segnato");
    await client.put("/api/impostazioni", { accesso: { ldap_url: directory.url } }, admin.token);
    client.ctx.clock.travelTo(new Date(client.ctx.clock.now().getTime() + DIRECTORY_RETRY_MS - 60_000));
    expect(await dailyDirectoryCheck(client.ctx)).toBe(
      "ultimo controllo non riuscito da meno di 15 minuti: nuovo tentativo più tardi",
    );
    client.ctx.clock.travelTo(new Date(client.ctx.clock.now().getTime() + 60_000));
    expect(await dailyDirectoryCheck(client.ctx)).toContain("account LDAP controllati");
  });

  it("is for the desk only", async () => {
    const client = createTestClient();
    const student = await client.post("/api/auth/register", studentData());
    expect((await client.get("/api/system/directory", student.body.token)).status).toBe(403);
  });

  it("finds an entry by the first part of its DN, read as a value", () => {
    expect(filterForDn("uid=anna.foto,ou=persone,dc=accademia,dc=test")).toBe("(uid=anna.foto)");
    expect(filterForDn("CN=Rossi\\, Anna (2),OU=Studenti,DC=accademia,DC=it")).toBe("(CN=Rossi, Anna \\282\\29)");
    expect(filterForDn("cn=Nicol\\C3\\B2 Bianchi,ou=persone")).toBe("(cn=Nicolò Bianchi)");
    expect(filterForDn("non un DN")).toBeNull();
  });
});

import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { createTestClient, type Json, registerStudent, signInAdmin } from "../../testing/harness";
import { createOrPromoteAdmin } from "./service";

async function people() {
  const client = createTestClient();
  const admin = await signInAdmin(client);
  await registerStudent(client, { name: "Giulia", surname: "Rossi", matricola: "FOT-0042" });
  await registerStudent(client, { name: "Luca", surname: "rossini", email: "luca.r@accademia.it" });
  await registerStudent(client, { name: "Sara", surname: "Neri" });
  return { client, admin: admin.token };
}

const fullNames = (users: Json[]) => users.map((user) => `${user.name} ${user.surname}`);

describe("the users list, paged on the server", () => {
  it("answers one tab's page sorted by surname, with the total and every tab's count", async () => {
    const { client, admin } = await people();
    const page = await client.get("/api/auth/users?ruolo=user&pagina=1&per_pagina=2", admin);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ totale: 3, pagina: 1, per_pagina: 2, per_ruolo: { user: 3, admin: 1 } });
    expect(fullNames(page.body.elementi)).toEqual(["Sara Neri", "Giulia Rossi"]);
    expect(page.body.elementi[0]).not.toHaveProperty("password_hash");
    const admins = await client.get("/api/auth/users?ruolo=admin&pagina=1", admin);
    expect(fullNames(admins.body.elementi)).toEqual(["Marta Bianchi"]);
  });

  it("searches name, surname, both together, email and matricola, ignoring case", async () => {
    const { client, admin } = await people();
    const search = async (term: string) =>
      fullNames(
        (await client.get(`/api/auth/users?ruolo=user&pagina=1&cerca=${encodeURIComponent(term)}`, admin)).body
          .elementi,
      );
    expect(await search("ROSSI")).toEqual(["Giulia Rossi", "Luca rossini"]);
    expect(await search("giulia ross")).toEqual(["Giulia Rossi"]);
    expect(await search("luca.r@")).toEqual(["Luca rossini"]);
    expect(await search("0042")).toEqual(["Giulia Rossi"]);
    expect(await search("ne")).toEqual(["Sara Neri"]);
  });

  it("keeps the search index in step with profile edits", async () => {
    const { client, admin } = await people();
    const [sara] = (await client.get("/api/auth/users?pagina=1&cerca=neri", admin)).body.elementi;
    const edited = await client.put(`/api/auth/users/${sara.id}`, { ...sara, surname: "Verdi" }, admin);
    expect(edited.status).toBe(200);
    expect((await client.get("/api/auth/users?pagina=1&cerca=neri", admin)).body.totale).toBe(0);
    expect((await client.get("/api/auth/users?pagina=1&cerca=verdi", admin)).body.totale).toBe(1);
  });

  it("counts a search across both tabs as many as its pages hold, deleted accounts left out", async () => {
    const { client, admin } = await people();
    // One account per page, every page up to the first empty one.
    const searched = async (term: string) => {
      const pages: Json[] = [];
      for (let number = 1; number === 1 || pages.at(-1)?.elementi.length; number++)
        pages.push((await client.get(`/api/auth/users?pagina=${number}&per_pagina=1&cerca=${term}`, admin)).body);
      return { totale: pages[0]?.totale, names: fullNames(pages.flatMap((page) => page.elementi)) };
    };
    expect(await searched("ross")).toEqual({ totale: 2, names: ["Giulia Rossi", "Luca rossini"] });
    expect(await searched("i")).toEqual({
      totale: 4,
      names: ["Marta Bianchi", "Sara Neri", "Giulia Rossi", "Luca rossini"],
    });
    const [luca] = (await client.get("/api/auth/users?pagina=1&cerca=luca", admin)).body.elementi;
    expect((await client.delete(`/api/auth/users/${luca.id}`, admin)).status).toBe(200);
    expect(await searched("ross")).toEqual({ totale: 1, names: ["Giulia Rossi"] });
  });

  it("keeps a search's matches between calls only while no account they depend on changes", async () => {
    const { client, admin } = await people();
    const tab = async (role: string) =>
      fullNames((await client.get(`/api/auth/users?ruolo=${role}&pagina=1&cerca=ross`, admin)).body.elementi);
    expect(await tab("user")).toEqual(["Giulia Rossi", "Luca rossini"]);
    const marco = await registerStudent(client, { name: "Marco", surname: "Rossetti" });
    expect(await tab("user")).toEqual(["Marco Rossetti", "Giulia Rossi", "Luca rossini"]);
    await createOrPromoteAdmin(client.ctx, { email: marco.user.email });
    expect(await tab("user")).toEqual(["Giulia Rossi", "Luca rossini"]);
    expect(await tab("admin")).toEqual(["Marco Rossetti"]);
    client.ctx.sqlite.run("UPDATE users SET surname = 'Arossi' WHERE name = 'Luca'");
    expect(await tab("user")).toEqual(["Luca Arossi", "Giulia Rossi"]);
  });

  it("still answers the whole array to the spec's plain call and refuses a bad tab", async () => {
    const { client, admin } = await people();
    const whole = await client.get("/api/auth/users", admin);
    expect(Array.isArray(whole.body)).toBe(true);
    expect(whole.body).toHaveLength(4);
    const bad = await client.get("/api/auth/users?ruolo=root&pagina=1", admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Ruolo non valido");
  });
});

describe("the accounts per role", () => {
  it("are the counts kept per role, which follow registrations, promotions and deletions", async () => {
    const { client, admin } = await people();
    const perRole = async () => (await client.get("/api/auth/users?pagina=1", admin)).body.per_ruolo;
    const counted = () =>
      Object.fromEntries(
        client.ctx.sqlite
          .query("SELECT ruolo, count(*) AS n FROM users GROUP BY ruolo")
          .values()
          .map(([role, accounts]) => [role, accounts]),
      );
    expect(await perRole()).toEqual({ user: 3, admin: 1 });
    const marco = await registerStudent(client, { name: "Marco", surname: "Bruni" });
    await createOrPromoteAdmin(client.ctx, { email: marco.user.email });
    expect(await perRole()).toEqual({ user: 3, admin: 2 });
    const luca = await registerStudent(client, { name: "Luca", surname: "Gialli" });
    expect((await client.delete(`/api/auth/users/${luca.user.id}`, admin)).status).toBe(200);
    expect(await perRole()).toEqual({ user: 3, admin: 2 });
    expect(await perRole()).toEqual(counted());
  });
});

describe("the whole users list", () => {
  it("gives every account as its pages do, key for key, whoever the account is", async () => {
    const client = createTestClient();
    const admin = (await signInAdmin(client)).token;
    const giulia = await registerStudent(client, { name: "Giulia", surname: "Rossi", matricola: "FOT-0042" });
    const luca = await registerStudent(client, { name: "Luca", surname: "Verdi" });
    await registerStudent(client, { name: "Sara", surname: "Neri", email: "sara.neri@accademia.it" });
    // A blocked student with the reason, and a directory account that has not chosen its course yet.
    client.ctx.db
      .update(users)
      .set({ isBlocked: true, blockedReason: "Tre ritardi", penaltyStrikes: 3, validoFinoAl: "2027-06-30" })
      .where(eq(users.id, giulia.user.id))
      .run();
    client.ctx.db
      .update(users)
      .set({ directory: "ldap", corsoAccademico: null, directorySyncedAt: "2026-11-27T08:00:00.000Z" })
      .where(eq(users.id, luca.user.id))
      .run();

    const whole = await client.get("/api/auth/users", admin);
    const paged = await client.get("/api/auth/users?pagina=1&per_pagina=50", admin);

    expect(whole.status).toBe(200);
    expect(whole.body).toStrictEqual(paged.body.elementi);
    expect(whole.body.map((user: Json) => Object.keys(user))).toEqual(
      paged.body.elementi.map((user: Json) => Object.keys(user)),
    );
    expect(whole.body.find((user: Json) => user.id === giulia.user.id)).toMatchObject({
      is_blocked: true,
      blocked_reason: "Tre ritardi",
      penalty_strikes: 3,
      scelta_corso: false,
    });
    expect(whole.body.find((user: Json) => user.id === luca.user.id)).toMatchObject({
      directory: "ldap",
      scelta_corso: true,
      isAdmin: false,
    });
    expect(whole.body.find((user: Json) => user.ruolo === "admin")).toMatchObject({ isAdmin: true });
  });
});

import { describe, expect, it } from "bun:test";
import { createTestClient, signInAdmin } from "../../testing/harness";
import { readSettings } from "./service";

const STORED = "smtps://prestiti:S3greta%40Mail@mail.accademia.it:465";
const SHOWN = "smtps://prestiti:****@mail.accademia.it:465";

async function deskWithMailServer() {
  const client = createTestClient();
  const admin = await signInAdmin(client);
  const saved = await client.put("/api/impostazioni", { smtp_url: STORED }, admin.token);
  expect(saved.status).toBe(200);
  return { client, admin: admin.token };
}

describe("the mail server's password", () => {
  it("never leaves the server: GET and PUT answer **** in its place", async () => {
    const { client, admin } = await deskWithMailServer();
    const shown = await client.get("/api/impostazioni", admin);
    expect(shown.body.smtp_url).toBe(SHOWN);
    expect(JSON.stringify(shown.body)).not.toContain("S3greta");
    const saved = await client.put("/api/impostazioni", { soglia_blocco: 4 }, admin);
    expect(saved.body.smtp_url).toBe(SHOWN);
    expect(readSettings(client.ctx.db).smtp_url).toBe(STORED);
  });

  it("stays as stored when the settings form sends **** back, and changes when a new one is written", async () => {
    const { client, admin } = await deskWithMailServer();
    const form = (await client.get("/api/impostazioni", admin)).body;
    expect((await client.put("/api/impostazioni", { ...form, soglia_blocco: 5 }, admin)).status).toBe(200);
    expect(readSettings(client.ctx.db).smtp_url).toBe(STORED);
    const renewed = "smtps://prestiti:Nuova-Chiave@mail.accademia.it:465";
    expect((await client.put("/api/impostazioni", { smtp_url: renewed }, admin)).status).toBe(200);
    expect(readSettings(client.ctx.db).smtp_url).toBe(renewed);
  });

  it("is not handed to another server or user behind ****: 400 and nothing stored", async () => {
    const { client, admin } = await deskWithMailServer();
    for (const smtp_url of ["smtps://prestiti:****@posta.altrove.it:465", "smtps://altro:****@mail.accademia.it:465"]) {
      const answer = await client.put("/api/impostazioni", { smtp_url }, admin);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(
        "La password del server di posta è nascosta (****): scrivila di nuovo per un server o un utente diversi",
      );
    }
    expect(readSettings(client.ctx.db).smtp_url).toBe(STORED);
  });
});

describe("the sender", () => {
  it("refuses a line break, which would add headers to every message, with 400", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    for (const mail_from of [
      "Ufficio prestiti\r\nBcc: tutti@altrove.it <prestiti@accademia.it>",
      "Ufficio\nprestiti <prestiti@accademia.it>",
    ]) {
      const answer = await client.put("/api/impostazioni", { mail_from }, admin.token);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Il mittente sta su una sola riga: togli gli a capo");
    }
    expect(readSettings(client.ctx.db).mail_from).toBeNull();
  });
});

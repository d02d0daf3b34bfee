import { describe, expect, it } from "bun:test";
import { createTestClient, type Json, registerStudent, signInAdmin } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";

/** Each step's name and whether it is ticked, in the checklist's order. */
async function ticks(client: ReturnType<typeof createTestClient>, token: string) {
  const answer = await client.get("/api/primi-passi", token);
  expect(answer.status).toBe(200);
  return {
    steps: answer.body.passi.map((step: Json) => [step.passo, step.fatto]),
    done: answer.body.completato as boolean,
  };
}

describe("GET /api/primi-passi", () => {
  it("ticks each of a clean install's five steps as the desk does it through the API", async () => {
    const client = createTestClient();
    const { token } = await signInAdmin(client);
    expect(await ticks(client, token)).toEqual({
      steps: [
        ["accademia", false],
        ["corsi", false],
        ["apertura", false],
        ["inventario", false],
        ["posta", false],
      ],
      done: false,
    });

    const saved = await client.put("/api/impostazioni", { url_pubblico: "https://prestiti.accademia.it/" }, token);
    expect(saved.status).toBe(200);
    const named = await client.get("/api/primi-passi", token);
    expect([named.body.passi[0].fatto, named.body.passi[0].descrizione]).toEqual([
      true,
      "PrestaLab, all'indirizzo https://prestiti.accademia.it",
    ]);

    expect((await client.post("/api/corsi", { nome: "Scenografia" }, token)).status).toBe(200);
    expect((await ticks(client, token)).steps[1]).toEqual(["corsi", true]);

    expect((await client.put("/api/impostazioni", { giorni_apertura: [1, 2, 3, 4, 5] }, token)).status).toBe(200);
    expect((await ticks(client, token)).steps[2]).toEqual(["apertura", true]);

    await createItem(client, token, { nome: "Sony FX3", quantita_totale: 1 });
    expect((await ticks(client, token)).steps[3]).toEqual(["inventario", true]);

    const mail = { smtp_url: "smtps://banco:segreta@mail.accademia.it:465", mail_from: "prestiti@accademia.it" };
    expect((await client.put("/api/impostazioni", mail, token)).status).toBe(200);
    expect(await ticks(client, token)).toEqual({
      steps: [
        ["accademia", true],
        ["corsi", true],
        ["apertura", true],
        ["inventario", true],
        ["posta", true],
      ],
      done: true,
    });
  });

  it("names each step in Italian with the screen it is done on, and what is in place once done", async () => {
    const client = createTestClient();
    const { token } = await signInAdmin(client);
    await client.put(
      "/api/impostazioni",
      { chiusure: [{ dal: "2026-08-10", al: "2026-08-21", motivo: "Ferie" }] },
      token,
    );
    await client.post("/api/corsi", { nome: "Cinema" }, token);
    const answer = await client.get("/api/primi-passi", token);
    expect(answer.body.passi.map((step: Json) => [step.titolo, step.link, step.fatto])).toEqual([
      ["Nome e indirizzo pubblico", "/impostazioni#ricevute-title", false],
      ["Corsi", "/impostazioni#corsi-title", true],
      ["Giorni di apertura", "/impostazioni#apertura-title", true],
      ["Primi articoli", "/inventario", false],
      ["Posta elettronica", "/impostazioni#posta-title", false],
    ]);
    expect(answer.body.passi[1].descrizione).toBe("9 corsi attivi");
  });

  it("ticks the courses once the desk renames one of the eight it ships with, and no archived item", async () => {
    const client = createTestClient();
    const { token } = await signInAdmin(client);
    const shipped = await client.get("/api/primi-passi", token);
    expect(shipped.body.passi[1].descrizione).toBe(
      "Ci sono 8 corsi di esempio: aggiungi, rinomina o archivia quelli della tua accademia",
    );
    const design = (await client.get("/api/corsi/tutti", token)).body.find((course: Json) => course.nome === "Design");
    expect((await client.put(`/api/corsi/${design.id}`, { nome: "Design del prodotto" }, token)).status).toBe(200);
    const item = await createItem(client, token, { nome: "Treppiede", quantita_totale: 1 });
    expect((await client.delete(`/api/inventario/${item.id}`, token)).status).toBe(200);
    const { steps } = await ticks(client, token);
    expect([steps[1], steps[3]]).toEqual([
      ["corsi", true],
      ["inventario", false],
    ]);
  });

  it("takes the public address and the mail server from the environment too", async () => {
    const client = createTestClient();
    client.ctx.publicUrl = "https://prestiti.accademia.it";
    client.ctx.mail = { smtpUrl: "smtp://mail.accademia.it:25", from: "Banco <banco@accademia.it>" };
    const { token } = await signInAdmin(client);
    const answer = await client.get("/api/primi-passi", token);
    expect([answer.body.passi[0].fatto, answer.body.passi[4].fatto]).toEqual([true, true]);
    expect(answer.body.passi[4].descrizione).toBe("Le e-mail partono da Banco <banco@accademia.it>");
  });

  it("is the desk's alone: a student gets 403 in Italian, nobody signed in 401", async () => {
    const client = createTestClient();
    await signInAdmin(client);
    const student = await registerStudent(client);
    const refused = await client.get("/api/primi-passi", student.token);
    expect([refused.status, refused.body.error]).toEqual([403, "Non hai i permessi per questa operazione"]);
    expect((await client.get("/api/primi-passi")).status).toBe(401);
  });
});

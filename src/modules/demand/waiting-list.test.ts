import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { notifiche, richieste } from "../../db/schema";
import { runScheduledJobs } from "../../jobs";
import type { TestClient } from "../../testing/harness";
import { createPortraitKit } from "../../testing/kit-fixtures";
import { day, loanScenario, requestOk, requestRow, unitIdOf } from "../../testing/loan-fixtures";

const external = { tipo_utilizzo: "esterno" };

/** `token`'s owner asks to wait for item `itemId` over the days `dal`–`al`: the answer as it comes. */
function joinQueue(client: TestClient, token: string, itemId: number, dal: string, al: string) {
  return client.post("/api/attese", { inventario_id: itemId, dal, al }, token);
}

/** Giulia holds the only tablet for days 1–3; Luca waits for it. */
async function tabletTaken() {
  const scenario = await loanScenario();
  const { client, tablet, student, classmate } = scenario;
  const first = await requestOk(client, student.token, {
    inventario_id: tablet.id,
    dal: day(1),
    al: day(3),
    ...external,
  });
  const joined = await joinQueue(client, classmate.token, tablet.id, day(2), day(3));
  return { ...scenario, first, joined };
}

function noticesOf(scenario: Awaited<ReturnType<typeof loanScenario>>, userId: number) {
  return scenario.ctx.db
    .select({ tipo: notifiche.tipo, link: notifiche.link })
    .from(notifiche)
    .where(eq(notifiche.utenteId, userId))
    .all();
}

describe("the waiting list", () => {
  it("queues a student only when nothing is free, once, and shows each their place", async () => {
    const scenario = await tabletTaken();
    const { client, tablet, camera, classmate, designStudent, joined } = scenario;
    const third = await joinQueue(client, scenario.student.token, tablet.id, day(1), day(1));

    expect(joined.status).toBe(201);
    expect(joined.body).toEqual({ id: expect.any(Number), posizione: 1, stato: "in_coda" });
    expect(third.status).toBe(201);
    expect(third.body.posizione).toBe(2);
    const again = await joinQueue(client, classmate.token, tablet.id, day(3), day(4));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Sei già in coda per queste date");
    const free = await joinQueue(client, classmate.token, camera.id, day(1), day(2));
    expect(free.status).toBe(409);
    expect(free.body.error).toBe("Per queste date c'è già un'unità libera: prenotala direttamente");
    const otherCourse = await joinQueue(client, designStudent.token, tablet.id, day(2), day(3));
    expect(otherCourse.status).toBe(404);
    const both = await client.post("/api/attese", { dal: day(2), al: day(3) }, classmate.token);
    expect(both.status).toBe(400);

    const mine = await client.get("/api/attese/mie", classmate.token);
    expect(mine.body).toMatchObject([
      { id: joined.body.id, nome: "Tavoletta grafica", stato: "in_coda", posizione: 1, scade_il: null },
    ]);
  });

  it("offers the freed unit to the first student when the request holding it is withdrawn, and the hold is a booking", async () => {
    const scenario = await tabletTaken();
    const { client, ctx, tablet, first, student, classmate, joined } = scenario;

    expect((await client.delete(`/api/richieste/${first.id}`, student.token)).status).toBe(200);

    const [offer] = (await client.get("/api/attese/mie", classmate.token)).body as unknown as Array<
      Record<string, unknown>
    >;
    expect(offer).toMatchObject({
      id: joined.body.id,
      stato: "offerta",
      posizione: null,
      scade_il: expect.stringMatching(/^2026-03-10T21:0/),
    });
    expect(noticesOf(scenario, classmate.user.id as number)).toEqual([
      { tipo: "attesa_offerta", link: `/attese?conferma=${joined.body.id}` },
    ]);
    const taken = await client.post(
      "/api/richieste",
      { inventario_id: tablet.id, dal: day(3), al: day(3), ...external },
      student.token,
    );
    expect(taken.status).toBe(409);

    const confirmed = await client.put(`/api/attese/${joined.body.id}/conferma`, undefined, classmate.token);
    expect(confirmed.status).toBe(200);
    const request = requestRow(ctx, confirmed.body.richiesta_id as number);
    expect(request).toMatchObject({
      utenteId: classmate.user.id,
      unitId: unitIdOf(tablet, 0),
      dal: day(2),
      al: day(3),
      stato: "in_attesa",
      tipoUtilizzo: "esterno",
    });
    const after = await client.get("/api/attese/mie", classmate.token);
    expect(after.body).toMatchObject([{ stato: "confermata", richiesta_id: confirmed.body.richiesta_id }]);
    const twice = await client.put(`/api/attese/${joined.body.id}/conferma`, undefined, classmate.token);
    expect(twice.status).toBe(409);
  });

  it("passes a hold not confirmed in time to the next student, and refuses the late confirmation", async () => {
    const scenario = await tabletTaken();
    const { client, ctx, tablet, first, admin, classmate, joined } = scenario;
    const next = await registerPhotographyStudent(scenario);
    const second = await client.post("/api/attese", { inventario_id: tablet.id, dal: day(2), al: day(2) }, next.token);
    expect((await client.put("/api/impostazioni", { ore_attesa: 2 }, admin)).status).toBe(200);
    await client.put(`/api/prestiti/${first.id}/rifiuta`, { motivo_rifiuto: "Serve per un esame" }, admin);

    ctx.clock.travelTo(new Date("2026-03-10T11:30:00Z"));
    runScheduledJobs(ctx);

    const late = await client.put(`/api/attese/${joined.body.id}/conferma`, undefined, classmate.token);
    expect(late.status).toBe(409);
    expect((await client.get("/api/attese/mie", classmate.token)).body).toMatchObject([{ stato: "scaduta" }]);
    expect((await client.get("/api/attese/mie", next.token)).body).toMatchObject([
      { id: second.body.id, stato: "offerta", scade_il: expect.stringMatching(/^2026-03-10T13:3/) },
    ]);
  });

  it("passes a hold the student gives up to the next one at once", async () => {
    const scenario = await tabletTaken();
    const { client, tablet, first, student, classmate, joined } = scenario;
    const next = await registerPhotographyStudent(scenario);
    const second = await client.post("/api/attese", { inventario_id: tablet.id, dal: day(3), al: day(3) }, next.token);
    await client.delete(`/api/richieste/${first.id}`, student.token);

    expect((await client.delete(`/api/attese/${joined.body.id}`, classmate.token)).status).toBe(200);

    expect((await client.get("/api/attese/mie", next.token)).body).toMatchObject([
      { id: second.body.id, stato: "offerta" },
    ]);
    expect((await client.delete(`/api/attese/${joined.body.id}`, next.token)).status).toBe(404);
  });

  it("offers a unit added to the item to the student waiting for it", async () => {
    const scenario = await tabletTaken();
    const { client, admin, tablet, classmate, joined } = scenario;
    const item = (await client.get(`/api/inventario/${tablet.id}`, admin)).body;
    const units = (item.unita as Array<{ id: number; codice_univoco: string; note: string | null }>).map((unit) => ({
      id: unit.id,
      codice_univoco: unit.codice_univoco,
      note: unit.note,
    }));
    const changed = await client.put(
      `/api/inventario/${tablet.id}`,
      { ...editable(item), unita: [...units, { codice_univoco: "TAB-NEW", note: null }] },
      admin,
    );
    expect(changed.status).toBe(200);

    expect((await client.get("/api/attese/mie", classmate.token)).body).toMatchObject([
      { id: joined.body.id, stato: "offerta" },
    ]);
  });

  it("holds a kit's units for the student waiting for the kit, and confirming books the set", async () => {
    const scenario = await loanScenario();
    const { client, ctx, student, classmate } = scenario;
    const kit = await createPortraitKit(scenario);
    const set = await client.post("/api/prenotazioni", { kit_id: kit.id, dal: day(1), al: day(1) }, student.token);
    const joined = await client.post("/api/attese", { kit_id: kit.id, dal: day(1), al: day(1) }, classmate.token);
    expect(joined.status).toBe(201);

    await client.delete(`/api/prenotazioni/${set.body.id}`, student.token);
    expect((await client.get("/api/attese/mie", classmate.token)).body).toMatchObject([
      { stato: "offerta", nome: "Kit ritratto" },
    ]);
    const confirmed = await client.put(`/api/attese/${joined.body.id}/conferma`, undefined, classmate.token);

    expect(confirmed.status).toBe(200);
    const lines = ctx.db
      .select()
      .from(richieste)
      .where(eq(richieste.prenotazioneId, confirmed.body.prenotazione_id as number))
      .all();
    expect(lines).toHaveLength(3);
  });

  it("shows the desk every queue per item, and no student", async () => {
    const scenario = await tabletTaken();
    const { client, admin, tablet, classmate } = scenario;

    const queues = await client.get("/api/attese", admin);

    expect(queues.body).toMatchObject([
      {
        inventario_id: tablet.id,
        nome: "Tavoletta grafica",
        attese: [{ utente: "Luca Verdi", corso: "Fotografia", posizione: 1, stato: "in_coda" }],
      },
    ]);
    expect((await client.get("/api/attese", classmate.token)).status).toBe(403);
  });
});

async function registerPhotographyStudent(scenario: Awaited<ReturnType<typeof loanScenario>>) {
  const { registerStudent } = await import("../../testing/harness");
  return registerStudent(scenario.client, { name: "Anna", surname: "Gialli", corso_accademico: "Fotografia" });
}

/** The fields of an item the desk sends back when it edits it. */
function editable(item: Record<string, unknown>) {
  return {
    nome: item.nome,
    tipo_prestito: item.tipo_prestito,
    corsi_assegnati: item.corsi_assegnati,
  };
}

import { describe, expect, it } from "bun:test";
import { asc } from "drizzle-orm";
import type { AppContext } from "../../context";
import { domandaEventi } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { runScheduledJobs } from "../../jobs";
import { createPortraitKit } from "../../testing/kit-fixtures";
import { approveOk, day, loanScenario, requestOk, travelToDay, unitIdOf, userRow } from "../../testing/loan-fixtures";
import { rejectRequestStep } from "../loans/approval";

function demandEvents(ctx: AppContext) {
  return ctx.db
    .select({
      tipo: domandaEventi.tipo,
      utente_id: domandaEventi.utenteId,
      corso: domandaEventi.corso,
      inventario_id: domandaEventi.inventarioId,
      kit_id: domandaEventi.kitId,
      dal: domandaEventi.dal,
      al: domandaEventi.al,
      testo: domandaEventi.testo,
      giorno: domandaEventi.giorno,
    })
    .from(domandaEventi)
    .orderBy(asc(domandaEventi.id))
    .all();
}

describe("demand events", () => {
  it("keep a booking that met 409 because no unit was free, with the item, dates and course, and no request", async () => {
    const { client, ctx, tablet, student, classmate } = await loanScenario();
    const external = { tipo_utilizzo: "esterno" };
    await requestOk(client, student.token, { inventario_id: tablet.id, dal: day(1), al: day(3), ...external });

    const refused = await client.post(
      "/api/richieste",
      { inventario_id: tablet.id, dal: day(2), al: day(4), ...external },
      classmate.token,
    );

    expect(refused.status).toBe(409);
    expect(demandEvents(ctx)).toEqual([
      {
        tipo: "nessuna_unita",
        utente_id: classmate.user.id as number,
        corso: "Fotografia",
        inventario_id: tablet.id as number,
        kit_id: null,
        dal: day(2),
        al: day(4),
        testo: null,
        giorno: day(0),
      },
    ]);
    const mine = await client.get("/api/richieste/mie", classmate.token);
    expect(mine.body).toEqual([]);
  });

  it("keep nothing for a 409 on one taken unit while another unit of the item is free", async () => {
    const { client, ctx, camera, student, classmate } = await loanScenario();
    await requestOk(client, student.token, { unit_id: unitIdOf(camera, 0), dal: day(1), al: day(3) });

    const refused = await client.post(
      "/api/richieste",
      { unit_id: unitIdOf(camera, 0), dal: day(1), al: day(3) },
      classmate.token,
    );

    expect(refused.status).toBe(409);
    expect(demandEvents(ctx)).toEqual([]);
  });

  it("keep the desk's refusal of a request with its reason, and nothing when the refusal is rolled back", async () => {
    const { client, ctx, admin, adminUser, tablet, student } = await loanScenario();
    const first = await requestOk(client, student.token, {
      inventario_id: tablet.id,
      dal: day(1),
      al: day(2),
      tipo_utilizzo: "esterno",
    });
    const desk = userRow(ctx, adminUser.id as number);

    expect(() =>
      writeTransaction(ctx.db, (tx) => {
        rejectRequestStep(tx, ctx, desk, first.id as number, { motivo_rifiuto: "Riservata all'esame" });
        throw new Error("the caller's next step fails");
      }),
    ).toThrow("the caller's next step fails");
    expect(demandEvents(ctx)).toEqual([]);

    const answer = await client.put(
      `/api/prestiti/${first.id}/rifiuta`,
      { motivo_rifiuto: "Riservata all'esame" },
      admin,
    );
    expect(answer.status).toBe(200);
    expect(demandEvents(ctx).map((event) => [event.tipo, event.inventario_id, event.testo, event.corso])).toEqual([
      ["rifiuto", tablet.id as number, "Riservata all'esame", "Fotografia"],
    ]);
  });

  it("keep a set refused whole, one event per line, and a set that met 409, one event per item short", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera, studioLight, student, classmate } = scenario;
    const kit = await createPortraitKit(scenario);
    const set = await client.post("/api/prenotazioni", { kit_id: kit.id, dal: day(1), al: day(1) }, student.token);
    expect(set.status).toBe(200);

    const clash = await client.post(
      "/api/prenotazioni",
      { righe: [{ inventario_id: studioLight.id }, { inventario_id: camera.id }], dal: day(1), al: day(1) },
      classmate.token,
    );
    expect(clash.status).toBe(409);
    const refusal = await client.put(`/api/prenotazioni/${set.body.id}/rifiuta`, { motivo: "Studio chiuso" }, admin);
    expect(refusal.status).toBe(200);

    expect(demandEvents(ctx).map((event) => [event.tipo, event.inventario_id, event.kit_id, event.testo])).toEqual([
      // Only the studio light was short: two cameras of three were still free.
      ["nessuna_unita", studioLight.id as number, null, null],
      ["rifiuto", camera.id as number, kit.id as number, "Studio chiuso"],
      ["rifiuto", camera.id as number, kit.id as number, "Studio chiuso"],
      ["rifiuto", studioLight.id as number, kit.id as number, "Studio chiuso"],
    ]);
  });

  it("keep a no-show when the job cancels a loan nobody collected", async () => {
    const { client, ctx, admin, camera, student } = await loanScenario();
    const request = await requestOk(client, student.token, { inventario_id: camera.id, dal: day(1), al: day(2) });
    await approveOk(client, admin, request.id as number);

    travelToDay(ctx, day(5));
    runScheduledJobs(ctx);

    expect(demandEvents(ctx).map((event) => [event.tipo, event.inventario_id, event.dal, event.giorno])).toEqual([
      ["mancato_ritiro", camera.id as number, day(1), day(5)],
    ]);
  });

  it("keep a catalogue search with no result that the student's screen reports, and refuse an empty one", async () => {
    const { client, ctx, student } = await loanScenario();

    const kept = await client.post("/api/domanda/ricerche", { testo: "  drone DJI  " }, student.token);
    const empty = await client.post("/api/domanda/ricerche", { testo: "   " }, student.token);

    expect(kept.status).toBe(200);
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("Scrivi le parole cercate");
    expect(demandEvents(ctx).map((event) => [event.tipo, event.testo, event.corso])).toEqual([
      ["ricerca_vuota", "drone DJI", "Fotografia"],
    ]);
  });

  it("forget the student after twelve months and keep the course", async () => {
    const { client, ctx, student } = await loanScenario();
    await client.post("/api/domanda/ricerche", { testo: "drone" }, student.token);
    travelToDay(ctx, "2026-09-10");
    await client.post("/api/domanda/ricerche", { testo: "gimbal" }, student.token);

    travelToDay(ctx, "2027-03-09");
    runScheduledJobs(ctx);
    expect(demandEvents(ctx).map((event) => event.utente_id)).toEqual([
      student.user.id as number,
      student.user.id as number,
    ]);

    travelToDay(ctx, "2027-03-11");
    runScheduledJobs(ctx);
    expect(demandEvents(ctx).map((event) => [event.testo, event.utente_id, event.corso])).toEqual([
      ["drone", null, "Fotografia"],
      ["gimbal", student.user.id as number, "Fotografia"],
    ]);
  });

  it("forget after twelve months the request a refusal was about, which names the student, and keep the rest", async () => {
    const { client, ctx, admin, tablet, student } = await loanScenario();
    const asked = await requestOk(client, student.token, {
      inventario_id: tablet.id,
      dal: day(1),
      al: day(2),
      tipo_utilizzo: "esterno",
    });
    await client.put(`/api/prestiti/${asked.id}/rifiuta`, { motivo_rifiuto: "Riservata all'esame" }, admin);
    const kept = () =>
      ctx.db
        .select({
          utente_id: domandaEventi.utenteId,
          riferimento_id: domandaEventi.riferimentoId,
          corso: domandaEventi.corso,
          inventario_id: domandaEventi.inventarioId,
          dal: domandaEventi.dal,
          giorno: domandaEventi.giorno,
        })
        .from(domandaEventi)
        .all();
    expect(kept()).toEqual([
      {
        utente_id: student.user.id as number,
        riferimento_id: asked.id as number,
        corso: "Fotografia",
        inventario_id: tablet.id as number,
        dal: day(1),
        giorno: day(0),
      },
    ]);

    travelToDay(ctx, day(367));
    runScheduledJobs(ctx);

    expect(kept()).toEqual([
      {
        utente_id: null,
        riferimento_id: null,
        corso: "Fotografia",
        inventario_id: tablet.id as number,
        dal: day(1),
        giorno: day(0),
      },
    ]);
  });
});

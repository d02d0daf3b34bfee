import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { richieste, users } from "../../db/schema";
import { AUTOMATIC_BLOCK_REASON } from "../../domain/loan-rules";
import type { Json, TestClient } from "../../testing/harness";
import { insertRepair } from "../../testing/inventory-fixtures";
import {
  approveOk,
  blockUser,
  bookingCounts,
  day,
  directLoanOk,
  lendCameraToStudent,
  loanScenario,
  requestOk,
  requestRow,
  TODAY,
  travelToDay,
  unitIdOf,
  unitStates,
  userRow,
} from "../../testing/loan-fixtures";
import { createRequest } from "./request";
import { loadRequestViews } from "./views";

const UNAVAILABLE = "L'unità selezionata non è disponibile per le date scelte";
const ALREADY_HANDLED = "La richiesta è già stata gestita";

/** The answer to `token`'s request for a unit from `dal` to `al`, refusals included (`requestOk` throws on those). */
const ask = (client: TestClient, token: string, unitId: number, dal: string, al: string, more = {}) =>
  client.post("/api/richieste", { unit_id: unitId, dal, al, ...more }, token);

/** The usage stored on an accepted request that claimed `claimed` (nothing when left out). */
async function storedUsage(
  client: TestClient,
  token: string,
  unitId: number,
  dal: string,
  al: string,
  claimed?: string,
) {
  const request = await requestOk(client, token, { unit_id: unitId, dal, al, tipo_utilizzo: claimed ?? null });
  return request.tipo_utilizzo;
}

describe("a student asks for a unit", () => {
  it("creates a pending request with the unit, dates, note and usage", async () => {
    const { client, student, camera } = await loanScenario();
    const answer = await ask(client, student.token, unitIdOf(camera), day(2), day(4), {
      note: "Per il progetto di ritratto",
      tipo_utilizzo: null,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      stato: "in_attesa",
      unit_id: unitIdOf(camera),
      codice_univoco: camera.unita[0].codice_univoco,
      inventario_id: camera.id,
      oggetto_nome: "Fotocamera Canon",
      dal: day(2),
      al: day(4),
      note: "Per il progetto di ritratto",
      tipo_utilizzo: "esterno",
      utente_id: student.user.id,
      utente_nome: "Giulia",
      utente_cognome: "Rossi",
      motivo_rifiuto: null,
    });
    const mine = await client.get("/api/richieste/mie", student.token);
    expect(mine.body.map((request: Json) => request.id)).toEqual([answer.body.id]);
  });

  it("accepts a request that starts and ends today", async () => {
    const { client, student, camera } = await loanScenario();
    const answer = await ask(client, student.token, unitIdOf(camera), TODAY, TODAY);
    expect(answer.status).toBe(200);
  });

  it("computes today in the academy's time zone, not the server's", async () => {
    const { client, ctx, student, camera } = await loanScenario();
    // 23:30 UTC on the 10th is already 00:30 on the 11th in Rome.
    ctx.clock.travelTo(new Date(`${TODAY}T23:30:00Z`));
    const yesterdayInRome = await ask(client, student.token, unitIdOf(camera), TODAY, day(1));
    expect(yesterdayInRome.status).toBe(400);
    expect(yesterdayInRome.body.error).toBe("La data di inizio non può essere nel passato");
    const todayInRome = await ask(client, student.token, unitIdOf(camera), day(1), day(1));
    expect(todayInRome.status).toBe(200);
  });

  it("stores the usage the item implies when the item is not lent both ways", async () => {
    const { client, student, camera, studioLight } = await loanScenario();
    expect(await storedUsage(client, student.token, unitIdOf(camera), day(1), day(3))).toBe("esterno");
    // Whatever the client claims, a studio light never leaves the academy.
    expect(await storedUsage(client, student.token, unitIdOf(studioLight), day(1), day(1), "esterno")).toBe("interno");
  });

  it("stores the usage the student chose for an item lent both ways", async () => {
    const { client, student, tablet } = await loanScenario();
    expect(await storedUsage(client, student.token, unitIdOf(tablet), day(1), day(3), "esterno")).toBe("esterno");
    expect(await storedUsage(client, student.token, unitIdOf(tablet), day(5), day(5), "interno")).toBe("interno");
  });

  it("asks for the usage type of an item lent both ways", async () => {
    const { client, ctx, student, tablet } = await loanScenario();
    for (const tipo_utilizzo of [null, undefined, ""]) {
      const answer = await ask(client, student.token, unitIdOf(tablet), day(1), day(2), { tipo_utilizzo });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Seleziona il tipo di utilizzo");
    }
    expect(bookingCounts(ctx).requests).toBe(0);
  });

  it("refuses a usage type that does not exist", async () => {
    const { client, student, tablet } = await loanScenario();
    const answer = await ask(client, student.token, unitIdOf(tablet), day(1), day(2), { tipo_utilizzo: "ovunque" });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("Tipo di utilizzo non valido");
  });

  it("refuses a start date in the past", async () => {
    const { client, student, camera } = await loanScenario();
    const answer = await ask(client, student.token, unitIdOf(camera), day(-1), day(2));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("La data di inizio non può essere nel passato");
  });

  it("refuses an end date before the start date", async () => {
    const { client, student, camera } = await loanScenario();
    const answer = await ask(client, student.token, unitIdOf(camera), day(3), day(2));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("La data di fine deve essere successiva alla data di inizio");
  });

  it("requires internal use to end the day it starts, for internal-only items and for internal use of others", async () => {
    const { client, ctx, student, studioLight, tablet } = await loanScenario();
    const message = "Per utilizzo interno, la data di fine deve essere lo stesso giorno della data di inizio";
    const internalOnly = await ask(client, student.token, unitIdOf(studioLight), day(1), day(2), {
      tipo_utilizzo: null,
    });
    expect(internalOnly.status).toBe(400);
    expect(internalOnly.body.error).toBe(message);
    const bothWays = await ask(client, student.token, unitIdOf(tablet), day(1), day(2), { tipo_utilizzo: "interno" });
    expect(bothWays.status).toBe(400);
    expect(bothWays.body.error).toBe(message);
    expect(bookingCounts(ctx).requests).toBe(0);
  });

  it("refuses dates that are not calendar dates", async () => {
    const { client, student, camera } = await loanScenario();
    for (const dates of [
      { dal: "domani", al: day(2) },
      { dal: day(1), al: "2026-02-30" },
      { dal: undefined, al: day(2) },
    ]) {
      const answer = await client.post("/api/richieste", { unit_id: unitIdOf(camera), ...dates }, student.token);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBeString();
    }
  });

  it("answers 404 for a unit of an item of another course, as if it did not exist", async () => {
    const { client, student, designStudent, plotter } = await loanScenario();
    const answer = await ask(client, student.token, unitIdOf(plotter), day(1), day(2));
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe("Unità non trovata");
    const unknown = await ask(client, student.token, 9999, day(1), day(2));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("Unità non trovata");
    // The design student may ask for it.
    expect((await ask(client, designStudent.token, unitIdOf(plotter), day(1), day(2))).status).toBe(200);
  });

  it("refuses administrators: the desk lends directly", async () => {
    const { client, ctx, admin, camera } = await loanScenario();
    const answer = await ask(client, admin, unitIdOf(camera), day(1), day(2));
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBeString();
    expect(bookingCounts(ctx).requests).toBe(0);
  });

  it("answers 401 without a session", async () => {
    const { client, camera } = await loanScenario();
    expect((await client.post("/api/richieste", { unit_id: unitIdOf(camera), dal: day(1), al: day(2) })).status).toBe(
      401,
    );
    expect((await client.get("/api/richieste")).status).toBe(401);
    expect((await client.get("/api/richieste/mie")).status).toBe(401);
    expect((await client.delete("/api/richieste/1")).status).toBe(401);
  });
});

describe("the order of the checks on a new request", () => {
  it("tells a blocked student why, before anything else", async () => {
    const { client, ctx, student, plotter } = await loanScenario();
    blockUser(ctx, student.user.id, 3);
    // Even a request that is wrong in every other way gets the blocked answer.
    const answer = await ask(client, student.token, unitIdOf(plotter), day(-3), day(-5));
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      error: expect.any(String),
      blocked: true,
      message: expect.any(String),
      reason: AUTOMATIC_BLOCK_REASON,
      strikes: 3,
      helpMessage: expect.any(String),
    });
    expect(bookingCounts(ctx).requests).toBe(0);
  });

  it("judges the account as it is now, not as the session read it before a return blocked it", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student, camera } = scenario;
    ctx.db.update(users).set({ penaltyStrikes: 2 }).where(eq(users.id, student.user.id)).run();
    const loanId = await lendCameraToStudent(scenario, TODAY);
    travelToDay(ctx, day(1));
    // The session of a request already in flight was read before the late return blocked the account.
    const sessionBeforeTheBlock = userRow(ctx, student.user.id);
    await client.put(`/api/prestiti/${loanId}/restituisci`, undefined, admin);
    const attempt = () =>
      createRequest(ctx, sessionBeforeTheBlock, { unit_id: unitIdOf(camera, 1), dal: day(1), al: day(1) });
    expect(attempt).toThrow(
      expect.objectContaining({ status: 403, extra: expect.objectContaining({ blocked: true, strikes: 3 }) }),
    );
    expect(bookingCounts(ctx).requests).toBe(0);
  });

  it("refuses a student with an overdue loan, even before the overdue job ran", async () => {
    const { client, ctx, admin, student, camera, plotter } = await loanScenario();
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: TODAY, al: day(1) });
    await approveOk(client, admin, request.id);
    travelToDay(ctx, day(3));
    const answer = await ask(client, student.token, unitIdOf(plotter), day(-1), day(-2));
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe("Hai un prestito scaduto: restituiscilo prima di fare nuove richieste");
    expect(answer.body.blocked).toBeUndefined();
  });

  it("lets the student ask again once the overdue loan is back", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, student, camera } = scenario;
    const loanId = await lendCameraToStudent(scenario, day(1));
    travelToDay(ctx, day(2));
    const refused = await ask(client, student.token, unitIdOf(camera, 1), day(3), day(3));
    expect(refused.status).toBe(403);
    expect((await client.put(`/api/prestiti/${loanId}/restituisci`, undefined, admin)).status).toBe(200);
    const accepted = await ask(client, student.token, unitIdOf(camera, 1), day(3), day(3));
    expect(accepted.status).toBe(200);
  });

  it("checks the unit's course before the dates", async () => {
    const { client, student, plotter } = await loanScenario();
    const answer = await ask(client, student.token, unitIdOf(plotter), day(-1), day(-2));
    expect(answer.status).toBe(404);
  });

  it("checks a past start before an end before the start", async () => {
    const { client, student, camera } = await loanScenario();
    const answer = await ask(client, student.token, unitIdOf(camera), day(-1), day(-2));
    expect(answer.body.error).toBe("La data di inizio non può essere nel passato");
  });

  it("checks the dates before the unit's availability", async () => {
    const { client, student, classmate, camera } = await loanScenario();
    await requestOk(client, classmate.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(3) });
    const answer = await ask(client, student.token, unitIdOf(camera), day(3), day(2));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("La data di fine deve essere successiva alla data di inizio");
  });
});

describe("no double booking of a unit", () => {
  // The classmate holds the camera from day 4 to day 6, inclusive.
  const held = { dal: day(4), al: day(6) };
  const overlapping: Array<[string, string, string]> = [
    ["ends on the first held day", day(2), day(4)],
    ["starts on the last held day", day(6), day(8)],
    ["lies inside", day(5), day(5)],
    ["covers the whole hold", day(3), day(7)],
    ["is the same range", day(4), day(6)],
    ["is the first held day alone", day(4), day(4)],
  ];
  const adjacent: Array<[string, string, string]> = [
    ["ends the day before", day(1), day(3)],
    ["starts the day after", day(7), day(9)],
  ];

  it.each(overlapping)("refuses a range that %s of a pending request", async (_label, dal, al) => {
    const { client, ctx, student, classmate, camera } = await loanScenario();
    await requestOk(client, classmate.token, { unit_id: unitIdOf(camera), ...held });
    const answer = await ask(client, student.token, unitIdOf(camera), dal, al);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toStartWith(UNAVAILABLE);
    expect(bookingCounts(ctx).requests).toBe(1);
  });

  it.each(overlapping)("refuses a range that %s of an approved loan", async (_label, dal, al) => {
    const { client, admin, student, classmate, camera } = await loanScenario();
    const request = await requestOk(client, classmate.token, { unit_id: unitIdOf(camera), ...held });
    await approveOk(client, admin, request.id);
    const answer = await ask(client, student.token, unitIdOf(camera), dal, al);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toStartWith(UNAVAILABLE);
  });

  it.each(adjacent)("accepts a range that %s", async (_label, dal, al) => {
    const { client, admin, student, classmate, camera } = await loanScenario();
    const request = await requestOk(client, classmate.token, { unit_id: unitIdOf(camera), ...held });
    expect((await ask(client, student.token, unitIdOf(camera), dal, al)).status).toBe(200);
    // And the loan approved from the classmate's request does not collide with it either.
    expect((await client.put(`/api/prestiti/${request.id}/approva`, undefined, admin)).status).toBe(200);
  });

  it("refuses dates held by a direct loan of several units", async () => {
    const { client, admin, student, camera } = await loanScenario();
    await directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera, 0), unitIdOf(camera, 1)],
      chi: "Luca Verdi",
      data_rientro: day(2),
    });
    for (const index of [0, 1]) {
      const answer = await ask(client, student.token, unitIdOf(camera, index), day(2), day(3));
      expect(answer.status).toBe(409);
    }
    expect((await ask(client, student.token, unitIdOf(camera, 2), day(2), day(3))).status).toBe(200);
  });

  it("keeps a unit out on an overdue loan unavailable until it comes back", async () => {
    const { client, ctx, admin, student, camera } = await loanScenario();
    await directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera)],
      chi: "Luca Verdi",
      data_rientro: day(1),
    });
    travelToDay(ctx, day(3));
    const answer = await ask(client, student.token, unitIdOf(camera), day(3), day(4));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toStartWith(UNAVAILABLE);
  });

  it("lets the same student book another unit of the item for the same dates", async () => {
    const { client, student, camera } = await loanScenario();
    await requestOk(client, student.token, { unit_id: unitIdOf(camera, 0), dal: day(1), al: day(2) });
    expect((await ask(client, student.token, unitIdOf(camera, 1), day(1), day(2))).status).toBe(200);
  });

  it("refuses a lost unit", async () => {
    const { client, admin, student, camera } = await loanScenario();
    const lost = await client.put(`/api/inventario/${camera.id}/units/${unitIdOf(camera)}`, { perso: true }, admin);
    expect(lost.status).toBe(200);
    const answer = await ask(client, student.token, unitIdOf(camera), day(1), day(1));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toStartWith(UNAVAILABLE);
  });

  it("refuses a unit in repair, and accepts it again once the repair is over", async () => {
    const { client, ctx, student, camera } = await loanScenario();
    insertRepair(ctx, { itemId: camera.id, unitId: unitIdOf(camera) });
    const answer = await ask(client, student.token, unitIdOf(camera), day(5), day(6));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toStartWith(UNAVAILABLE);
    insertRepair(ctx, { itemId: camera.id, unitId: unitIdOf(camera, 1), stato: "completata" });
    expect((await ask(client, student.token, unitIdOf(camera, 1), day(5), day(6))).status).toBe(200);
  });

  it("frees the dates of a rejected or cancelled request for others", async () => {
    const { client, admin, student, classmate, camera } = await loanScenario();
    const first = await requestOk(client, classmate.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(2) });
    expect((await client.put(`/api/prestiti/${first.id}/rifiuta`, { motivazione: "Manutenzione" }, admin)).status).toBe(
      200,
    );
    const second = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(2) });
    expect((await client.delete(`/api/richieste/${second.id}`, student.token)).status).toBe(200);
    expect((await ask(client, classmate.token, unitIdOf(camera), day(2), day(2))).status).toBe(200);
  });

  it("frees the dates of a returned loan for others", async () => {
    const { client, admin, student, classmate, camera } = await loanScenario();
    const request = await requestOk(client, classmate.token, { unit_id: unitIdOf(camera), dal: TODAY, al: day(3) });
    const { loanId } = await approveOk(client, admin, request.id);
    expect((await client.put(`/api/prestiti/${loanId}/restituisci`, undefined, admin)).status).toBe(200);
    expect((await ask(client, student.token, unitIdOf(camera), TODAY, day(3))).status).toBe(200);
  });
});

describe("who sees which requests", () => {
  it("shows a student only their own requests, whatever they ask for", async () => {
    const { client, student, classmate, camera } = await loanScenario();
    const mine = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 0), dal: day(1), al: day(2) });
    const theirs = await requestOk(client, classmate.token, { unit_id: unitIdOf(camera, 1), dal: day(1), al: day(2) });
    for (const path of ["/api/richieste", "/api/richieste?all=1", "/api/richieste?all=true", "/api/richieste/mie"]) {
      const answer = await client.get(path, student.token);
      expect(answer.status).toBe(200);
      expect(answer.body.map((request: Json) => request.id)).toEqual([mine.id]);
    }
    const classmateView = await client.get("/api/richieste?all=1", classmate.token);
    expect(classmateView.body.map((request: Json) => request.id)).toEqual([theirs.id]);
  });

  it("shows the desk every request with the student's name and email", async () => {
    const { client, admin, student, classmate, camera } = await loanScenario();
    const first = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 0), dal: day(1), al: day(2) });
    const second = await requestOk(client, classmate.token, { unit_id: unitIdOf(camera, 1), dal: day(1), al: day(2) });
    const all = await client.get("/api/richieste?all=1", admin);
    expect(all.status).toBe(200);
    expect(all.body.map((request: Json) => request.id).sort()).toEqual([first.id, second.id].sort());
    expect(all.body.find((request: Json) => request.id === second.id)).toMatchObject({
      utente_nome: "Luca",
      utente_cognome: "Verdi",
      utente_email: classmate.user.email,
      stato: "in_attesa",
    });
  });
});

describe("the desk's whole request list", () => {
  it("answers every request as its own view does, in every state and for a deleted account", async () => {
    const { client, ctx, admin, student, classmate, camera, tablet } = await loanScenario();
    const note = 'Per il "progetto" di ritratto\nseconda riga, àèìòù € \\ fine';
    await requestOk(client, student.token, {
      unit_id: unitIdOf(camera, 0),
      dal: day(1),
      al: day(2),
      note,
    });
    const approved = await requestOk(client, classmate.token, {
      unit_id: unitIdOf(camera, 1),
      dal: day(1),
      al: day(2),
    });
    await approveOk(client, admin, approved.id);
    const refused = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 2), dal: day(3), al: day(4) });
    const refusal = await client.put(`/api/prestiti/${refused.id}/rifiuta`, { motivo_rifiuto: "Già prenotata" }, admin);
    expect(refusal.status).toBe(200);
    const withdrawn = await requestOk(client, classmate.token, {
      unit_id: unitIdOf(tablet),
      dal: day(5),
      al: day(5),
      tipo_utilizzo: "interno",
    });
    expect((await client.delete(`/api/richieste/${withdrawn.id}`, classmate.token)).status).toBe(200);
    const orphan = await requestOk(client, student.token, {
      unit_id: unitIdOf(tablet),
      dal: day(7),
      al: day(8),
      tipo_utilizzo: "esterno",
    });
    ctx.db.update(richieste).set({ utenteId: null }).where(eq(richieste.id, orphan.id)).run();
    blockUser(ctx, classmate.user.id, 2);
    const set = await client.post(
      "/api/prenotazioni",
      { dal: day(10), al: day(11), righe: [{ inventario_id: camera.id, quantita: 2 }] },
      student.token,
    );
    expect(set.status).toBe(200);

    const answer = await client.get("/api/richieste?all=1", admin);

    expect(answer.status).toBe(200);
    const views = loadRequestViews(ctx.db);
    expect(views.map((view) => view.stato).sort()).toEqual([
      "annullata",
      "approvata",
      "in_attesa",
      "in_attesa",
      "in_attesa",
      "in_attesa",
      "rifiutata",
    ]);
    expect(views.filter((view) => view.prenotazione_id === set.body.id)).toHaveLength(2);
    expect(answer.body).toStrictEqual(views);
    expect(answer.body.map((request: Json) => Object.keys(request))).toEqual(views.map((view) => Object.keys(view)));
  });
});

describe("the set a request is a line of", () => {
  it("names a line's set of more than one line, and null for a single request or a set of one", async () => {
    const { client, admin, student, camera, tablet } = await loanScenario();
    const single = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 0), dal: day(1), al: day(2) });
    const pair = await client.post(
      "/api/prenotazioni",
      {
        dal: day(3),
        al: day(4),
        tipo_utilizzo: "esterno",
        righe: [
          { inventario_id: camera.id, unit_id: unitIdOf(camera, 1) },
          { inventario_id: tablet.id, unit_id: unitIdOf(tablet) },
        ],
      },
      student.token,
    );
    const ofOne = await client.post(
      "/api/prenotazioni",
      { dal: day(3), al: day(4), righe: [{ inventario_id: camera.id, unit_id: unitIdOf(camera, 2) }] },
      student.token,
    );
    expect([pair.status, ofOne.status]).toEqual([200, 200]);
    const pairLines = pair.body.righe.map((line: Json) => line.richiesta_id);
    const setOf = (requests: Json) =>
      Object.fromEntries(requests.map((request: Json) => [request.id, request.prenotazione_id]));
    const expected = {
      [single.id]: null,
      [pairLines[0]]: pair.body.id,
      [pairLines[1]]: pair.body.id,
      [ofOne.body.righe[0].richiesta_id]: null,
    };

    expect(setOf((await client.get("/api/richieste?all=1", admin)).body)).toEqual(expected);
    expect(setOf((await client.get("/api/richieste?all=1&stato=in_attesa&pagina=1", admin)).body.elementi)).toEqual(
      expected,
    );
    expect(setOf((await client.get("/api/richieste/mie", student.token)).body)).toEqual(expected);
  });
});

describe("a student cancels a request", () => {
  it("withdraws their own pending request and frees the unit", async () => {
    const { client, ctx, admin, student, camera } = await loanScenario();
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: day(0), al: day(2) });
    expect((await unitStates(client, admin, camera.id))[camera.unita[0].codice_univoco]).toBe("riservato");
    const answer = await client.delete(`/api/richieste/${request.id}`, student.token);
    expect(answer.status).toBe(200);
    expect(requestRow(ctx, request.id)?.stato).toBe("annullata");
    const mine = await client.get("/api/richieste/mie", student.token);
    expect(mine.body[0].stato).toBe("annullata");
    expect((await unitStates(client, admin, camera.id))[camera.unita[0].codice_univoco]).toBe("disponibile");
  });

  it("cannot reach another student's request", async () => {
    const { client, ctx, student, classmate, camera } = await loanScenario();
    const request = await requestOk(client, classmate.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(2) });
    const answer = await client.delete(`/api/richieste/${request.id}`, student.token);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe("Richiesta non trovata");
    expect(requestRow(ctx, request.id)?.stato).toBe("in_attesa");
  });

  it.each(["approvata", "rifiutata", "annullata"] as const)("cannot cancel a request that is %s", async (stato) => {
    const { client, ctx, student, camera } = await loanScenario();
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(2) });
    ctx.db.update(richieste).set({ stato }).where(eq(richieste.id, request.id)).run();
    const answer = await client.delete(`/api/richieste/${request.id}`, student.token);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(ALREADY_HANDLED);
    expect(requestRow(ctx, request.id)?.stato).toBe(stato);
  });

  it("cannot cancel a request the desk already approved", async () => {
    const { client, ctx, admin, student, camera } = await loanScenario();
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(2) });
    await approveOk(client, admin, request.id);
    const answer = await client.delete(`/api/richieste/${request.id}`, student.token);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(ALREADY_HANDLED);
    expect(requestRow(ctx, request.id)?.stato).toBe("approvata");
  });

  it("answers 404 for an unknown request and 400 for a malformed id", async () => {
    const { client, student } = await loanScenario();
    expect((await client.delete("/api/richieste/9999", student.token)).status).toBe(404);
    expect((await client.delete("/api/richieste/abc", student.token)).status).toBe(400);
  });
});

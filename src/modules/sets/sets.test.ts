import { describe, expect, it } from "bun:test";
import { and, eq } from "drizzle-orm";
import QRCode from "qrcode";
import { kit, kitAccessori, kitCorsi, kitRighe, notifiche, penalita, richieste } from "../../db/schema";
import { formatItalianDate } from "../../domain/dates";
import { runScheduledJobs } from "../../jobs";
import type { Json } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import {
  auditRows,
  day,
  type LoanScenario,
  loanScenario,
  requestOk,
  travelToDay,
  unitIdOf,
  userRow,
} from "../../testing/loan-fixtures";
import { pdfImages, pdfPagesText } from "../../testing/pdf-reading";

/** A shoot: two cameras and a tripod for next week, booked by the student. */
async function shootScenario() {
  const scenario = await loanScenario();
  const tripod = await createItem(scenario.client, scenario.admin, {
    nome: "Treppiede Manfrotto",
    quantita_totale: 2,
    tipo_prestito: "solo_esterno",
  });
  return { ...scenario, tripod };
}
type ShootScenario = Awaited<ReturnType<typeof shootScenario>>;

const shootLines = (scenario: ShootScenario) => [
  { inventario_id: scenario.camera.id, quantita: 2 },
  { inventario_id: scenario.tripod.id },
];

async function bookShoot(scenario: ShootScenario, extra: Record<string, unknown> = {}): Promise<Json> {
  const answer = await scenario.client.post(
    "/api/prenotazioni",
    { dal: day(7), al: day(9), righe: shootLines(scenario), ...extra },
    scenario.student.token,
  );
  if (answer.status !== 200) throw new Error(`set refused (${answer.status}): ${JSON.stringify(answer.body)}`);
  return answer.body;
}

function notificationsOf(scenario: LoanScenario, userId: number) {
  return scenario.ctx.db.select().from(notifiche).where(eq(notifiche.utenteId, userId)).all();
}

async function approveAll(scenario: ShootScenario, setId: number, body: unknown = undefined) {
  const answer = await scenario.client.put(`/api/prenotazioni/${setId}/approva`, body, scenario.admin);
  if (answer.status !== 200) throw new Error(`approval refused: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function handOverAll(scenario: ShootScenario, set: Json, extra: Record<string, unknown> = {}) {
  travelToDay(scenario.ctx, set.dal);
  const answer = await scenario.client.put(
    `/api/prenotazioni/${set.id}/consegna`,
    { unita_ids: set.righe.map((line: Json) => line.unit_id), ...extra },
    scenario.admin,
  );
  if (answer.status !== 200) throw new Error(`hand-over refused: ${JSON.stringify(answer.body)}`);
  return answer.body.prenotazione as Json;
}

const signaturePng = () => QRCode.toDataURL("Giulia Rossi");

describe("booking a set", () => {
  it("books every unit of the shoot as one pending set, one spec request per unit", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario, { note: "Cortometraggio" });
    expect(set.stato).toBe("in_attesa");
    expect(set.unita_totali).toBe(3);
    expect(set.disponibile).toBe(true);
    expect(set.righe.map((line: Json) => [line.oggetto_nome, line.stato_richiesta])).toEqual([
      ["Fotocamera Canon", "in_attesa"],
      ["Fotocamera Canon", "in_attesa"],
      ["Treppiede Manfrotto", "in_attesa"],
    ]);
    const mine = await scenario.client.get("/api/richieste/mie", scenario.student.token);
    expect(mine.body).toHaveLength(3);
    const sets = await scenario.client.get("/api/prenotazioni/mie", scenario.student.token);
    expect(sets.body.map((row: Json) => row.oggetti)).toEqual([
      [
        { inventario_id: scenario.camera.id, oggetto_nome: "Fotocamera Canon", quantita: 2 },
        { inventario_id: scenario.tripod.id, oggetto_nome: "Treppiede Manfrotto", quantita: 1 },
      ],
    ]);
  });

  it("refuses the whole set with 409 naming each short line and when it is next free, and books nothing", async () => {
    const scenario = await shootScenario();
    await requestOk(scenario.client, scenario.classmate.token, {
      unit_id: unitIdOf(scenario.tripod, 0),
      dal: day(5),
      al: day(8),
    });
    await requestOk(scenario.client, scenario.classmate.token, {
      unit_id: unitIdOf(scenario.tripod, 1),
      dal: day(6),
      al: day(10),
    });
    const answer = await scenario.client.post(
      "/api/prenotazioni",
      {
        dal: day(7),
        al: day(9),
        righe: [{ inventario_id: scenario.camera.id, quantita: 2 }, { inventario_id: scenario.tripod.id }],
      },
      scenario.student.token,
    );
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      error: "Alcuni oggetti non sono disponibili per le date scelte",
      righe: [
        {
          inventario_id: scenario.tripod.id,
          oggetto_nome: "Treppiede Manfrotto",
          richieste: 1,
          libere: 0,
          libero_dal: day(9),
        },
      ],
    });
    const rows = scenario.ctx.db.select().from(richieste).where(eq(richieste.utenteId, scenario.student.user.id)).all();
    expect(rows).toEqual([]);
  });

  it("asks for more units than the model has: 409 with no day on which they are free", async () => {
    const scenario = await shootScenario();
    const answer = await scenario.client.post(
      "/api/prenotazioni",
      { dal: day(7), al: day(9), righe: [{ inventario_id: scenario.camera.id, quantita: 4 }] },
      scenario.student.token,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.righe).toEqual([
      {
        inventario_id: scenario.camera.id,
        oggetto_nome: "Fotocamera Canon",
        richieste: 4,
        libere: 3,
        libero_dal: null,
      },
    ]);
  });

  it("applies the single request's rules to every line: course, blocked, dates, internal use", async () => {
    const scenario = await shootScenario();
    const book = (body: Record<string, unknown>, token = scenario.student.token) =>
      scenario.client.post("/api/prenotazioni", { dal: day(7), al: day(9), ...body }, token);
    const plotterLine = await book({
      righe: [{ inventario_id: scenario.camera.id }, { inventario_id: scenario.plotter.id }],
    });
    expect([plotterLine.status, plotterLine.body.error]).toEqual([404, "Articolo non trovato"]);
    const lightTwoDays = await book({ righe: [{ inventario_id: scenario.studioLight.id }] });
    expect(lightTwoDays.status).toBe(400);
    expect(lightTwoDays.body.error).toContain("Luce da studio");
    const past = await book({ dal: day(-1), righe: [{ inventario_id: scenario.camera.id }] });
    expect([past.status, past.body.error]).toEqual([
      400,
      "Fotocamera Canon: La data di inizio non può essere nel passato",
    ]);
    const empty = await book({ righe: [] });
    expect([empty.status, empty.body.error]).toEqual([400, "Aggiungi almeno un oggetto alla prenotazione"]);
    const forSomeoneElse = await book({
      utente_id: scenario.classmate.user.id,
      righe: [{ inventario_id: scenario.camera.id }],
    });
    expect(forSomeoneElse.status).toBe(403);
    const deskWithoutStudent = await book({ righe: [{ inventario_id: scenario.camera.id }] }, scenario.admin);
    expect([deskWithoutStudent.status, deskWithoutStudent.body.error]).toEqual([
      400,
      "Scegli lo studente della prenotazione",
    ]);
    scenario.ctx.sqlite.run("update users set is_blocked = 1, penalty_strikes = 3 where id = ?", [
      scenario.student.user.id,
    ]);
    const blocked = await book({ righe: [{ inventario_id: scenario.camera.id }] });
    expect([blocked.status, blocked.body.blocked]).toEqual([403, true]);
  });

  it("counts a set once towards the most a student may hold at once", async () => {
    const scenario = await shootScenario();
    await scenario.client.put("/api/impostazioni", { prestiti_massimi_per_studente: 2 }, scenario.admin);
    await bookShoot(scenario);
    await requestOk(scenario.client, scenario.student.token, {
      unit_id: unitIdOf(scenario.tablet),
      dal: day(7),
      al: day(7),
      tipo_utilizzo: "interno",
    });
    const third = await scenario.client.post(
      "/api/prenotazioni",
      { dal: day(20), al: day(21), righe: [{ inventario_id: scenario.camera.id }] },
      scenario.student.token,
    );
    expect(third.status).toBe(409);
  });

  it("lets the desk book a set for a student, and lists it, searchable and paged", async () => {
    const scenario = await shootScenario();
    const answer = await scenario.client.post(
      "/api/prenotazioni",
      { utente_id: scenario.classmate.user.id, dal: day(7), al: day(9), righe: shootLines(scenario) },
      scenario.admin,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.utente_cognome).toBe("Verdi");
    const page = await scenario.client.get("/api/prenotazioni?cerca=verdi&pagina=1&per_pagina=10", scenario.admin);
    expect([page.body.totale, page.body.elementi[0].id]).toEqual([1, answer.body.id]);
    const none = await scenario.client.get("/api/prenotazioni?cerca=rossi", scenario.admin);
    expect(none.body).toEqual([]);
    const byItem = await scenario.client.get("/api/prenotazioni?cerca=treppiede&stato=in_attesa", scenario.admin);
    expect(byItem.body).toHaveLength(1);
    const student = await scenario.client.get("/api/prenotazioni", scenario.student.token);
    expect(student.status).toBe(403);
  });

  it("books a kit with its accessories and one extra lens", async () => {
    const scenario = await shootScenario();
    const lens = await createItem(scenario.client, scenario.admin, { nome: "Obiettivo 50mm", quantita_totale: 2 });
    const db = scenario.ctx.db;
    const kitId = db.insert(kit).values({ nome: "Kit video", createdAt: "2026-03-01T00:00:00Z" }).returning().get().id;
    db.insert(kitCorsi).values({ kitId, corsoId: 1 }).run();
    scenario.ctx.sqlite.run("update kit_corsi set corso_id = (select id from corsi where nome = 'Fotografia')");
    db.insert(kitRighe)
      .values([
        { kitId, inventarioId: scenario.camera.id, quantita: 1, unitId: unitIdOf(scenario.camera, 2) },
        { kitId, inventarioId: scenario.tripod.id, quantita: 1 },
      ])
      .run();
    db.insert(kitAccessori).values({ kitId, nome: "Batteria", quantita: 2 }).run();
    const answer = await scenario.client.post(
      "/api/prenotazioni",
      { kit_id: kitId, dal: day(7), al: day(9), righe: [{ inventario_id: lens.id }] },
      scenario.student.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.kit_nome).toBe("Kit video");
    expect(answer.body.righe.map((line: Json) => line.codice_univoco)).toContain(
      scenario.camera.unita[2].codice_univoco,
    );
    expect(answer.body.accessori).toEqual([{ id: expect.any(Number), nome: "Batteria", quantita: 2, consegnati: 0 }]);
    const design = await scenario.client.post(
      "/api/prenotazioni",
      { kit_id: kitId, dal: day(7), al: day(9) },
      scenario.designStudent.token,
    );
    expect([design.status, design.body.error]).toEqual([404, "Kit non trovato"]);
  });

  it("lets the student withdraw a pending set, and nobody else", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    expect((await scenario.client.delete(`/api/prenotazioni/${set.id}`, scenario.classmate.token)).status).toBe(404);
    expect((await scenario.client.get(`/api/prenotazioni/${set.id}`, scenario.classmate.token)).status).toBe(404);
    const answer = await scenario.client.delete(`/api/prenotazioni/${set.id}`, scenario.student.token);
    expect(answer.body.prenotazione.stato).toBe("annullata");
    expect(answer.body.prenotazione.righe.map((line: Json) => line.stato_richiesta)).toEqual([
      "annullata",
      "annullata",
      "annullata",
    ]);
    const again = await scenario.client.delete(`/api/prenotazioni/${set.id}`, scenario.student.token);
    expect([again.status, again.body.error]).toEqual([409, "La prenotazione è già stata gestita"]);
  });
});

describe("the desk's decision", () => {
  it("approves every line in one go but one refused with a reason, telling the student once", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    const before = notificationsOf(scenario, scenario.student.user.id).length;
    const tripodLine = set.righe[2].richiesta_id;
    const answer = await approveAll(scenario, set.id, {
      righe_rifiutate: [{ richiesta_id: tripodLine, motivo: "Treppiede in revisione" }],
    });
    expect(answer.prenotazione.stato).toBe("approvata");
    expect(answer.prenotazione.righe.map((line: Json) => [line.stato_richiesta, line.fase])).toEqual([
      ["approvata", "da_ritirare"],
      ["approvata", "da_ritirare"],
      ["rifiutata", null],
    ]);
    expect(answer.penaltyInfo).toEqual({ hasStrikes: false, strikes: 0, warning: null });
    const told = notificationsOf(scenario, scenario.student.user.id).slice(before);
    expect(told.map((notice) => notice.titolo)).toEqual(["Prenotazione approvata"]);
    expect(told[0]?.messaggio).toContain("Treppiede in revisione");
    const again = await scenario.client.put(`/api/prenotazioni/${set.id}/approva`, undefined, scenario.admin);
    expect([again.status, again.body.error]).toEqual([409, "La prenotazione è già stata gestita"]);
  });

  it("refuses the whole set with one reason and one notification", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    const before = notificationsOf(scenario, scenario.student.user.id).length;
    const missing = await scenario.client.put(`/api/prenotazioni/${set.id}/rifiuta`, { motivo: "  " }, scenario.admin);
    expect([missing.status, missing.body.error]).toEqual([400, "Motivazione del rifiuto richiesta"]);
    const answer = await scenario.client.put(
      `/api/prenotazioni/${set.id}/rifiuta`,
      { motivo: "Date d'esame" },
      scenario.admin,
    );
    expect(answer.body.prenotazione.stato).toBe("rifiutata");
    expect(notificationsOf(scenario, scenario.student.user.id).slice(before)).toHaveLength(1);
    const units = await scenario.client.post(
      "/api/prenotazioni",
      { dal: day(7), al: day(9), righe: [{ inventario_id: scenario.camera.id, quantita: 3 }] },
      scenario.classmate.token,
    );
    expect(units.status).toBe(200);
  });
});

describe("hand-over, agreement and return", () => {
  it("hands over the set with a swapped unit and the accessories, signed on the pad; the receipt carries the signature and its SHA-256 is audited", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    await approveAll(scenario, set.id);
    const detail = (await scenario.client.get(`/api/prenotazioni/${set.id}`, scenario.admin)).body;
    travelToDay(scenario.ctx, day(7));
    const spareCamera = unitIdOf(scenario.camera, 2);
    const firstCamera = detail.righe[0].unit_id;
    const answer = await scenario.client.put(
      `/api/prenotazioni/${set.id}/consegna`,
      {
        unita_ids: [spareCamera, detail.righe[1].unit_id, detail.righe[2].unit_id],
        accessori: [{ nome: "Batteria", quantita: 2 }],
        firma: await signaturePng(),
      },
      scenario.admin,
    );
    expect(answer.status).toBe(200);
    const handed = answer.body.prenotazione;
    expect(handed.stato).toBe("in_corso");
    expect(handed.righe.map((line: Json) => line.unit_id)).toContain(spareCamera);
    expect(handed.righe.map((line: Json) => line.unit_id)).not.toContain(firstCamera);
    expect(handed.storia.map((entry: Json) => entry.evento)).toContain("sostituzione");
    expect(handed.accessori).toEqual([{ id: expect.any(Number), nome: "Batteria", quantita: 2, consegnati: 2 }]);
    expect(handed.firma.tipo).toBe("disegno");

    const response = await scenario.client.app.handle(
      new Request(`http://localhost/api/prenotazioni/${set.id}/ricevuta`, {
        headers: { authorization: `Bearer ${scenario.student.token}` },
      }),
    );
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const pdf = new Uint8Array(await response.arrayBuffer());
    const sha256 = new Bun.CryptoHasher("sha256").update(pdf).digest("hex");
    expect(handed.ricevuta_sha256).toBe(sha256);
    expect(auditRows(scenario.ctx).some((row) => row.summary.includes(sha256))).toBe(true);
    const [text] = await pdfPagesText(pdf);
    expect(text).toContain(scenario.camera.unita[2].codice_univoco);
    expect(text).toContain("2 × Batteria");
    expect((await pdfImages(pdf)).length).toBeGreaterThan(0);
    const signedTwice = await scenario.client.put(
      `/api/prenotazioni/${set.id}/firma`,
      { firma: await signaturePng() },
      scenario.admin,
    );
    expect([signedTwice.status, signedTwice.body.error]).toEqual([409, "La ricevuta è già firmata"]);
  });

  it("lets the student sign on their phone with their own password", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    await approveAll(scenario, set.id);
    await handOverAll(scenario, (await scenario.client.get(`/api/prenotazioni/${set.id}`, scenario.admin)).body);
    const wrong = await scenario.client.put(
      `/api/prenotazioni/${set.id}/firma`,
      { password: "sbagliata" },
      scenario.student.token,
    );
    expect([wrong.status, wrong.body.error]).toEqual([403, "Password non corretta"]);
    const other = await scenario.client.put(
      `/api/prenotazioni/${set.id}/firma`,
      { password: "x" },
      scenario.classmate.token,
    );
    expect(other.status).toBe(404);
    const answer = await scenario.client.put(
      `/api/prenotazioni/${set.id}/firma`,
      { password: scenario.student.password },
      scenario.student.token,
    );
    expect(answer.body.prenotazione.firma.tipo).toBe("password");
  });

  it("keeps a line left behind 'da ritirare', or cancels it with a reason", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    await approveAll(scenario, set.id);
    travelToDay(scenario.ctx, day(7));
    const [first, second, tripod] = set.righe;
    const answer = await scenario.client.put(
      `/api/prenotazioni/${set.id}/consegna`,
      { unita_ids: [first.unit_id], righe_annullate: [{ richiesta_id: tripod.richiesta_id, motivo: "Non serve" }] },
      scenario.admin,
    );
    expect(answer.body.prenotazione.righe.map((line: Json) => line.fase)).toEqual([
      "attivo",
      "da_ritirare",
      "annullato",
    ]);
    const later = await scenario.client.put(
      `/api/prenotazioni/${set.id}/consegna`,
      { unita_ids: [second.unit_id] },
      scenario.admin,
    );
    expect(later.body.prenotazione.righe.map((line: Json) => line.fase)).toEqual(["attivo", "attivo", "annullato"]);
  });

  it("takes the set back in parts; an accessory not returned stays open as a mancanza the student is told of", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    await approveAll(scenario, set.id);
    const handed = await handOverAll(scenario, set, { accessori: [{ nome: "Batteria", quantita: 2 }] });
    travelToDay(scenario.ctx, day(9));
    const [first, second, tripod] = handed.righe;
    const part = await scenario.client.put(
      `/api/prenotazioni/${set.id}/restituisci`,
      { unita_ids: [first.unit_id] },
      scenario.admin,
    );
    expect([part.body.concluso, part.body.prenotazione.stato]).toEqual([false, "in_corso"]);
    const preview = await scenario.client.get(`/api/prenotazioni/${set.id}/anteprima-restituzione`, scenario.admin);
    expect(preview.body).toEqual({ giorni_ritardo: 0, strike: 0, blocco: false, unita_rimanenti: 0 });
    const rest = await scenario.client.put(
      `/api/prenotazioni/${set.id}/restituisci`,
      {
        unita_ids: [second.unit_id, tripod.unit_id],
        accessori_mancanti: [{ nome: "batteria", quantita: 1 }],
        condizioni: [{ unit_id: tripod.unit_id, condizione: "danneggiato", nota: "Gamba piegata" }],
      },
      scenario.admin,
    );
    expect(rest.status).toBe(200);
    expect([rest.body.concluso, rest.body.prenotazione.stato, rest.body.prenotazione.mancanze_aperte]).toEqual([
      true,
      "conclusa",
      1,
    ]);
    expect(rest.body.mancanze.map((shortage: Json) => [shortage.nome, shortage.quantita])).toEqual([["Batteria", 1]]);
    const told = notificationsOf(scenario, scenario.student.user.id).filter((notice) => notice.tipo === "mancanza");
    expect(told).toHaveLength(1);
    const open = await scenario.client.get("/api/mancanze?stato=aperte", scenario.admin);
    expect(open.body).toHaveLength(1);
    const resolved = await scenario.client.put(
      `/api/mancanze/${open.body[0].id}/risolvi`,
      { esito: "restituito" },
      scenario.admin,
    );
    expect(resolved.body.mancanza.esito).toBe("restituito");
    expect((await scenario.client.get("/api/mancanze?stato=aperte", scenario.admin)).body).toEqual([]);
    const twice = await scenario.client.put(
      `/api/mancanze/${open.body[0].id}/risolvi`,
      { esito: "restituito" },
      scenario.admin,
    );
    expect(twice.status).toBe(409);
  });
});

describe("lateness and strikes per set", () => {
  it("gives a set returned 2 days late the strike of one late return, not one per line", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    await approveAll(scenario, set.id);
    const handed = await handOverAll(scenario, set);
    travelToDay(scenario.ctx, day(11));
    const preview = await scenario.client.get(`/api/prenotazioni/${set.id}/anteprima-restituzione`, scenario.admin);
    expect(preview.body).toEqual({ giorni_ritardo: 2, strike: 1, blocco: false, unita_rimanenti: 0 });
    const answer = await scenario.client.put(
      `/api/prenotazioni/${set.id}/restituisci`,
      { unita_ids: handed.righe.map((line: Json) => line.unit_id) },
      scenario.admin,
    );
    expect([answer.body.giorni_ritardo, answer.body.strike]).toEqual([2, 1]);
    expect(userRow(scenario.ctx, scenario.student.user.id)?.penaltyStrikes).toBe(1);
    const penalties = scenario.ctx.db
      .select()
      .from(penalita)
      .where(eq(penalita.utenteId, scenario.student.user.id))
      .all();
    expect(penalties.map((row) => [row.giorniRitardo, row.strikeAssegnati])).toEqual([[2, 1]]);
  });

  it("counts a partial late return once, at the end, by the line back latest", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    await approveAll(scenario, set.id);
    const handed = await handOverAll(scenario, set);
    const [first, second, tripod] = handed.righe;
    travelToDay(scenario.ctx, day(11));
    const part = await scenario.client.put(
      `/api/prenotazioni/${set.id}/restituisci`,
      { unita_ids: [first.unit_id] },
      scenario.admin,
    );
    expect(part.body.strike).toBe(0);
    expect(userRow(scenario.ctx, scenario.student.user.id)?.penaltyStrikes).toBe(0);
    travelToDay(scenario.ctx, day(14));
    // The spec's own return on one line of the set: the set still settles its lateness once.
    const second_ = await scenario.client.put(
      `/api/prestiti/${second.prestito_id}/restituisci`,
      undefined,
      scenario.admin,
    );
    expect(second_.status).toBe(200);
    expect(userRow(scenario.ctx, scenario.student.user.id)?.penaltyStrikes).toBe(0);
    await scenario.client.put(
      `/api/prenotazioni/${set.id}/restituisci`,
      { unita_ids: [tripod.unit_id] },
      scenario.admin,
    );
    const penalties = scenario.ctx.db
      .select()
      .from(penalita)
      .where(and(eq(penalita.utenteId, scenario.student.user.id)))
      .all();
    expect(penalties.map((row) => [row.giorniRitardo, row.strikeAssegnati])).toEqual([[5, 2]]);
  });
});

describe("the spec's return on the lines of a set", () => {
  it("answers the strikes it recorded: none for a line while others are out, the set's for its last line", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    await approveAll(scenario, set.id);
    const handed = await handOverAll(scenario, set);
    travelToDay(scenario.ctx, day(14));
    const returnLine = (line: Json) =>
      scenario.client.put(`/api/prestiti/${line.prestito_id}/restituisci`, undefined, scenario.admin);
    const [first, second, tripod] = handed.righe;
    for (const line of [first, second]) {
      const answer = await returnLine(line);
      expect([answer.status, answer.body.giorni_ritardo, answer.body.strike, answer.body.blocco]).toEqual([
        200,
        5,
        0,
        false,
      ]);
      expect(answer.body.penalty).toBeNull();
    }
    const last = await returnLine(tripod);
    expect([last.body.giorni_ritardo, last.body.strike, last.body.blocco]).toEqual([5, 2, false]);
    expect(last.body.penalty).toEqual({ strike_assegnati: 2, totale: 2, bloccato: false });
    const standing = await scenario.client.get(`/api/penalties/user/${scenario.student.user.id}`, scenario.admin);
    expect(standing.body.userInfo.penalty_strikes).toBe(2);
  });
});

describe("a mancanza settled with a penalty", () => {
  async function setWithMissingBattery() {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    await approveAll(scenario, set.id);
    const handed = await handOverAll(scenario, set, { accessori: [{ nome: "Batteria", quantita: 2 }] });
    travelToDay(scenario.ctx, day(9));
    const back = await scenario.client.put(
      `/api/prenotazioni/${set.id}/restituisci`,
      {
        unita_ids: handed.righe.map((line: Json) => line.unit_id),
        accessori_mancanti: [{ nome: "Batteria", quantita: 1 }],
      },
      scenario.admin,
    );
    return { ...scenario, set, shortageId: back.body.mancanze[0].id as number };
  }

  it("gives the student one strike like a manual one: in the history, told, audited, once", async () => {
    const scenario = await setWithMissingBattery();
    const resolve = () =>
      scenario.client.put(`/api/mancanze/${scenario.shortageId}/risolvi`, { esito: "penalita" }, scenario.admin);
    expect((await resolve()).status).toBe(200);
    expect((await resolve()).status).toBe(409);
    const standing = await scenario.client.get(`/api/penalties/user/${scenario.student.user.id}`, scenario.admin);
    expect(standing.body.userInfo.penalty_strikes).toBe(1);
    expect(
      standing.body.penalties.map((penalty: Json) => [
        penalty.strike_assegnati,
        penalty.motivo,
        penalty.giorni_ritardo,
      ]),
    ).toEqual([[1, `Accessorio non restituito: 1 × Batteria (prenotazione #${scenario.set.id})`, 0]]);
    const told = notificationsOf(scenario, scenario.student.user.id).filter((notice) => notice.tipo === "penalita");
    expect(told.map((notice) => notice.titolo)).toEqual(["Hai ricevuto una penalità"]);
    expect(auditRows(scenario.ctx).filter((row) => row.action === "penalty.assign")).toHaveLength(1);
  });

  it("counts towards the block at the academy's threshold", async () => {
    const scenario = await setWithMissingBattery();
    await scenario.client.post(
      "/api/penalties/assign-manual",
      { userId: scenario.student.user.id, strikes: 2, motivo: "Obiettivo graffiato" },
      scenario.admin,
    );
    await scenario.client.put(`/api/mancanze/${scenario.shortageId}/risolvi`, { esito: "penalita" }, scenario.admin);
    const standing = await scenario.client.get(`/api/penalties/user/${scenario.student.user.id}`, scenario.admin);
    expect([standing.body.userInfo.penalty_strikes, standing.body.userInfo.is_blocked]).toEqual([3, true]);
  });

  it("refuses a penalty for a deleted student, storing nothing, and closes it as replaced", async () => {
    const scenario = await setWithMissingBattery();
    const { client, admin, shortageId } = scenario;
    expect((await client.delete(`/api/users/${scenario.student.user.id}`, admin)).status).toBe(200);
    const refused = await client.put(`/api/mancanze/${shortageId}/risolvi`, { esito: "penalita" }, admin);
    expect([refused.status, refused.body.error]).toEqual([
      409,
      "Lo studente non esiste più: risolvi la mancanza come restituita o sostituita",
    ]);
    expect((await client.get("/api/mancanze?stato=aperte", admin)).body.map((open: Json) => open.id)).toEqual([
      shortageId,
    ]);
    expect(auditRows(scenario.ctx).filter((row) => row.action === "set.shortage.resolve")).toHaveLength(0);
    const replaced = await client.put(`/api/mancanze/${shortageId}/risolvi`, { esito: "sostituito" }, admin);
    expect(replaced.status).toBe(200);
  });

  it("gives no strike when the accessory is brought back or replaced", async () => {
    const scenario = await setWithMissingBattery();
    await scenario.client.put(`/api/mancanze/${scenario.shortageId}/risolvi`, { esito: "sostituito" }, scenario.admin);
    const standing = await scenario.client.get(`/api/penalties/user/${scenario.student.user.id}`, scenario.admin);
    expect(standing.body.userInfo.penalty_strikes).toBe(0);
  });
});

describe("the scheduled jobs and a set", () => {
  const noticesOf = async (scenario: ShootScenario, tipo: string) =>
    (await scenario.client.get("/api/notifiche", scenario.student.token)).body.notifiche.filter(
      (notice: Json) => notice.tipo === tipo,
    );

  it("cancels a set nobody collected when its lines are cancelled as no-shows", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    await approveAll(scenario, set.id);
    travelToDay(scenario.ctx, day(10));
    runScheduledJobs(scenario.ctx);
    const after = await scenario.client.get(`/api/prenotazioni/${set.id}`, scenario.student.token);
    expect(after.body.stato).toBe("annullata");
    expect(after.body.righe.map((line: Json) => line.fase)).toEqual(["annullato", "annullato", "annullato"]);
    const told = await noticesOf(scenario, "prestito_annullato");
    expect(told.map((notice: Json) => [notice.titolo, notice.link])).toEqual([
      ["Prenotazione annullata", "/mie-prenotazioni"],
    ]);
    for (const line of set.righe) expect(told[0].messaggio).toContain(line.oggetto_nome);
  });

  it("ends a set when its only line still waiting is a no-show and the rest came back", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    await approveAll(scenario, set.id);
    travelToDay(scenario.ctx, day(7));
    const [first, second] = set.righe;
    await scenario.client.put(
      `/api/prenotazioni/${set.id}/consegna`,
      { unita_ids: [first.unit_id, second.unit_id] },
      scenario.admin,
    );
    await scenario.client.put(
      `/api/prenotazioni/${set.id}/restituisci`,
      { unita_ids: [first.unit_id, second.unit_id] },
      scenario.admin,
    );
    travelToDay(scenario.ctx, day(10));
    runScheduledJobs(scenario.ctx);
    const after = await scenario.client.get(`/api/prenotazioni/${set.id}`, scenario.admin);
    expect(after.body.stato).toBe("conclusa");
    expect(after.body.righe.map((line: Json) => line.fase)).toEqual(["restituito", "restituito", "annullato"]);
  });

  it("tells the student of a set due tomorrow and of an overdue set once a day, not once per line", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    await approveAll(scenario, set.id);
    await handOverAll(scenario, set);
    travelToDay(scenario.ctx, day(8));
    runScheduledJobs(scenario.ctx);
    const tomorrow = await noticesOf(scenario, "scadenza_domani");
    expect(tomorrow.map((notice: Json) => [notice.messaggio, notice.link])).toEqual([
      [
        `La prenotazione #${set.id} (3 unità) va restituita domani, ${formatItalianDate(day(9))}.`,
        `/prenotazioni/${set.id}`,
      ],
    ]);
    travelToDay(scenario.ctx, day(10));
    runScheduledJobs(scenario.ctx);
    runScheduledJobs(scenario.ctx);
    expect(await noticesOf(scenario, "prestito_scaduto")).toHaveLength(1);
    travelToDay(scenario.ctx, day(11));
    runScheduledJobs(scenario.ctx);
    const overdue = await noticesOf(scenario, "prestito_scaduto");
    expect(overdue).toHaveLength(2);
    expect(overdue[0].messaggio).toBe(
      `La prenotazione #${set.id} (3 unità ancora fuori) doveva rientrare il ${formatItalianDate(day(9))}: restituiscila al più presto, ogni giorno di ritardo può costare penalità.`,
    );
  });
});

describe("bad input on the set routes", () => {
  it("answers a clear Italian 400 and changes nothing", async () => {
    const scenario = await shootScenario();
    const set = await bookShoot(scenario);
    const { client, admin } = scenario;
    const cases: Array<[string, string, unknown, string]> = [
      ["POST", "/api/prenotazioni", { dal: "domani", al: day(9), righe: [] }, "Inserisci una data di inizio valida"],
      [
        "POST",
        "/api/prenotazioni",
        { dal: day(7), al: day(9), righe: [{ inventario_id: scenario.camera.id, quantita: 99 }] },
        "Quantità non valida (da 1 a 50)",
      ],
      [
        "POST",
        "/api/prenotazioni",
        {
          dal: day(7),
          al: day(9),
          righe: [{ inventario_id: scenario.camera.id, unit_id: unitIdOf(scenario.camera), quantita: 2 }],
        },
        "Con un'unità scelta la quantità è 1",
      ],
      [
        "PUT",
        `/api/prenotazioni/${set.id}/approva`,
        { righe_rifiutate: [{ richiesta_id: 999, motivo: "No" }] },
        "La riga 999 non appartiene a questa prenotazione",
      ],
      [
        "PUT",
        `/api/prenotazioni/${set.id}/approva`,
        { righe_rifiutate: set.righe.map((line: Json) => ({ richiesta_id: line.richiesta_id, motivo: "No" })) },
        "Per rifiutare tutte le righe usa «Rifiuta»",
      ],
      [
        "PUT",
        `/api/prenotazioni/${set.id}/firma`,
        { firma: "data:image/jpeg;base64,AAAA" },
        "La firma deve essere un'immagine PNG",
      ],
      ["PUT", "/api/mancanze/1/risolvi", { esito: "perso" }, "Esito non valido: restituito, sostituito o penalita"],
      ["PUT", `/api/prenotazioni/${set.id}/restituisci`, { unita_ids: "tutte" }, "Unità non valide"],
    ];
    for (const [method, path, body, error] of cases) {
      const answer = await client.call(method, path, {
        body,
        token: method === "POST" ? scenario.student.token : admin,
      });
      expect([path, answer.status, answer.body.error]).toEqual([path, 400, error]);
    }
    const after = (await client.get(`/api/prenotazioni/${set.id}`, admin)).body;
    expect(after.stato).toBe("in_attesa");
    expect((await client.get("/api/prenotazioni/9999", admin)).status).toBe(404);
    const notOut = await client.put(`/api/prenotazioni/${set.id}/restituisci`, { unita_ids: [1] }, admin);
    expect([notOut.status, notOut.body.error]).toEqual([
      409,
      "La prenotazione non è in corso: non c'è nulla da restituire",
    ]);
  });
});

import { describe, expect, it } from "bun:test";
import type { Json } from "../../testing/harness";
import { createCategory, createItem } from "../../testing/inventory-fixtures";
import {
  day,
  directLoanOk,
  lendCamera,
  loanScenario,
  requestOk,
  returnOk,
  travelToDay,
  unitIdOf,
} from "../../testing/loan-fixtures";

/**
 * Giulia, seen from the desk five days on: a camera overdue, a request waiting, a camera given back, a
 * set whose battery never came back, a strike given by hand; her classmate's loan is not hers.
 */
async function giuliasWeek() {
  const scenario = await loanScenario();
  const { client, ctx, admin, student, classmate } = scenario;
  const tripod = await createItem(client, admin, { nome: "Treppiede Manfrotto", quantita_totale: 1 });
  const microphone = await createItem(client, admin, { nome: "Microfono Rode", quantita_totale: 1 });
  const overdue = await lendCamera(scenario, { dueBack: day(1) });
  const returned = await lendCamera(scenario, { unit: 1 });
  await returnOk(client, admin, returned);
  await lendCamera(scenario, { unit: 2, to: classmate, dueBack: day(20) });
  const waiting = await requestOk(client, student.token, { unit_id: unitIdOf(microphone), dal: day(10), al: day(11) });
  const set = await client.post(
    "/api/prenotazioni",
    { dal: day(2), al: day(3), righe: [{ inventario_id: tripod.id }] },
    student.token,
  );
  expect(set.status).toBe(200);
  await client.put(`/api/prenotazioni/${set.body.id}/approva`, undefined, admin);
  travelToDay(ctx, day(2));
  const handed = await client.put(
    `/api/prenotazioni/${set.body.id}/consegna`,
    { unita_ids: [unitIdOf(tripod)], accessori: [{ nome: "Batteria", quantita: 1 }] },
    admin,
  );
  expect([handed.status, handed.body.error]).toEqual([200, undefined]);
  travelToDay(ctx, day(3));
  const back = await client.put(
    `/api/prenotazioni/${set.body.id}/restituisci`,
    { unita_ids: [unitIdOf(tripod)], accessori_mancanti: [{ nome: "Batteria", quantita: 1 }] },
    admin,
  );
  expect(back.status).toBe(200);
  await client.post(
    "/api/penalties/assign-manual",
    { userId: student.user.id, strikes: 1, motivo: "Obiettivo graffiato" },
    admin,
  );
  travelToDay(ctx, day(5));
  return { ...scenario, overdue, returned, waiting, setId: set.body.id as number };
}

describe("GET /api/utenti/:id/scheda", () => {
  it("shows the desk a student whole: what she holds, what waits, her history, strikes and mancanze", async () => {
    const week = await giuliasWeek();
    const answer = await week.client.get(`/api/utenti/${week.student.user.id}/scheda`, week.admin);
    expect(answer.status).toBe(200);
    const sheet = answer.body;
    expect(sheet.utente).toMatchObject({ id: week.student.user.id, name: "Giulia", surname: "Rossi" });
    expect(sheet.prestiti_aperti.map((loan: Json) => [loan.id, loan.stato, loan.giorni_ritardo])).toEqual([
      [week.overdue, "scaduto", 4],
    ]);
    expect(sheet.prestiti_in_ritardo).toBe(1);
    expect(sheet.richieste_in_attesa.map((request: Json) => request.id)).toEqual([week.waiting.id]);
    expect(sheet.storico_prestiti.map((loan: Json) => loan.id)).toEqual([week.returned]);
    expect(sheet.prenotazioni_aperte).toEqual([]);
    expect(sheet.storico_prenotazioni.map((set: Json) => [set.id, set.stato])).toEqual([[week.setId, "conclusa"]]);
    expect(sheet.mancanze.map((row: Json) => [row.nome, row.quantita, row.risolta_il])).toEqual([
      ["Batteria", 1, null],
    ]);
    expect(sheet.mancanze_aperte).toBe(1);
    expect(sheet.penalita.map((penalty: Json) => penalty.motivo)).toContain("Obiettivo graffiato");
  });

  it("lists the student's pending extensions, which the desk decides from there", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, classmate, camera } = scenario;
    const loanOfStudent = (userId: number, unit: number) =>
      directLoanOk(client, admin, {
        inventario_id: camera.id,
        unita_ids: [unitIdOf(camera, unit)],
        utente_id: userId,
        data_rientro: day(3),
      });
    const own = await loanOfStudent(student.user.id, 0);
    const others = await loanOfStudent(classmate.user.id, 1);
    const asked = await client.post(`/api/prestiti/${own}/proroga`, { al: day(5), motivo: "Riprese" }, student.token);
    await client.post(`/api/prestiti/${others}/proroga`, { al: day(5), motivo: "Montaggio" }, classmate.token);
    const sheetOf = async () => (await client.get(`/api/utenti/${student.user.id}/scheda`, admin)).body;
    expect((await sheetOf()).proroghe_in_attesa.map((row: Json) => [row.id, row.prestito_id, row.al])).toEqual([
      [asked.body.id, own, day(5)],
    ]);
    expect((await client.put(`/api/proroghe/${asked.body.id}/approva`, undefined, admin)).status).toBe(200);
    const after = await sheetOf();
    expect(after.proroghe_in_attesa).toEqual([]);
    expect(after.prestiti_aperti.map((loan: Json) => [loan.id, loan.data_rientro])).toEqual([[own, day(5)]]);
  });

  it("is the desk's alone: a student gets 403, even for herself; an unknown id 404", async () => {
    const scenario = await loanScenario();
    const own = await scenario.client.get(`/api/utenti/${scenario.student.user.id}/scheda`, scenario.student.token);
    expect(own.status).toBe(403);
    const missing = await scenario.client.get("/api/utenti/9999/scheda", scenario.admin);
    expect([missing.status, missing.body.error]).toEqual([404, "Utente non trovato"]);
    const bad = await scenario.client.get("/api/utenti/abc/scheda", scenario.admin);
    expect([bad.status, bad.body.error]).toEqual([400, "Utente non valido"]);
  });
});

/** Today at the desk: Giulia collects a camera, Sara (Design) brings a plotter back, Luca's request waits. */
async function deskDay() {
  const scenario = await loanScenario();
  const { client, ctx, admin, student, classmate, designStudent, camera, plotter } = scenario;
  const lenses = await createCategory(client, admin, "Ottiche");
  const lens = await createItem(client, admin, { nome: "Obiettivo 50mm", quantita_totale: 1, categoria_id: lenses });
  travelToDay(ctx, day(-2));
  const plotterLoan = await directLoanOk(client, admin, {
    inventario_id: plotter.id,
    unita_ids: [unitIdOf(plotter)],
    utente_id: designStudent.user.id,
    data_rientro: day(0),
  });
  travelToDay(ctx, day(0));
  const pickUp = await directLoanOk(client, admin, {
    inventario_id: camera.id,
    unita_ids: [unitIdOf(camera)],
    utente_id: student.user.id,
    data_rientro: day(3),
    consegna: false,
  });
  const request = await requestOk(client, classmate.token, { unit_id: unitIdOf(lens), dal: day(1), al: day(2) });
  return { ...scenario, lenses, plotterLoan, pickUp, request };
}

const summary = (entries: Json[]) =>
  entries.map((entry) => `${entry.data} ${entry.movimento} ${entry.tipo}#${entry.id} ${entry.titolo} (${entry.stato})`);

describe("GET /api/agenda", () => {
  it("lists day by day what goes out and what comes back, filtered by category or by the student's course", async () => {
    const desk = await deskDay();
    const week = await desk.client.get(`/api/agenda?dal=${day(0)}&al=${day(6)}`, desk.admin);
    expect(week.status).toBe(200);
    expect(summary(week.body.voci)).toEqual([
      `${day(0)} uscita prestito#${desk.pickUp} Fotocamera Canon (da_ritirare)`,
      `${day(0)} rientro prestito#${desk.plotterLoan} Plotter (attivo)`,
      `${day(1)} uscita richiesta#${desk.request.id} Obiettivo 50mm (in_attesa)`,
      `${day(2)} rientro richiesta#${desk.request.id} Obiettivo 50mm (in_attesa)`,
      `${day(3)} rientro prestito#${desk.pickUp} Fotocamera Canon (da_ritirare)`,
    ]);
    expect(week.body.voci[0]).toMatchObject({ utente_id: desk.student.user.id, utente_nome: "Giulia Rossi" });

    const design = await desk.client.get(`/api/agenda?dal=${day(0)}&al=${day(6)}&corso=Design`, desk.admin);
    expect(summary(design.body.voci)).toEqual([`${day(0)} rientro prestito#${desk.plotterLoan} Plotter (attivo)`]);
    const lenses = await desk.client.get(`/api/agenda?dal=${day(0)}&al=${day(6)}&categoria=${desk.lenses}`, desk.admin);
    expect(lenses.body.voci.map((entry: Json) => entry.tipo)).toEqual(["richiesta", "richiesta"]);
  });

  it("answers a bad range with an Italian 400 and a student with 403", async () => {
    const scenario = await loanScenario();
    const cases: Array<[string, string]> = [
      [`dal=${day(3)}&al=${day(1)}`, "La data di fine viene prima della data di inizio"],
      [`dal=${day(0)}&al=${day(31)}`, "Il calendario mostra al massimo 31 giorni alla volta"],
      ["dal=2026-02-30&al=2026-03-02", "La data di inizio non è valida"],
      [`dal=${day(0)}`, "Indica la data di fine (AAAA-MM-GG)"],
      [`dal=${day(0)}&al=${day(1)}&categoria=zero`, "Categoria non valida"],
    ];
    for (const [query, error] of cases) {
      const answer = await scenario.client.get(`/api/agenda?${query}`, scenario.admin);
      expect([query, answer.status, answer.body.error]).toEqual([query, 400, error]);
    }
    const month = await scenario.client.get(`/api/agenda?dal=${day(0)}&al=${day(30)}`, scenario.admin);
    expect(month.status).toBe(200);
    const student = await scenario.client.get(`/api/agenda?dal=${day(0)}&al=${day(1)}`, scenario.student.token);
    expect(student.status).toBe(403);
  });
});

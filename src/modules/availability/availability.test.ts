import { describe, expect, it } from "bun:test";
import { addDays } from "../../domain/dates";
import { insertLoan, insertRepair } from "../../testing/inventory-fixtures";
import { day, loanScenario, requestOk, unitIdOf } from "../../testing/loan-fixtures";

const calendarPath = (itemId: number, dal = day(0), al = day(13)) =>
  `/api/inventario/${itemId}/disponibilita?dal=${dal}&al=${al}`;

describe("GET /api/inventario/:id/disponibilita", () => {
  it("tells the desk, per unit, what takes it and who, and the days with a free unit", async () => {
    const { client, ctx, admin, student, camera } = await loanScenario();
    const [first, second, third] = [unitIdOf(camera, 0), unitIdOf(camera, 1), unitIdOf(camera, 2)];
    const request = await requestOk(client, student.token, { unit_id: first, dal: day(2), al: day(4) });
    const loanId = insertLoan(ctx, { itemId: camera.id, unitIds: [second, third], from: day(0), to: day(3) });
    const repairId = insertRepair(ctx, { itemId: camera.id, unitId: third });

    const answer = await client.get(calendarPath(camera.id), admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ inventario_id: camera.id, dal: day(0), al: day(13) });
    const byUnit = Object.fromEntries(answer.body.unita.map((unit: { id: number }) => [unit.id, unit]));
    expect(byUnit[first].occupazioni).toEqual([
      { tipo: "richiesta", dal: day(2), al: day(4), riferimento_id: request.id, chi: "Giulia Rossi" },
    ]);
    expect(byUnit[second].occupazioni).toEqual([
      { tipo: "prestito", dal: day(0), al: day(3), riferimento_id: loanId, chi: "Giulia Rossi" },
    ]);
    const thirdTaken = byUnit[third].occupazioni.map((taken: { tipo: string; al: string | null }) => [
      taken.tipo,
      taken.al,
    ]);
    expect(thirdTaken).toHaveLength(2);
    expect(thirdTaken).toContainEqual(["prestito", day(3)]);
    expect(thirdTaken).toContainEqual(["riparazione", null]);
    const repair = byUnit[third].occupazioni.find((taken: { tipo: string }) => taken.tipo === "riparazione");
    expect(repair.riferimento_id).toBe(repairId);
    // Days 2 and 3: the first unit is requested, the second lent, the third in repair.
    expect(answer.body.giorni_liberi).toEqual(
      Array.from({ length: 14 }, (_, offset) => day(offset)).filter((date) => date !== day(2) && date !== day(3)),
    );
  });

  it("shows a student of the item's course the same ranges without names or references", async () => {
    const { client, admin, student, classmate, camera } = await loanScenario();
    await requestOk(client, classmate.token, { unit_id: unitIdOf(camera), dal: day(1), al: day(1) });
    const forStudent = await client.get(calendarPath(camera.id), student.token);
    const forDesk = await client.get(calendarPath(camera.id), admin);
    expect(forStudent.status).toBe(200);
    expect(forStudent.body.unita[0].occupazioni).toEqual([
      { tipo: "richiesta", dal: day(1), al: day(1), riferimento_id: null, chi: null },
    ]);
    expect(forStudent.body.giorni_liberi).toEqual(forDesk.body.giorni_liberi);
    expect(JSON.stringify(forStudent.body)).not.toContain("Verdi");
  });

  it("keeps an item of another course out of a student's reach, and asks everyone to sign in", async () => {
    const { client, student, designStudent, camera, plotter } = await loanScenario();
    expect((await client.get(calendarPath(camera.id), designStudent.token)).body).toEqual({
      error: "Articolo non trovato",
    });
    expect((await client.get(calendarPath(plotter.id), student.token)).status).toBe(404);
    expect((await client.get(calendarPath(plotter.id), designStudent.token)).status).toBe(200);
    expect((await client.get(calendarPath(camera.id))).status).toBe(401);
    expect((await client.get(calendarPath(99999), designStudent.token)).status).toBe(404);
  });

  it("marks an overdue loan and a lost unit as taken with no known end", async () => {
    const { client, ctx, admin, camera } = await loanScenario();
    insertLoan(ctx, {
      itemId: camera.id,
      unitIds: [unitIdOf(camera, 0)],
      stato: "scaduto",
      from: day(-5),
      to: day(-1),
    });
    await client.put(`/api/inventario/${camera.id}/units/${unitIdOf(camera, 1)}`, { perso: true }, admin);
    const answer = await client.get(calendarPath(camera.id), admin);
    const [overdue, lost] = answer.body.unita.map((unit: { occupazioni: unknown[] }) => unit.occupazioni[0]);
    expect(overdue).toMatchObject({ tipo: "prestito", dal: day(-5), al: null });
    expect(lost).toMatchObject({ tipo: "perso", al: null });
    expect(answer.body.giorni_liberi).toHaveLength(14);
  });

  it("covers six weeks from today without dates, and never lists a past day as free", async () => {
    const { client, admin, camera } = await loanScenario();
    const plain = await client.get(`/api/inventario/${camera.id}/disponibilita`, admin);
    expect(plain.body).toMatchObject({ dal: day(0), al: day(41) });
    const fromLastWeek = await client.get(calendarPath(camera.id, day(-7), day(2)), admin);
    expect(fromLastWeek.body.giorni_liberi).toEqual([day(0), day(1), day(2)]);
  });

  it("answers 400 in Italian for bad dates and for more than 366 days", async () => {
    const { client, admin, camera } = await loanScenario();
    const cases: [string, string][] = [
      [`dal=${day(0)}&al=${addDays(day(0), 366)}`, "Il calendario copre al massimo 366 giorni"],
      [`dal=${day(5)}&al=${day(1)}`, "La data di fine deve essere successiva alla data di inizio"],
      [`dal=10/03/2026`, "Data di inizio non valida: usa il formato AAAA-MM-GG"],
      // An impossible day without an end: the default end must not be counted from it (was a 500).
      [`dal=2026-13-01`, "Data di inizio non valida: usa il formato AAAA-MM-GG"],
      [`dal=${day(0)}&al=2026-02-30`, "Data di fine non valida: usa il formato AAAA-MM-GG"],
    ];
    for (const [query, error] of cases) {
      const answer = await client.get(`/api/inventario/${camera.id}/disponibilita?${query}`, admin);
      expect({ query, status: answer.status, body: answer.body }).toEqual({ query, status: 400, body: { error } });
    }
    const fullYear = await client.get(calendarPath(camera.id, day(0), addDays(day(0), 365)), admin);
    expect(fullYear.status).toBe(200);
    expect((await client.get("/api/inventario/abc/disponibilita", admin)).status).toBe(400);
  });
});

describe("the calendar's query plan", () => {
  it("reads the pending requests of the item's units through the index on unit and state, not every pending request to come", async () => {
    const { ctx, client, admin, camera } = await loanScenario();
    const prepared: string[] = [];
    const prepare = ctx.sqlite.prepare.bind(ctx.sqlite);
    ctx.sqlite.prepare = ((query: string, ...rest: []) => {
      prepared.push(query);
      return prepare(query, ...rest);
    }) as typeof ctx.sqlite.prepare;
    try {
      const answer = await client.get(`/api/inventario/${camera.id}/disponibilita?dal=${day(0)}&al=${day(365)}`, admin);
      expect(answer.status).toBe(200);
    } finally {
      ctx.sqlite.prepare = prepare;
    }
    const pendingQuery = prepared.find((query) => /from "richieste" where/.test(query)) as string;
    expect(pendingQuery).toBeString();
    const parameters = new Array(pendingQuery.split("?").length - 1).fill(1);
    const plan = ctx.sqlite
      .query<{ detail: string }, number[]>(`EXPLAIN QUERY PLAN ${pendingQuery}`)
      .all(...parameters)
      .map((row) => row.detail);
    expect(plan.some((step) => step.includes("richieste_unit_stato_idx"))).toBe(true);
  });
});

import { describe, expect, it } from "bun:test";
import { formatItalianDate } from "../../domain/dates";
import { registerStudent } from "../../testing/harness";
import { insertLoan, insertRepair } from "../../testing/inventory-fixtures";
import {
  approveOk,
  day,
  loanRow,
  loanScenario,
  requestedUnitIds,
  requestOk,
  requestRow,
  unitIdOf,
} from "../../testing/loan-fixtures";

describe("a request for any free unit of an item", () => {
  it("books a unit free for the dates, skipping the taken ones", async () => {
    const { client, ctx, student, camera } = await loanScenario();
    insertLoan(ctx, { itemId: camera.id, unitIds: [unitIdOf(camera, 0)], from: day(0), to: day(5) });
    insertRepair(ctx, { itemId: camera.id, unitId: unitIdOf(camera, 1) });
    const request = await requestOk(client, student.token, {
      inventario_id: camera.id,
      unit_id: null,
      dal: day(3),
      al: day(4),
    });
    expect(requestRow(ctx, request.id)?.unitId).toBe(unitIdOf(camera, 2));
    expect(request.inventario_id).toBe(camera.id);
  });

  it("books an item fully lent today for later dates", async () => {
    const { client, ctx, student, studioLight } = await loanScenario();
    insertLoan(ctx, { itemId: studioLight.id, unitIds: [unitIdOf(studioLight)], from: day(0), to: day(2) });
    const request = await requestOk(client, student.token, { inventario_id: studioLight.id, dal: day(7), al: day(7) });
    expect(requestRow(ctx, request.id)?.unitId).toBe(unitIdOf(studioLight));
  });

  it("gives two students asking at the same moment different units, and the third a 409 naming the next free day", async () => {
    const { client, ctx, camera } = await loanScenario();
    // A two-unit item: the third camera is in repair.
    insertRepair(ctx, { itemId: camera.id, unitId: unitIdOf(camera, 2) });
    insertLoan(ctx, { itemId: camera.id, unitIds: [unitIdOf(camera, 0)], from: day(0), to: day(6) });
    const students = [];
    for (let i = 0; i < 3; i++) students.push(await registerStudent(client, { corso_accademico: "Fotografia" }));
    const answers = await Promise.all(
      students.map((student) =>
        client.post(
          "/api/richieste",
          { inventario_id: camera.id, unit_id: null, dal: day(7), al: day(9) },
          student.token,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 409]);
    expect(requestedUnitIds(ctx, camera.id)).toEqual([unitIdOf(camera, 0), unitIdOf(camera, 1)].sort());
    const refused = answers.find((answer) => answer.status === 409);
    // Both units are now requested from day 7 to 9: the item is next free for three days from day 10.
    expect(refused?.body).toEqual({
      error: `Nessuna unità è disponibile per le date scelte: l'articolo è di nuovo disponibile dal ${formatItalianDate(day(10))}`,
      disponibile_dal: day(10),
    });
  });

  it("says so when nothing frees up within a year", async () => {
    const { client, admin, student, studioLight } = await loanScenario();
    await client.put(`/api/inventario/${studioLight.id}/units/${unitIdOf(studioLight)}`, { perso: true }, admin);
    const answer = await client.post(
      "/api/richieste",
      { inventario_id: studioLight.id, dal: day(1), al: day(1) },
      student.token,
    );
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      error: "Nessuna unità è disponibile per le date scelte, né nei prossimi 12 mesi",
      disponibile_dal: null,
    });
  });

  it("keeps the course, date and usage rules of a request for a specific unit", async () => {
    const { client, student, designStudent, camera, studioLight } = await loanScenario();
    const otherCourse = await client.post(
      "/api/richieste",
      { inventario_id: camera.id, dal: day(1), al: day(1) },
      designStudent.token,
    );
    expect(otherCourse).toMatchObject({ status: 404, body: { error: "Articolo non trovato" } });
    const past = await client.post(
      "/api/richieste",
      { inventario_id: camera.id, dal: day(-1), al: day(1) },
      student.token,
    );
    expect(past).toMatchObject({ status: 400, body: { error: "La data di inizio non può essere nel passato" } });
    const internal = await client.post(
      "/api/richieste",
      { inventario_id: studioLight.id, dal: day(1), al: day(2) },
      student.token,
    );
    expect(internal.status).toBe(400);
    const nothing = await client.post("/api/richieste", { unit_id: null, dal: day(1), al: day(1) }, student.token);
    expect(nothing).toMatchObject({ status: 400, body: { error: "Seleziona un'unità" } });
    const mismatch = await client.post(
      "/api/richieste",
      { inventario_id: studioLight.id, unit_id: unitIdOf(camera), dal: day(1), al: day(1) },
      student.token,
    );
    expect(mismatch).toMatchObject({ status: 400, body: { error: "L'unità scelta non appartiene a questo articolo" } });
  });
});

describe("a 409 for a specific unit", () => {
  it("names the item's units that are free for those dates, also as data", async () => {
    const { client, student, classmate, camera } = await loanScenario();
    await requestOk(client, classmate.token, { unit_id: unitIdOf(camera, 0), dal: day(2), al: day(4) });
    await requestOk(client, classmate.token, { unit_id: unitIdOf(camera, 1), dal: day(4), al: day(4) });
    const answer = await client.post(
      "/api/richieste",
      { unit_id: unitIdOf(camera, 0), dal: day(3), al: day(3) },
      student.token,
    );
    expect(answer.status).toBe(409);
    const [, second, third] = camera.unita;
    expect(answer.body).toEqual({
      error: `L'unità selezionata non è disponibile per le date scelte. Sono libere per queste date: ${second.codice_univoco}, ${third.codice_univoco}.`,
      unita_libere: [
        { id: second.id, codice_univoco: second.codice_univoco },
        { id: third.id, codice_univoco: third.codice_univoco },
      ],
    });
  });

  it("says when the item is next free when no other unit is", async () => {
    const { client, student, classmate, studioLight } = await loanScenario();
    await requestOk(client, classmate.token, { unit_id: unitIdOf(studioLight), dal: day(2), al: day(2) });
    const answer = await client.post(
      "/api/richieste",
      { unit_id: unitIdOf(studioLight), dal: day(2), al: day(2) },
      student.token,
    );
    expect(answer.body).toEqual({
      error: `L'unità selezionata non è disponibile per le date scelte. Nessun'altra unità è libera: l'articolo è di nuovo disponibile dal ${formatItalianDate(day(3))}.`,
      unita_libere: [],
    });
  });
});

describe("switching the unit at approval", () => {
  it("lends the unit the desk chose instead, when it is free for the request's dates", async () => {
    const { client, ctx, admin, student, camera } = await loanScenario();
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 0), dal: day(1), al: day(2) });
    const answer = await client.put(`/api/prestiti/${request.id}/approva`, { unit_id: unitIdOf(camera, 2) }, admin);
    expect(answer.status).toBe(200);
    const units = await client.get(`/api/prestiti/${answer.body.loanId}/units`, admin);
    expect(units.body.map((unit: { id: number }) => unit.id)).toEqual([unitIdOf(camera, 2)]);
    expect(requestRow(ctx, request.id)?.unitId).toBe(unitIdOf(camera, 2));
    expect(loanRow(ctx, answer.body.loanId)?.stato).toBe("attivo");
  });

  it("refuses a unit taken for those dates, or of another item, and changes nothing", async () => {
    const { client, ctx, admin, student, classmate, camera, tablet } = await loanScenario();
    const request = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 0), dal: day(1), al: day(2) });
    await requestOk(client, classmate.token, { unit_id: unitIdOf(camera, 1), dal: day(2), al: day(3) });
    const taken = await client.put(`/api/prestiti/${request.id}/approva`, { unit_id: unitIdOf(camera, 1) }, admin);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toStartWith("L'unità selezionata non è disponibile per le date scelte. Sono libere");
    const foreign = await client.put(`/api/prestiti/${request.id}/approva`, { unit_id: unitIdOf(tablet) }, admin);
    expect(foreign).toMatchObject({
      status: 400,
      body: { error: "L'unità scelta non appartiene all'articolo della richiesta" },
    });
    const malformed = await client.put(`/api/prestiti/${request.id}/approva`, { unit_id: "due" }, admin);
    expect(malformed).toMatchObject({ status: 400, body: { error: "Unità non valida" } });
    expect(requestRow(ctx, request.id)).toMatchObject({ stato: "in_attesa", unitId: unitIdOf(camera, 0) });
    await approveOk(client, admin, request.id);
  });
});

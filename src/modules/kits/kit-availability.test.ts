import { describe, expect, it } from "bun:test";
import { insertLoan, insertRepair, insertRequest } from "../../testing/inventory-fixtures";
import { createKitOk, createPortraitKit, portraitKit } from "../../testing/kit-fixtures";
import { day, loanScenario, requestOk, unitIdOf } from "../../testing/loan-fixtures";

const days = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, index) => day(first + index));
const without = (all: string[], ...taken: string[]) => all.filter((date) => !taken.includes(date));
const calendarPath = (kitId: number, dal = day(0), al = day(13)) =>
  `/api/kit/${kitId}/disponibilita?dal=${dal}&al=${al}`;

describe("GET /api/kit/:id/disponibilita", () => {
  it("answers every day of the range while all the kit's units are free", async () => {
    const scenario = await loanScenario();
    const kit = await createPortraitKit(scenario);
    const answer = await scenario.client.get(calendarPath(kit.id), scenario.student.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ kit_id: kit.id, dal: day(0), al: day(13), giorni_liberi: days(0, 13) });
    expect(answer.body.righe).toHaveLength(3);
  });

  it("takes a day off when one line lacks units, and says which line", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera, studioLight } = scenario;
    const kit = await createPortraitKit(scenario);
    // The studio light, the kit's only one, is lent on days 2-3.
    insertLoan(ctx, { itemId: studioLight.id, unitIds: [unitIdOf(studioLight)], from: day(2), to: day(3) });
    // Both unpinned cameras are taken on day 5; only one on day 6, which leaves one for the kit.
    insertLoan(ctx, {
      itemId: camera.id,
      unitIds: [unitIdOf(camera, 1), unitIdOf(camera, 2)],
      from: day(5),
      to: day(5),
    });
    insertRequest(ctx, { itemId: camera.id, unitId: unitIdOf(camera, 1), from: day(6), to: day(6) });
    const answer = await client.get(calendarPath(kit.id), admin);
    expect(answer.body.giorni_liberi).toEqual(without(days(0, 13), day(2), day(3), day(5)));
    const [pinned, anyCamera, light] = answer.body.righe;
    expect(pinned.giorni_liberi).toEqual(days(0, 13));
    expect(anyCamera).toMatchObject({ inventario_id: camera.id, unit_id: null, quantita: 1 });
    expect(anyCamera.giorni_liberi).toEqual(without(days(0, 13), day(5)));
    expect(light.giorni_liberi).toEqual(without(days(0, 13), day(2), day(3)));
  });

  it("keeps a day taken when the pinned unit is booked, even with other units of its item free", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, camera } = scenario;
    const kit = await createPortraitKit(scenario);
    await requestOk(client, student.token, { unit_id: unitIdOf(camera, 0), dal: day(8), al: day(9) });
    const answer = await client.get(calendarPath(kit.id), admin);
    expect(answer.body.giorni_liberi).toEqual(without(days(0, 13), day(8), day(9)));
    expect(answer.body.righe[1].giorni_liberi).toEqual(days(0, 13));
  });

  it("counts the kit's own pinned unit out of its lines of any units, and a unit in repair as taken", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin, camera } = scenario;
    // Two any cameras beside the pinned one: all three units, so one more taken leaves the kit short.
    const kit = await createKitOk(
      client,
      admin,
      portraitKit(scenario, {
        righe: [
          { inventario_id: camera.id, quantita: 1, unit_id: unitIdOf(camera, 0) },
          { inventario_id: camera.id, quantita: 2 },
        ],
      }),
    );
    expect((await client.get(calendarPath(kit.id), admin)).body.giorni_liberi).toEqual(days(0, 13));
    insertRepair(ctx, { itemId: camera.id, unitId: unitIdOf(camera, 2) });
    expect((await client.get(calendarPath(kit.id), admin)).body.giorni_liberi).toEqual([]);
  });

  it("lists the desk's closed days, which a booking may span but not start or end on", async () => {
    const scenario = await loanScenario();
    const { client, admin } = scenario;
    const kit = await createPortraitKit(scenario);
    const saved = await client.put(
      "/api/impostazioni",
      { chiusure: [{ dal: day(4), al: day(5), motivo: "Ponte" }] },
      admin,
    );
    expect(saved.status).toBe(200);
    const answer = await client.get(calendarPath(kit.id), admin);
    expect(answer.body.giorni_chiusi).toEqual([day(4), day(5)]);
    expect(answer.body.giorni_liberi).toEqual(days(0, 13));
  });

  it("never lists a past day, keeps another course's kit out of reach, and answers 400 for bad dates", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, designStudent } = scenario;
    const kit = await createPortraitKit(scenario);
    expect((await client.get(calendarPath(kit.id, day(-3), day(1)), admin)).body.giorni_liberi).toEqual(days(0, 1));
    expect((await client.get(`/api/kit/${kit.id}/disponibilita`, student.token)).body).toMatchObject({
      dal: day(0),
      al: day(41),
    });
    expect((await client.get(calendarPath(kit.id), designStudent.token)).body).toEqual({ error: "Kit non trovato" });
    expect((await client.get(calendarPath(99999), admin)).status).toBe(404);
    expect((await client.get(calendarPath(kit.id, day(5), day(1)), admin)).body).toEqual({
      error: "La data di fine deve essere successiva alla data di inizio",
    });
    expect((await client.get(`/api/kit/${kit.id}/disponibilita?dal=10/03/2026`, admin)).body).toEqual({
      error: "Data di inizio non valida: usa il formato AAAA-MM-GG",
    });
    expect((await client.get(calendarPath(kit.id))).status).toBe(401);
  });
});

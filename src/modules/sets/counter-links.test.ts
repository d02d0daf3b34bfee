import { describe, expect, it } from "bun:test";
import { kit } from "../../db/schema";
import { day, loanScenario, travelToDay, unitIdOf } from "../../testing/loan-fixtures";
import { openSetsOfKit, setDueAtTheCounter } from "./counter-links";

describe("what the Banco and the kits ask of sets", () => {
  it("opens the set a scanned unit belongs to from its start day, out or due, and counts a kit's open sets", async () => {
    const scenario = await loanScenario();
    const { client, ctx, admin } = scenario;
    const kitId = ctx.db
      .insert(kit)
      .values({ nome: "Kit foto", createdAt: "2026-03-01T00:00:00Z" })
      .returning()
      .get().id;
    const unitId = unitIdOf(scenario.camera, 0);
    const booked = await client.post(
      "/api/prenotazioni",
      { dal: day(2), al: day(4), righe: [{ inventario_id: scenario.camera.id, unit_id: unitId }] },
      scenario.student.token,
    );
    ctx.sqlite.run("update prenotazioni set kit_id = ? where id = ?", [kitId, booked.body.id]);
    expect(openSetsOfKit(ctx.db, kitId)).toBe(1);
    await client.put(`/api/prenotazioni/${booked.body.id}/approva`, undefined, admin);
    expect(setDueAtTheCounter(ctx.db, { unitIds: [unitId] }, day(1))).toBeNull();
    expect(setDueAtTheCounter(ctx.db, { unitIds: [unitId] }, day(2))).toBe(booked.body.id);
    expect(setDueAtTheCounter(ctx.db, { kitId }, day(2))).toBe(booked.body.id);
    travelToDay(ctx, day(2));
    await client.put(`/api/prenotazioni/${booked.body.id}/consegna`, { unita_ids: [unitId] }, admin);
    expect(setDueAtTheCounter(ctx.db, { unitIds: [unitId] }, day(3))).toBe(booked.body.id);
    await client.put(`/api/prenotazioni/${booked.body.id}/restituisci`, { unita_ids: [unitId] }, admin);
    expect(setDueAtTheCounter(ctx.db, { unitIds: [unitId] }, day(3))).toBeNull();
    expect(openSetsOfKit(ctx.db, kitId)).toBe(0);
  });
});

import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { riparazioni } from "../../db/schema";
import { createItem, insertRepair } from "../../testing/inventory-fixtures";
import {
  approveOk,
  handOverOk,
  loanScenario,
  requestOk,
  returnOk,
  travelToDay,
  unitIdOf,
} from "../../testing/loan-fixtures";

type IdleUnit = { unit_id: number; codice_univoco: string; giorni_fermo: number; utilizzo: number };

/**
 * Two weeks, 16–29 March 2026, read on 1 April. One camera goes out on the first day only, another on the
 * 27th only (both used, but little), the third sits in repair until the 25th (away, not idle); every other
 * unit never goes out (nor do the `tripods` units of a tripod).
 */
async function twoQuietWeeks(tripods = 0) {
  const scenario = await loanScenario();
  const { client, ctx, admin, camera, student } = scenario;
  if (tripods > 0) await createItem(client, admin, { nome: "Treppiede Manfrotto", quantita_totale: tripods });
  const lend = async (unit: number, day: string) => {
    const ask = await requestOk(client, student.token, { unit_id: unitIdOf(camera, unit), dal: day, al: day });
    return (await approveOk(client, admin, ask.id as number)).loanId as number;
  };
  const early = await lend(1, "2026-03-16");
  const late = await lend(0, "2026-03-27");
  travelToDay(ctx, "2026-03-16");
  await handOverOk(client, admin, early);
  await returnOk(client, admin, early);
  const repair = insertRepair(ctx, { itemId: camera.id as number, unitId: unitIdOf(camera, 2), stato: "completata" });
  ctx.db.update(riparazioni).set({ dataFine: "2026-03-25" }).where(eq(riparazioni.id, repair)).run();
  travelToDay(ctx, "2026-03-27");
  await handOverOk(client, admin, late);
  await returnOk(client, admin, late);
  travelToDay(ctx, "2026-04-01");
  const report = async () => {
    const answer = await client.get("/api/stats/domanda?dal=2026-03-16&al=2026-03-29", admin);
    expect(answer.status).toBe(200);
    return answer.body as { poco_usati: IdleUnit[]; poco_usati_totale: number };
  };
  return { ...scenario, report };
}

describe("the units hardly used", () => {
  it("are the units available most of the period and rarely out, those idle longest first", async () => {
    const { camera, plotter, studioLight, tablet, report } = await twoQuietWeeks();

    const { poco_usati, poco_usati_totale } = await report();

    const neverOut = [unitIdOf(plotter, 0), unitIdOf(studioLight, 0), unitIdOf(tablet, 0)];
    const byCode = [...poco_usati.filter((unit) => neverOut.includes(unit.unit_id))].sort((a, b) =>
      a.codice_univoco.localeCompare(b.codice_univoco, "it"),
    );
    // Never out: idle all 14 days, by code; then the camera out on the 16th, idle the 13 days after it;
    // last the one out on the 27th, as little used but idle only 2 days since.
    expect(poco_usati.map((unit) => [unit.unit_id, unit.giorni_fermo])).toEqual([
      ...byCode.map((unit) => [unit.unit_id, 14]),
      [unitIdOf(camera, 1), 13],
      [unitIdOf(camera, 0), 2],
    ]);
    expect(poco_usati.at(-1)?.utilizzo).toBe(poco_usati.at(-2)?.utilizzo as number);
    expect(poco_usati.at(-1)?.utilizzo).toBeGreaterThan(0);
    // The camera in repair until the 25th could go out on too few days to count as idle.
    expect(poco_usati.map((unit) => unit.unit_id)).not.toContain(unitIdOf(camera, 2));
    expect(poco_usati_totale).toBe(5);
  });

  it("list the 50 idle longest and count them all", async () => {
    const { camera, report } = await twoQuietWeeks(60);

    const { poco_usati, poco_usati_totale } = await report();

    expect(poco_usati).toHaveLength(50);
    expect(poco_usati_totale).toBe(65);
    expect(poco_usati.every((unit) => unit.giorni_fermo === 14)).toBe(true);
    expect(poco_usati.map((unit) => unit.unit_id)).not.toContain(unitIdOf(camera, 1));
  });
});

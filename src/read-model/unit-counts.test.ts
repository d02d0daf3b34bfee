import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { connectDatabase, type Db } from "../db/client";
import { prestiti, prestitiUnita, richieste, riparazioni, unita } from "../db/schema";
import { writeTransaction } from "../db/transaction";
import { addDays } from "../domain/dates";
import { isLowStock } from "../domain/stock-level";
import { itemState, UNIT_STATES } from "../domain/unit-state";
import { loadUnitViews } from "../modules/inventory/unit-status";
import { createTestClient, createTestContext, type Json, signInAdmin } from "../testing/harness";
import { createItem, insertLoan, insertRepair, insertRequest, inventoryScenario } from "../testing/inventory-fixtures";
import { itemCounts, itemCountTotals, pruneItemChanges } from "./unit-counts";

/** What the counts must say, from every unit's own state (the one rule for unit states), read afresh. */
function countedUnitByUnit(db: Db, today: string) {
  const byItem = new Map<number, string[]>();
  for (const unit of loadUnitViews(db, today))
    byItem.set(unit.inventario_id, [...(byItem.get(unit.inventario_id) ?? []), unit.stato]);
  return new Map(
    [...byItem].map(([itemId, states]) => [
      itemId,
      {
        state: itemState(UNIT_STATES.filter((state) => states.includes(state))),
        available: states.filter((state) => state === "disponibile").length,
        total: states.length,
        inRepair: states.filter((state) => state === "in_riparazione").length,
      },
    ]),
  );
}

const sorted = (counts: ReadonlyMap<number, unknown>) => [...counts].sort(([a], [b]) => a - b);

async function threeItems() {
  const scenario = await inventoryScenario();
  const { client, admin } = scenario;
  const items: Json[] = [];
  for (const [nome, codes] of [
    ["Fotocamera", ["CAM-1", "CAM-2", "CAM-3"]],
    ["Treppiede", ["TRP-1", "TRP-2"]],
    ["Microfono", ["MIC-1"]],
  ] as const)
    items.push(await createItem(client, admin, { nome, quantita_totale: codes.length, unita: [...codes] }));
  const unitsOf = (item: Json) => (item.unita as Json[]).map((unit) => unit.id as number);
  return { ...scenario, items, unitsOf };
}

describe("the kept unit counts", () => {
  it("after every kind of write, equal the counts of every unit's own state", async () => {
    const { ctx, items, unitsOf } = await threeItems();
    const [camera, tripod, mic] = items as [Json, Json, Json];
    const today = ctx.clock.today();
    const expectFresh = () => {
      const fresh = countedUnitByUnit(ctx.db, today);
      expect(sorted(itemCounts(ctx.db, today))).toEqual(sorted(fresh));
      const items = [...fresh.values()];
      expect(itemCountTotals(ctx.db, today)).toEqual({
        units: items.reduce((sum, item) => sum + item.total, 0),
        inRepair: items.reduce((sum, item) => sum + item.inRepair, 0),
        lowStock: items.filter((item) => isLowStock(item.available, item.total)).length,
      });
    };
    // Read once first: from here on every read counts again only what the journal names.
    expectFresh();

    const loan = insertLoan(ctx, { itemId: camera.id, unitIds: unitsOf(camera).slice(0, 2) });
    expectFresh();
    const upcoming = insertLoan(ctx, {
      itemId: tripod.id,
      unitIds: [unitsOf(tripod)[0] as number],
      from: addDays(today, 2),
      to: addDays(today, 4),
    });
    expectFresh();
    const request = insertRequest(ctx, { itemId: mic.id, unitId: unitsOf(mic)[0] as number });
    expectFresh();
    const repair = insertRepair(ctx, { itemId: tripod.id, unitId: unitsOf(tripod)[1] as number });
    expectFresh();
    // One unit of the loan comes back, then the loan is closed.
    ctx.db
      .update(prestitiUnita)
      .set({ restituitaIl: today })
      .where(eq(prestitiUnita.unitId, unitsOf(camera)[0] as number))
      .run();
    expectFresh();
    ctx.db.update(prestiti).set({ stato: "restituito", dataRestituzione: today }).where(eq(prestiti.id, loan)).run();
    expectFresh();
    ctx.db.update(prestiti).set({ dataUscita: today }).where(eq(prestiti.id, upcoming)).run();
    expectFresh();
    ctx.db.update(richieste).set({ stato: "rifiutata" }).where(eq(richieste.id, request)).run();
    expectFresh();
    ctx.db.update(riparazioni).set({ stato: "completata" }).where(eq(riparazioni.id, repair)).run();
    expectFresh();
    ctx.db
      .update(unita)
      .set({ perso: true })
      .where(eq(unita.id, unitsOf(camera)[2] as number))
      .run();
    expectFresh();
    ctx.db
      .update(unita)
      .set({ archivedAt: ctx.clock.now().toISOString() })
      .where(eq(unita.id, unitsOf(mic)[0] as number))
      .run();
    expectFresh();
    ctx.db.delete(prestitiUnita).where(eq(prestitiUnita.prestitoId, upcoming)).run();
    expectFresh();
    ctx.db.delete(richieste).where(eq(richieste.id, request)).run();
    expectFresh();
  });

  it("count the writes of another connection to the same file", async () => {
    const folder = mkdtempSync(join(tmpdir(), "prestalab-counts-"));
    try {
      const ctx = createTestContext(undefined, join(folder, "prestalab.db"));
      const client = createTestClient(ctx);
      const { token } = await signInAdmin(client);
      const camera = await createItem(client, token, {
        nome: "Fotocamera",
        quantita_totale: 2,
        unita: ["CAM-1", "CAM-2"],
      });
      const today = ctx.clock.today();
      expect(itemCounts(ctx.db, today).get(camera.id)).toEqual({
        state: "disponibile",
        available: 2,
        total: 2,
        inRepair: 0,
      });
      const other = connectDatabase(join(folder, "prestalab.db"));
      insertRepair({ ...ctx, db: other.db, sqlite: other.sqlite }, { itemId: camera.id, unitId: camera.unita[0].id });
      insertRepair({ ...ctx, db: other.db, sqlite: other.sqlite }, { itemId: camera.id, unitId: camera.unita[1].id });
      other.sqlite.close();
      expect(itemCounts(ctx.db, today).get(camera.id)).toEqual({
        state: "in_riparazione",
        available: 0,
        total: 2,
        inRepair: 2,
      });
      ctx.sqlite.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("count everything again when the journal lost rows not yet read, a day passed, or a write was taken back", async () => {
    const { ctx, items, unitsOf } = await threeItems();
    const [camera, tripod] = items as [Json, Json];
    const today = ctx.clock.today();
    itemCounts(ctx.db, today);

    // The change to the camera is pruned before anyone read it; a later one to the tripod is still there.
    insertRepair(ctx, { itemId: camera.id, unitId: unitsOf(camera)[0] as number });
    ctx.sqlite.run("DELETE FROM item_changes");
    insertRepair(ctx, { itemId: tripod.id, unitId: unitsOf(tripod)[0] as number });
    expect(itemCounts(ctx.db, today).get(camera.id)?.available).toBe(2);

    // A request for today holds its unit today only.
    insertRequest(ctx, { itemId: tripod.id, unitId: unitsOf(tripod)[1] as number });
    expect(itemCounts(ctx.db, today).get(tripod.id)).toEqual({
      state: "in_prestito",
      available: 0,
      total: 2,
      inRepair: 1,
    });
    expect(itemCounts(ctx.db, addDays(today, 1)).get(tripod.id)).toEqual({
      state: "disponibile",
      available: 1,
      total: 2,
      inRepair: 1,
    });

    // Read inside a transaction that is then rolled back: its two journal numbers are used again by the
    // two writes after it.
    const [, second, third] = unitsOf(camera) as [number, number, number];
    expect(() =>
      writeTransaction(ctx.db, (tx) => {
        tx.update(unita).set({ perso: true }).where(eq(unita.id, second)).run();
        tx.update(unita).set({ perso: true }).where(eq(unita.id, third)).run();
        expect(itemCounts(ctx.db, today).get(camera.id)?.available).toBe(0);
        throw new Error("annullata");
      }),
    ).toThrow("annullata");
    insertRequest(ctx, { itemId: camera.id, unitId: second });
    insertRequest(ctx, { itemId: camera.id, unitId: second, from: addDays(today, 3), to: addDays(today, 3) });
    expect(itemCounts(ctx.db, today).get(camera.id)?.available).toBe(1);
    expect(sorted(itemCounts(ctx.db, today))).toEqual(sorted(countedUnitByUnit(ctx.db, today)));
  });

  it("keep only the newest journal rows once pruned", async () => {
    const { ctx, items, unitsOf } = await threeItems();
    const [camera] = items as [Json];
    ctx.sqlite.run("DELETE FROM item_changes");
    const unitId = unitsOf(camera)[0] as number;
    for (let round = 0; round < 10_010; round++)
      ctx.sqlite.run("UPDATE unita SET note = ? WHERE id = ?", [String(round), unitId]);
    expect(pruneItemChanges(ctx.sqlite)).toBe(10);
    expect(ctx.sqlite.query("SELECT count(*) AS n FROM item_changes").get()).toEqual({ n: 10_000 });
  });
});

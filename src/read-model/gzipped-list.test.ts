import { describe, expect, it } from "bun:test";
import { crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import { inventario, inventarioCorsi, unita } from "../db/schema";
import { unitCode } from "../modules/inventory/service";
import { everyPage, type Json } from "../testing/harness";
import { insertLoan, inventoryScenario } from "../testing/inventory-fixtures";
import { day } from "../testing/loan-fixtures";
import { asWholeInventoryItem, insertNumberedItem, photographyCourseId } from "../testing/whole-inventory";
import { crc32Combine, PIECE_ROWS } from "./gzipped-list";

describe("crc32Combine", () => {
  it("gives the CRC-32 of two texts joined, from theirs and the second one's length", () => {
    const texts = ["", "[", '{"id":1,"nome":"Canon"}', "x".repeat(70_000), "àèìòù ".repeat(999)];
    for (const first of texts)
      for (const second of texts) {
        const a = Buffer.from(first);
        const b = Buffer.from(second);
        expect(crc32Combine(crc32(a), crc32(b), b.byteLength)).toBe(crc32(Buffer.concat([a, b])));
      }
  });
});

/** A small deterministic generator: the same writes on every run. */
function randomOf(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

describe("the whole inventory kept gzipped in pieces", () => {
  const count = PIECE_ROWS * 2 + 37;

  async function academy() {
    const scenario = await inventoryScenario();
    const { ctx } = scenario;
    const courseId = photographyCourseId(ctx);
    for (let index = 0; index < count; index++) {
      const itemId = insertNumberedItem(ctx, index, count);
      if (index % 3 !== 0) ctx.db.insert(inventarioCorsi).values({ inventarioId: itemId, corsoId: courseId }).run();
      for (let unit = 0; unit < 1 + (index % 3); unit++)
        ctx.db
          .insert(unita)
          .values({ inventarioId: itemId, ...unitCode(`OGG-${index}-${unit}`) })
          .run();
    }
    return { ...scenario, courseId };
  }

  type Academy = Awaited<ReturnType<typeof academy>>;

  /** The whole list as a client with gzip and one without get it: both must be the same JSON. */
  async function whole(scenario: Academy, path: string, token: string): Promise<Json[]> {
    const ask = (headers: Record<string, string>) =>
      scenario.client.app.handle(
        new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } }),
      );
    const zipped = await ask({ "accept-encoding": "gzip" });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    // Checks the gzip's CRC and length as it unpacks.
    const items = JSON.parse(
      new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer()))),
    ) as Json[];
    const plain = await ask({});
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.json()).toEqual(items);
    return items;
  }

  /** The same list built afresh, page by page from the items' texts, never from the kept pieces. */
  const pages = (scenario: Academy, path: string, token: string) => everyPage(scenario.client, path, token, 100);

  it("equals a fresh build after every kind of write, in any order", async () => {
    const scenario = await academy();
    const { ctx, client, admin } = scenario;
    const student = scenario.student.token;
    const random = randomOf(2026);
    const itemIds = () =>
      ctx.db
        .select({ id: inventario.id })
        .from(inventario)
        .all()
        .map((row) => row.id);
    const unitOf = (itemId: number) =>
      ctx.db.select({ id: unita.id }).from(unita).where(eq(unita.inventarioId, itemId)).get()?.id;
    const writes: Array<(itemId: number) => Promise<unknown> | unknown> = [
      // A unit lost or found again, as the desk marks it.
      async (itemId) => {
        const unitId = unitOf(itemId);
        if (unitId !== undefined)
          await client.put(`/api/inventario/${itemId}/units/${unitId}`, { perso: random(2) === 0 }, admin);
      },
      // A booking of one of its units.
      (itemId) => {
        const unitId = unitOf(itemId);
        if (unitId !== undefined) insertLoan(ctx, { itemId, unitIds: [unitId] });
      },
      // A new name, which moves the item in the list.
      (itemId) =>
        ctx.db
          .update(inventario)
          .set({ nome: `Rinominato ${random(1000)}` })
          .where(eq(inventario.id, itemId))
          .run(),
      // A new item, in the course or not.
      () => {
        const item = ctx.db
          .insert(inventario)
          .values({ nome: `Nuovo ${random(1000)}`, tipoPrestito: "solo_esterno", dataAggiunta: day(0) })
          .returning({ id: inventario.id })
          .get();
        if (random(2) === 0)
          ctx.db.insert(inventarioCorsi).values({ inventarioId: item.id, corsoId: scenario.courseId }).run();
      },
      // An item archived.
      (itemId) => client.delete(`/api/inventario/${itemId}`, admin),
      // The item leaves the course or joins it.
      (itemId) => {
        const inCourse = ctx.db
          .select({ id: inventarioCorsi.inventarioId })
          .from(inventarioCorsi)
          .where(eq(inventarioCorsi.inventarioId, itemId))
          .get();
        if (inCourse) ctx.db.delete(inventarioCorsi).where(eq(inventarioCorsi.inventarioId, itemId)).run();
        else ctx.db.insert(inventarioCorsi).values({ inventarioId: itemId, corsoId: scenario.courseId }).run();
      },
    ];
    for (let round = 0; round < 24; round++) {
      const ids = itemIds();
      const write = writes[random(writes.length)];
      await write?.(ids[random(ids.length)] as number);
      expect(await whole(scenario, "/api/inventario", admin)).toEqual(
        (await pages(scenario, "/api/inventario", admin)).map(asWholeInventoryItem),
      );
      expect(await whole(scenario, "/api/inventario/disponibili", student)).toEqual(
        await pages(scenario, "/api/inventario/disponibili", student),
      );
    }
  });

  it("answers an empty inventory as an empty array", async () => {
    const scenario = await inventoryScenario();
    const answer = await scenario.client.app.handle(
      new Request("http://localhost/api/inventario", {
        headers: { authorization: `Bearer ${scenario.admin}`, "accept-encoding": "gzip" },
      }),
    );
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await answer.arrayBuffer())))).toBe("[]");
  });
});

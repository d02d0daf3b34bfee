import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import { eq } from "drizzle-orm";
import { connectDatabase } from "../../db/client";
import { prestiti, prestitiUnita, richieste, riparazioni, unita } from "../../db/schema";
import { addDays } from "../../domain/dates";
import { createTestClient, createTestContext, type Json, registerStudent, signInAdmin } from "../../testing/harness";
import {
  createCategory,
  createItem,
  editPayload,
  insertLoan,
  insertRepair,
  insertRequest,
} from "../../testing/inventory-fixtures";
import { asWholeInventoryItem } from "../../testing/whole-inventory";
import { loadItemViews } from "./item-views";
import {
  catalogueItem,
  catalogueList,
  inventoryItem,
  inventoryList,
  inventoryUnit,
  listedUnit,
  wholeInventoryItem,
} from "./model";

/** A desk with three items of two courses, on a database file a second connection can open. */
async function deskOnFile() {
  const folder = mkdtempSync(join(tmpdir(), "prestalab-item-texts-"));
  const file = join(folder, "prestalab.db");
  const ctx = createTestContext(undefined, file);
  const client = createTestClient(ctx);
  const { token } = await signInAdmin(client);
  const category = await createCategory(client, token, "Fotocamere");
  const items: Json[] = [];
  for (const [nome, codes, corsi] of [
    ["Fotocamera", ["CAM-1", "CAM-2", "CAM-3"], ["Fotografia", "Design"]],
    ["Treppiede", ["TRP-1", "TRP-2"], ["Fotografia"]],
    ["Microfono", ["MIC-1"], ["Design"]],
  ] as const)
    items.push(
      await createItem(client, token, {
        nome,
        quantita_totale: codes.length,
        unita: [...codes],
        corsi_assegnati: [...corsi],
        categoria_id: category,
      }),
    );
  const close = () => {
    ctx.sqlite.close();
    rmSync(folder, { recursive: true, force: true });
  };
  return { ctx, client, token, file, category, items, close };
}

const unitsOf = (item: Json) => (item.unita as Json[]).map((unit) => unit.id as number);

describe("the item views kept as text between reads", () => {
  it("after every kind of write, answer what a connection that kept nothing builds", async () => {
    const { ctx, client, token, file, category, items, close } = await deskOnFile();
    try {
      const [camera, tripod, mic] = items as [Json, Json, Json];
      const today = ctx.clock.today();
      const student = await registerStudent(client, { corso_accademico: "Fotografia" });
      /** The views a new connection builds, as the whole list, the catalogue and one item answer them. */
      const expectFresh = async () => {
        const other = connectDatabase(file);
        const fresh = loadItemViews(other.db, today);
        other.sqlite.close();
        expect((await client.get("/api/inventario", token)).body).toEqual(fresh.map(asWholeInventoryItem));
        const catalogue = (await client.get("/api/inventario/disponibili", student.token)).body as Json[];
        const ofCourse = fresh.filter((item) => item.corsi_assegnati.includes("Fotografia"));
        expect(catalogue.map((item) => [item.id, item.stato_effettivo, item.unita_disponibili, item.nome])).toEqual(
          ofCourse.map((item) => [item.id, item.stato_effettivo, item.unita_disponibili, item.nome]),
        );
        for (const item of fresh) expect((await client.get(`/api/inventario/${item.id}`, token)).body).toEqual(item);
      };
      // Read once first: from here on every read builds again only what the journal names.
      await expectFresh();

      expect(
        (await client.put(`/api/inventario/${camera.id}/units/${unitsOf(camera)[0]}`, { perso: true }, token)).status,
      ).toBe(200);
      await expectFresh();
      const loan = insertLoan(ctx, { itemId: tripod.id, unitIds: [unitsOf(tripod)[0] as number] });
      await expectFresh();
      const upcoming = insertLoan(ctx, {
        itemId: camera.id,
        unitIds: [unitsOf(camera)[1] as number],
        from: addDays(today, 2),
        to: addDays(today, 3),
      });
      await expectFresh();
      const request = insertRequest(ctx, { itemId: mic.id, unitId: unitsOf(mic)[0] as number });
      await expectFresh();
      const repair = insertRepair(ctx, { itemId: tripod.id, unitId: unitsOf(tripod)[1] as number });
      await expectFresh();
      ctx.db.update(prestitiUnita).set({ restituitaIl: today }).where(eq(prestitiUnita.prestitoId, loan)).run();
      await expectFresh();
      ctx.db.update(prestiti).set({ dataUscita: today }).where(eq(prestiti.id, upcoming)).run();
      await expectFresh();
      ctx.db.update(richieste).set({ stato: "rifiutata" }).where(eq(richieste.id, request)).run();
      await expectFresh();
      ctx.db.update(riparazioni).set({ stato: "completata" }).where(eq(riparazioni.id, repair)).run();
      await expectFresh();
      ctx.db
        .update(unita)
        .set({ note: "Graffio sul coperchio" })
        .where(eq(unita.id, unitsOf(mic)[0] as number))
        .run();
      await expectFresh();

      // The item's own fields, its courses (their order names categoria_madre) and a new unit.
      const edited = editPayload(camera, {
        nome: "Fotocamera reflex",
        fornitore: "Canon Italia",
        corsi_assegnati: ["Design", "Fotografia"],
        unita: [...editPayload(camera).unita, { codice_univoco: "CAM-4" }],
      });
      expect((await client.put(`/api/inventario/${camera.id}`, edited, token)).status).toBe(200);
      await expectFresh();
      // The names of a category and of a course, shown on every item that has them.
      expect((await client.put(`/api/categorie-semplici/${category}`, { nome: "Reflex" }, token)).status).toBe(200);
      await expectFresh();
      const design = ctx.sqlite.query<{ id: number }, []>("SELECT id FROM corsi WHERE nome = 'Design'").get();
      expect((await client.put(`/api/corsi/${design?.id}`, { nome: "Design del prodotto" }, token)).status).toBe(200);
      await expectFresh();
      // A category rename written by another connection.
      const other = connectDatabase(file);
      other.sqlite.run("UPDATE categorie SET nome = 'Fotocamere reflex' WHERE id = ?", [category]);
      other.sqlite.close();
      await expectFresh();
      // A course taken away takes its assignments with it.
      ctx.sqlite.run("DELETE FROM corsi WHERE id = ?", [design?.id as number]);
      await expectFresh();
      expect((await client.delete(`/api/inventario/${mic.id}`, token)).status).toBe(200);
      await expectFresh();
    } finally {
      close();
    }
  });

  it("are built for the day asked: an approved loan starting tomorrow leaves its unit free today, lent then", async () => {
    const { ctx, items, close } = await deskOnFile();
    try {
      const [camera] = items as [Json];
      const today = ctx.clock.today();
      insertLoan(ctx, { itemId: camera.id, unitIds: [unitsOf(camera)[0] as number], from: addDays(today, 1) });
      const stateOn = (day: string) =>
        loadItemViews(ctx.db, day, { ids: [camera.id] })[0]?.unita.map((unit) => unit.stato);
      expect(stateOn(today)).toEqual(["disponibile", "disponibile", "disponibile"]);
      expect(stateOn(addDays(today, 1))).toEqual(["prestato", "disponibile", "disponibile"]);
      expect(stateOn(today)).toEqual(["disponibile", "disponibile", "disponibile"]);
    } finally {
      close();
    }
  });

  it("go out as text their answer schemas accept, each field where the schema has it", async () => {
    const { client, token, items, close } = await deskOnFile();
    try {
      // Text JSON must escape, kept as it was typed.
      const tricky = 'Ottica "Zeiss" 50\\1.4 — ø\n\tcon custodia 📷';
      await client.put(`/api/inventario/${items[0]?.id}`, editPayload(items[0] as Json, { note: tricky }), token);
      const student = await registerStudent(client, { corso_accademico: "Fotografia" });
      const desk = (await client.get("/api/inventario", token)).body as Json[];
      const page = (await client.get("/api/inventario?pagina=1&per_pagina=2", token)).body;
      const catalogue = (await client.get("/api/inventario/disponibili", student.token)).body as Json[];
      const cataloguePage = (await client.get("/api/inventario/disponibili?pagina=1", student.token)).body;
      expect(desk.find((item) => item.id === items[0]?.id)?.note).toBe(tricky);
      expect(Value.Check(inventoryList, desk)).toBe(true);
      expect(Value.Check(inventoryList, page)).toBe(true);
      expect(Value.Check(catalogueList, catalogue)).toBe(true);
      expect(Value.Check(catalogueList, cataloguePage)).toBe(true);
      expect(Object.keys(page)).toEqual(["elementi", "totale", "pagina", "per_pagina"]);
      for (const item of page.elementi) {
        expect(Object.keys(item)).toEqual(Object.keys(inventoryItem.properties));
        for (const unit of item.unita) expect(Object.keys(unit)).toEqual(Object.keys(inventoryUnit.properties));
      }
      for (const item of desk) {
        expect(Object.keys(item)).toEqual(Object.keys(wholeInventoryItem.properties));
        for (const unit of item.unita) expect(Object.keys(unit)).toEqual(Object.keys(listedUnit.properties));
      }
      for (const item of [...catalogue, ...cataloguePage.elementi])
        expect(Object.keys(item)).toEqual(Object.keys(catalogueItem.properties));
    } finally {
      close();
    }
  });
});

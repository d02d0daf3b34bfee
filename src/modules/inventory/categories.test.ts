import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { inventario } from "../../db/schema";
import { COURSES } from "../../domain/courses";
import type { Json } from "../../testing/harness";
import {
  auditActions,
  createCategory,
  createItem,
  inventoryCounts,
  inventoryScenario,
} from "../../testing/inventory-fixtures";

describe("simple categories", () => {
  it("creates a category with a trimmed name and lists it with its item count", async () => {
    const { client, admin, student } = await inventoryScenario();
    const created = await client.post("/api/categorie-semplici", { nome: "  Illuminazione  " }, admin);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.any(Number), nome: "Illuminazione" });
    await createItem(client, admin, { nome: "Faro", categoria_id: created.body.id });
    await createItem(client, admin, { nome: "Bank LED", categoria_id: created.body.id });
    await createCategory(client, admin, "Audio");
    for (const token of [admin, student.token]) {
      const list = await client.get("/api/categorie-semplici", token);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([
        { id: expect.any(Number), nome: "Audio", oggetti: 0 },
        { id: created.body.id, nome: "Illuminazione", oggetti: 2 },
      ]);
    }
  });

  const blanks: Array<[string, unknown]> = [
    ["an empty name", { nome: "" }],
    ["a blank name", { nome: "   " }],
    ["a missing name", {}],
    ["a name that is not text", { nome: 12 }],
  ];
  for (const [what, body] of blanks) {
    it(`refuses ${what}`, async () => {
      const { client, ctx, admin } = await inventoryScenario();
      const answer = await client.post("/api/categorie-semplici", body, admin);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: "Il nome della categoria è obbligatorio" });
      expect(inventoryCounts(ctx).categories).toBe(0);
    });
  }

  it("refuses a name already taken, whatever its case", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    await createCategory(client, admin, "Treppiedi");
    const answer = await client.post("/api/categorie-semplici", { nome: " TREPPIEDI " }, admin);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: "Esiste già una categoria con questo nome" });
    expect(inventoryCounts(ctx).categories).toBe(1);
  });

  it("renames a category, and the items show the new name", async () => {
    const { client, admin } = await inventoryScenario();
    const id = await createCategory(client, admin, "Luci");
    const item = await createItem(client, admin, { categoria_id: id, corsi_assegnati: ["Design"] });
    const answer = await client.put(`/api/categorie-semplici/${id}`, { nome: " Illuminazione " }, admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id, nome: "Illuminazione" });
    const after = await client.get(`/api/inventario/${item.id}`, admin);
    expect(after.body).toMatchObject({ categoria_figlia: "Illuminazione", categoria_nome: "Design - Illuminazione" });
  });

  it("lets a category be renamed to a different case of its own name", async () => {
    const { client, admin } = await inventoryScenario();
    const id = await createCategory(client, admin, "luci");
    const answer = await client.put(`/api/categorie-semplici/${id}`, { nome: "Luci" }, admin);
    expect(answer.status).toBe(200);
    expect(answer.body.nome).toBe("Luci");
  });

  it("refuses to rename onto another category's name, or an unknown category", async () => {
    const { client, admin } = await inventoryScenario();
    await createCategory(client, admin, "Audio");
    const id = await createCategory(client, admin, "Video");
    const clash = await client.put(`/api/categorie-semplici/${id}`, { nome: "audio" }, admin);
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe("Esiste già una categoria con questo nome");
    const missing = await client.put("/api/categorie-semplici/999", { nome: "Nuova" }, admin);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Categoria non trovata" });
    const blank = await client.put(`/api/categorie-semplici/${id}`, { nome: " " }, admin);
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe("Il nome della categoria è obbligatorio");
    expect((await client.put("/api/categorie-semplici/abc", { nome: "X" }, admin)).status).toBe(400);
    const list = await client.get("/api/categorie-semplici", admin);
    expect(list.body.map((category: Json) => category.nome)).toEqual(["Audio", "Video"]);
  });

  it("deletes a category, moving its items to no category and saying how many moved", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    const id = await createCategory(client, admin, "Luci");
    const other = await createCategory(client, admin, "Audio");
    const a = await createItem(client, admin, { nome: "Faro", categoria_id: id });
    const b = await createItem(client, admin, { nome: "Bank LED", categoria_id: id });
    const c = await createItem(client, admin, { nome: "Microfono", categoria_id: other });
    const answer = await client.delete(`/api/categorie-semplici/${id}`, admin);
    expect(answer.status).toBe(200);
    expect(answer.body.spostati).toBe(2);
    for (const item of [a, b]) {
      const after = (await client.get(`/api/inventario/${item.id}`, admin)).body;
      expect(after).toMatchObject({
        categoria_id: null,
        categoria_figlia: null,
        categoria_nome: "Fotografia",
        categoria_madre: "Fotografia",
      });
    }
    expect((await client.get(`/api/inventario/${c.id}`, admin)).body.categoria_id).toBe(other);
    const list = await client.get("/api/categorie-semplici", admin);
    expect(list.body).toEqual([{ id: other, nome: "Audio", oggetti: 1 }]);
    expect(inventoryCounts(ctx).items).toBe(3);
  });

  it("counts only the items a person can see when a category is deleted", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    const id = await createCategory(client, admin, "Luci");
    await createItem(client, admin, { nome: "Faro", categoria_id: id });
    const gone = await createItem(client, admin, { nome: "Vecchio faro", categoria_id: id });
    await client.delete(`/api/inventario/${gone.id}`, admin);
    const listed = (await client.get("/api/categorie-semplici", admin)).body[0];
    expect(listed.oggetti).toBe(1);
    const answer = await client.delete(`/api/categorie-semplici/${id}`, admin);
    expect(answer.body.spostati).toBe(1);
    // The archived item no longer points at the deleted category either.
    expect(ctx.db.select().from(inventario).where(eq(inventario.id, gone.id)).get()?.categoriaId).toBeNull();
  });

  it("answers 404 when deleting an unknown category", async () => {
    const { client, admin } = await inventoryScenario();
    const answer = await client.delete("/api/categorie-semplici/77", admin);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: "Categoria non trovata" });
  });

  it("writes one audit row per category change and none for a refused one", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    const id = await createCategory(client, admin, "Luci");
    await client.put(`/api/categorie-semplici/${id}`, { nome: "Illuminazione" }, admin);
    await client.post("/api/categorie-semplici", { nome: "illuminazione" }, admin);
    await client.put("/api/categorie-semplici/999", { nome: "X" }, admin);
    await client.delete(`/api/categorie-semplici/${id}`, admin);
    await client.delete(`/api/categorie-semplici/${id}`, admin);
    expect(auditActions(ctx)).toEqual(["category.create", "category.rename", "category.delete"]);
  });
});

describe("courses", () => {
  it("lists the eight initial courses with id and name to anyone, signed in or not", async () => {
    const { client, admin, student } = await inventoryScenario();
    for (const token of [admin, student.token, undefined]) {
      const answer = await client.get("/api/corsi", token);
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveLength(8);
      expect(answer.body.map((course: Json) => course.nome)).toEqual([...COURSES]);
      for (const course of answer.body as Json[])
        expect(course).toEqual({ id: expect.any(Number), nome: expect.any(String) });
    }
  });
});

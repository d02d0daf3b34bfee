import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { inventarioCorsi, prestiti, prestitiUnita, users } from "../../db/schema";
import { addDays } from "../../domain/dates";
import { UNIT_STATES } from "../../domain/unit-state";
import type { Json } from "../../testing/harness";
import {
  auditActions,
  createCategory,
  createItem,
  editPayload,
  insertLoan,
  insertRepair,
  insertRequest,
  inventoryCounts,
  inventoryScenario,
  itemPayload,
  unitRow,
} from "../../testing/inventory-fixtures";
import { travelToDay } from "../../testing/loan-fixtures";

const TODAY = "2026-03-10";

function codes(item: Json): string[] {
  return item.unita.map((unit: Json) => unit.codice_univoco);
}

describe("who may call the inventory routes", () => {
  async function setup() {
    const scenario = await inventoryScenario();
    const item = await createItem(scenario.client, scenario.admin, { corsi_assegnati: ["Fotografia"] });
    return { ...scenario, item };
  }

  type Route = { method: string; path: (item: Json) => string; body?: (item: Json) => unknown };
  const adminRoutes: Route[] = [
    { method: "GET", path: () => "/api/inventario" },
    { method: "POST", path: () => "/api/inventario", body: () => itemPayload({ nome: "Intruso" }) },
    { method: "PUT", path: (item) => `/api/inventario/${item.id}`, body: (item) => editPayload(item) },
    {
      method: "PUT",
      path: (item) => `/api/inventario/${item.id}/units/${item.unita[0].id}`,
      body: () => ({ perso: true }),
    },
    { method: "POST", path: () => "/api/categorie-semplici", body: () => ({ nome: "Luci" }) },
    { method: "PUT", path: () => "/api/categorie-semplici/1", body: () => ({ nome: "Luci LED" }) },
    { method: "DELETE", path: () => "/api/categorie-semplici/1" },
    { method: "DELETE", path: (item) => `/api/inventario/${item.id}` },
  ];
  const signedInRoutes: Route[] = [
    { method: "GET", path: () => "/api/inventario/disponibili" },
    { method: "GET", path: (item) => `/api/inventario/${item.id}` },
    { method: "GET", path: (item) => `/api/inventario/${item.id}/disponibili` },
    { method: "GET", path: (item) => `/api/inventario/${item.id}/units` },
    { method: "GET", path: () => "/api/categorie-semplici" },
  ];
  const bodiesOf = (route: Route, item: Json) =>
    route.method === "GET" || route.method === "DELETE"
      ? [{}]
      : [{ body: route.body?.(item) }, { raw: "{not json" }, { body: { unexpected: ["x"] } }, { body: "text" }];

  it("answers 401 to every route without a valid token, whatever the body", async () => {
    const { client, item } = await setup();
    for (const route of [...adminRoutes, ...signedInRoutes]) {
      for (const options of bodiesOf(route, item)) {
        for (const token of [undefined, "not-a-jwt"]) {
          const answer = await client.call(route.method, route.path(item), { ...options, token });
          expect({ route: `${route.method} ${route.path(item)}`, status: answer.status }).toEqual({
            route: `${route.method} ${route.path(item)}`,
            status: 401,
          });
          expect(answer.body.error).toBeString();
        }
      }
    }
  });

  it("answers 403 to a student on every admin route, whatever the body, and changes nothing", async () => {
    const { client, ctx, student, item } = await setup();
    const before = inventoryCounts(ctx);
    for (const route of adminRoutes) {
      for (const options of bodiesOf(route, item)) {
        const answer = await client.call(route.method, route.path(item), { ...options, token: student.token });
        expect({ route: `${route.method} ${route.path(item)}`, status: answer.status }).toEqual({
          route: `${route.method} ${route.path(item)}`,
          status: 403,
        });
      }
    }
    // Admin routes with ids that would not even parse are still refused as forbidden first.
    expect((await client.put("/api/inventario/abc", {}, student.token)).status).toBe(403);
    expect((await client.delete("/api/categorie-semplici/xyz", student.token)).status).toBe(403);
    expect((await client.get("/api/inventario?categoria=abc", student.token)).status).toBe(403);
    expect(inventoryCounts(ctx)).toEqual(before);
    expect((await client.get(`/api/inventario/${item.id}`, student.token)).body.unita[0].stato).toBe("disponibile");
  });

  it("lets a student read the routes meant for borrowers", async () => {
    const { client, student, item } = await setup();
    for (const route of signedInRoutes) {
      const answer = await client.get(route.path(item), student.token);
      expect({ route: route.path(item), status: answer.status }).toEqual({ route: route.path(item), status: 200 });
    }
  });

  it("lets an admin call every route", async () => {
    const { client, admin, item } = await setup();
    await createCategory(client, admin, "Reflex");
    for (const route of [...signedInRoutes, ...adminRoutes]) {
      const answer = await client.call(route.method, route.path(item), { body: route.body?.(item), token: admin });
      expect({ route: `${route.method} ${route.path(item)}`, status: answer.status }).toEqual({
        route: `${route.method} ${route.path(item)}`,
        status: 200,
      });
    }
  });
});

describe("creating an item", () => {
  it("answers the whole item as the spec describes it", async () => {
    const { client, admin } = await inventoryScenario();
    const categoryId = await createCategory(client, admin, "Reflex");
    const answer = await client.post(
      "/api/inventario",
      itemPayload({
        nome: "Fotocamera Canon EOS",
        quantita_totale: 3,
        corsi_assegnati: ["Fotografia", "Cinema e Audiovisivi", "Design"],
        categoria_id: categoryId,
        tipo_prestito: "entrambi",
      }),
      admin,
    );
    expect(answer.status).toBe(200);
    const created = structuredClone(answer.body);
    expect(answer.body).toMatchObject({
      id: expect.any(Number),
      nome: "Fotocamera Canon EOS",
      note: "Con obiettivo 18-55",
      posizione: "Scaffale A1",
      scaffale: "Scaffale A1",
      fornitore: "Canon Italia",
      seriale: null,
      immagine_url: "https://example.org/canon.jpg",
      tipo_prestito: "entrambi",
      categoria_id: categoryId,
      categoria_nome: "Fotografia - Reflex",
      categoria_madre: "Fotografia",
      categoria_figlia: "Reflex",
      corsi_assegnati: ["Fotografia", "Cinema e Audiovisivi", "Design"],
      quantita_totale: 3,
      unita_disponibili: 3,
      stato_effettivo: "disponibile",
      hasMultipleUnits: true,
      data_aggiunta: TODAY,
    });
    expect(answer.body.unita).toEqual([
      expect.objectContaining({
        codice_univoco: "FOTOCAMERACANONEOS_001",
        stato: "disponibile",
        prestito_corrente_id: null,
      }),
      expect.objectContaining({
        codice_univoco: "FOTOCAMERACANONEOS_002",
        stato: "disponibile",
        prestito_corrente_id: null,
      }),
      expect.objectContaining({
        codice_univoco: "FOTOCAMERACANONEOS_003",
        stato: "disponibile",
        prestito_corrente_id: null,
      }),
    ]);
    const again = await client.get(`/api/inventario/${created.id}`, admin);
    expect(again.body).toEqual(created);
  });

  it("gives each unit in the whole inventory the spec's fields only, and its identity on the item's own answer", async () => {
    const { client, admin } = await inventoryScenario();
    const item = await createItem(client, admin, { nome: "Registratore Zoom", quantita_totale: 2 });
    const whole = await client.get("/api/inventario", admin);
    const listed = (whole.body as Json[]).find((entry) => entry.id === item.id) as Json;
    const spec = ["id", "codice_univoco", "stato", "prestito_corrente_id"];
    expect((listed.unita as Json[]).map((unit) => Object.keys(unit))).toEqual([spec, spec]);
    expect(listed).not.toHaveProperty("fornitore");
    const own = await client.get(`/api/inventario/${item.id}`, admin);
    const identity = [...spec, "note", "numero_serie", "data_acquisto", "valore"];
    expect((own.body.unita as Json[]).map((unit) => Object.keys(unit))).toEqual([identity, identity]);
    expect(own.body).toHaveProperty("fornitore");
  });

  it("keeps the courses in the order given, the first one being categoria_madre", async () => {
    const { client, admin } = await inventoryScenario();
    const item = await createItem(client, admin, { corsi_assegnati: ["Pittura", "Design", "Fotografia"] });
    expect(item.corsi_assegnati).toEqual(["Pittura", "Design", "Fotografia"]);
    expect(item.categoria_madre).toBe("Pittura");
    expect(item.categoria_nome).toBe("Pittura");
    expect(item.categoria_figlia).toBeNull();
  });

  it("stores the unit codes and notes given, counting them as the total quantity", async () => {
    const { client, admin } = await inventoryScenario();
    const item = await createItem(client, admin, {
      nome: "Treppiede",
      quantita_totale: 5,
      unita: [{ codice_univoco: " TRP-A ", note: "gamba rigida" }, "TRP-B"],
    });
    expect(item.quantita_totale).toBe(2);
    expect(item.hasMultipleUnits).toBe(true);
    expect(item.unita).toEqual([
      expect.objectContaining({ codice_univoco: "TRP-A", note: "gamba rigida" }),
      expect.objectContaining({ codice_univoco: "TRP-B", note: null }),
    ]);
  });

  it("marks a single-unit item as not having multiple units", async () => {
    const { client, admin } = await inventoryScenario();
    const item = await createItem(client, admin, { nome: "Tavoletta grafica", quantita_totale: 1 });
    expect(item.hasMultipleUnits).toBe(false);
    expect(codes(item)).toEqual(["TAVOLETTAGRAFICA_001"]);
  });

  it("makes default codes without the separators of the spreadsheet", async () => {
    const { client, admin } = await inventoryScenario();
    const item = await createItem(client, admin, { nome: "Cavo XLR, 5m", quantita_totale: 1 });
    expect(codes(item)).toEqual(["CAVOXLR5M_001"]);
  });

  it("defaults to external loans when no loan type is given", async () => {
    const { client, admin } = await inventoryScenario();
    const item = await createItem(client, admin, { tipo_prestito: undefined, immagine_url: "" });
    expect(item.tipo_prestito).toBe("solo_esterno");
    expect(item.immagine_url).toBeNull();
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["a missing name", { nome: undefined }, "Compila tutti i campi obbligatori"],
    ["a blank name", { nome: "   " }, "Compila tutti i campi obbligatori"],
    ["a quantity of zero and no units", { quantita_totale: 0 }, "Compila tutti i campi obbligatori"],
    ["a quantity that is not a number", { quantita_totale: "tante" }, "Compila tutti i campi obbligatori"],
    ["a quantity above 500", { quantita_totale: 501 }, "Al massimo 500 unità per articolo"],
    ["an absurd quantity, at once", { quantita_totale: 1e9 }, "Al massimo 500 unità per articolo"],
    [
      "more than 500 units",
      { unita: Array.from({ length: 501 }, (_, i) => `CAM-${i}`) },
      "Al massimo 500 unità per articolo",
    ],
    ["no course", { corsi_assegnati: [] }, "Assegna almeno un corso"],
    ["a course list that is not a list", { corsi_assegnati: "Fotografia" }, "Assegna almeno un corso"],
    ["an unknown course", { corsi_assegnati: ["Fotografia", "Astrofisica"] }, "Corso non valido: Astrofisica"],
    ["a bad loan type", { tipo_prestito: "noleggio" }, "Tipo di prestito non valido"],
    [
      "an image link that is not a web address",
      { immagine_url: "javascript:alert(1)" },
      "Il link dell'immagine deve essere un indirizzo web (http o https)",
    ],
    [
      "an image link that is not a link at all",
      { immagine_url: "foto della camera" },
      "Il link dell'immagine deve essere un indirizzo web (http o https)",
    ],
    ["an unknown category", { categoria_id: 999 }, "Categoria non trovata"],
    ["a category id that is not an id", { categoria_id: "abc" }, "Categoria non valida"],
    [
      "a blank unit code",
      { unita: [{ codice_univoco: "CAM_1" }, { codice_univoco: "  " }] },
      "Ogni unità deve avere un codice univoco",
    ],
    ["a code repeated in the list", { unita: ["CAM_1", "cam_1"] }, "Codice ripetuto nell'elenco: cam_1"],
    ["a note that is not text", { note: 42 }, "Dati non validi"],
    ["a unit that is neither a code nor a unit", { unita: [5] }, "Unità non valida"],
    ["a unit id that is not an id", { unita: [{ id: 0, codice_univoco: "CAM_1" }] }, "Unità non valida"],
    [
      "an item's longest loan of zero days",
      { durata_massima_giorni: 0 },
      "La durata massima dell'articolo va da 1 a 3650 giorni (vuota = quella dell'accademia)",
    ],
    [
      "a unit code with a comma",
      { unita: ["CAM,1"] },
      "Il codice univoco non può contenere virgole, punti e virgola o a capo",
    ],
    [
      "a unit code with a semicolon",
      { unita: [{ codice_univoco: "CAM;1" }] },
      "Il codice univoco non può contenere virgole, punti e virgola o a capo",
    ],
    [
      "a unit code with a control character",
      { unita: ["CAM\u00001"] },
      "Il codice univoco non può contenere caratteri di controllo",
    ],
    [
      "a code repeated with other-cased accents",
      { unita: ["CAMÉRA_1", "caméra_1"] },
      "Codice ripetuto nell'elenco: caméra_1",
    ],
  ];
  for (const [what, overrides, message] of invalid) {
    it(`refuses ${what} and stores nothing`, async () => {
      const { client, ctx, admin } = await inventoryScenario();
      const before = inventoryCounts(ctx);
      const answer = await client.post("/api/inventario", itemPayload(overrides), admin);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: message });
      expect(inventoryCounts(ctx)).toEqual(before);
    });
  }

  it("refuses a body that is not an object", async () => {
    const { client, admin } = await inventoryScenario();
    expect((await client.post("/api/inventario", ["Fotocamera"], admin)).status).toBe(400);
    expect((await client.call("POST", "/api/inventario", { raw: "{nome:", token: admin })).status).toBe(400);
  });

  it("refuses a code already used by another item, whatever its case, and stores nothing", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    await createItem(client, admin, { nome: "Fotocamera Canon" });
    const before = inventoryCounts(ctx);
    const answer = await client.post(
      "/api/inventario",
      itemPayload({ nome: "Fotocamera Nikon", unita: ["NIKON_001", "fotocameracanon_002"] }),
      admin,
    );
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: "Codice univoco già esistente: FOTOCAMERACANON_002" });
    expect(inventoryCounts(ctx)).toEqual(before);
  });

  it("compares codes with accented letters case-insensitively too", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    await createItem(client, admin, { nome: "Caméra", unita: ["CAMÉRA_001"] });
    const before = inventoryCounts(ctx);
    const answer = await client.post("/api/inventario", itemPayload({ nome: "Altra", unita: ["caméra_001"] }), admin);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: "Codice univoco già esistente: CAMÉRA_001" });
    expect(inventoryCounts(ctx)).toEqual(before);
  });

  it("refuses a second item whose default codes collide with the first one's", async () => {
    const { client, admin } = await inventoryScenario();
    await createItem(client, admin, { nome: "Flash Godox" });
    const answer = await client.post("/api/inventario", itemPayload({ nome: "flash godox" }), admin);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe("Codice univoco già esistente: FLASHGODOX_001");
  });
});

describe("editing an item", () => {
  async function withItem(overrides: Record<string, unknown> = {}) {
    const scenario = await inventoryScenario();
    const item = await createItem(scenario.client, scenario.admin, {
      nome: "Obiettivo",
      unita: ["OBJ_A", "OBJ_B", "OBJ_C"],
      ...overrides,
    });
    /** Saves `body` as the desk's edit of the item, whatever the answer. */
    const save = (body: Json) => scenario.client.put(`/api/inventario/${item.id}`, body, scenario.admin);
    return { ...scenario, item, save };
  }

  /** The item's edit that drops the unit at `index`. */
  const withoutUnit = (item: Json, index: number) =>
    editPayload(item, { unita: editPayload(item).unita.filter((_: Json, i: number) => i !== index) });

  /** The item's edit that removes the first unit and adds a new one under the same code. */
  const firstCodeOnANewUnit = (item: Json) =>
    editPayload(item, {
      unita: [{ codice_univoco: item.unita[0].codice_univoco }, ...editPayload(item).unita.slice(1)],
    });

  it("renames units whatever codes other items hold, even ones shaped like an internal placeholder", async () => {
    const { client, admin, item, save } = await withItem();
    await createItem(client, admin, { nome: "Tranello", unita: [`~${item.unita[0].id}~`, `\\${item.unita[1].id}`] });
    const swapped = editPayload(item);
    [swapped.unita[0].codice_univoco, swapped.unita[1].codice_univoco] = ["OBJ_B", "OBJ_A"];
    const answer = await save(swapped);
    expect(answer.status).toBe(200);
    const codeOf = (id: number) => answer.body.unita.find((unit: Json) => unit.id === id)?.codice_univoco;
    expect([codeOf(item.unita[0].id), codeOf(item.unita[1].id)]).toEqual(["OBJ_B", "OBJ_A"]);
  });

  it("changes the fields and keeps the units and the date added", async () => {
    const { client, admin, item, save } = await withItem();
    const categoryId = await createCategory(client, admin, "Ottiche");
    const answer = await save(
      editPayload(item, {
        nome: "Obiettivo 50mm",
        posizione: "Armadio 3",
        note: null,
        tipo_prestito: "solo_interno",
        corsi_assegnati: ["Design", "Fotografia"],
        categoria_id: categoryId,
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: item.id,
      nome: "Obiettivo 50mm",
      posizione: "Armadio 3",
      note: null,
      tipo_prestito: "solo_interno",
      corsi_assegnati: ["Design", "Fotografia"],
      categoria_madre: "Design",
      categoria_nome: "Design - Ottiche",
      data_aggiunta: item.data_aggiunta,
      quantita_totale: 3,
    });
    expect(answer.body.unita.map((unit: Json) => unit.id)).toEqual(item.unita.map((unit: Json) => unit.id));
  });

  it("renames a unit in place, keeping its id", async () => {
    const { item, save } = await withItem();
    const body = editPayload(item);
    body.unita[1].codice_univoco = "OBJ_B2";
    body.unita[1].note = "graffio sulla lente";
    const answer = await save(body);
    expect(answer.status).toBe(200);
    const renamed = answer.body.unita.find((unit: Json) => unit.id === item.unita[1].id);
    expect(renamed).toMatchObject({ codice_univoco: "OBJ_B2", note: "graffio sulla lente" });
    expect(codes(answer.body)).toEqual(["OBJ_A", "OBJ_B2", "OBJ_C"]);
  });

  it("swaps the codes of two units without tripping over uniqueness", async () => {
    const { item, save } = await withItem();
    const body = editPayload(item);
    const units = body.unita;
    [units[0].codice_univoco, units[2].codice_univoco] = [units[2].codice_univoco, units[0].codice_univoco];
    const answer = await save(body);
    expect(answer.status).toBe(200);
    const byId = new Map(answer.body.unita.map((unit: Json) => [unit.id, unit.codice_univoco]));
    expect(byId.get(item.unita[0].id)).toBe("OBJ_C");
    expect(byId.get(item.unita[2].id)).toBe("OBJ_A");
    expect(byId.get(item.unita[1].id)).toBe("OBJ_B");
  });

  it("adds new units and counts them in the total", async () => {
    const { item, save } = await withItem();
    const body = editPayload(item);
    body.unita.push({ codice_univoco: "OBJ_D" });
    const answer = await save(body);
    expect(answer.status).toBe(200);
    expect(answer.body.quantita_totale).toBe(4);
    expect(answer.body.unita_disponibili).toBe(4);
    expect(codes(answer.body)).toEqual(["OBJ_A", "OBJ_B", "OBJ_C", "OBJ_D"]);
  });

  it("removes a unit that has never been used", async () => {
    const { ctx, item, save } = await withItem();
    const answer = await save(withoutUnit(item, 1));
    expect(answer.status).toBe(200);
    expect(codes(answer.body)).toEqual(["OBJ_A", "OBJ_C"]);
    expect(answer.body.quantita_totale).toBe(2);
    expect(unitRow(ctx, item.unita[1].id)).toBeUndefined();
  });

  it("archives a removed unit with loan history: gone from the lists, its loan kept", async () => {
    const { client, ctx, admin, item, save } = await withItem();
    const loanId = insertLoan(ctx, {
      itemId: item.id,
      unitIds: [item.unita[1].id],
      stato: "restituito",
      from: "2026-02-01",
      to: "2026-02-05",
      returnedOn: "2026-02-05",
    });
    const answer = await save(withoutUnit(item, 1));
    expect(answer.status).toBe(200);
    expect(codes(answer.body)).toEqual(["OBJ_A", "OBJ_C"]);
    expect(answer.body.quantita_totale).toBe(2);
    expect(unitRow(ctx, item.unita[1].id)?.archivedAt).toBeString();
    expect(ctx.db.select().from(prestiti).where(eq(prestiti.id, loanId)).get()?.stato).toBe("restituito");
    expect(ctx.db.select().from(prestitiUnita).where(eq(prestitiUnita.prestitoId, loanId)).all()).toHaveLength(1);
    const units = await client.get(`/api/inventario/${item.id}/units`, admin);
    expect(units.body.map((unit: Json) => unit.codice_univoco)).toEqual(["OBJ_A", "OBJ_C"]);
  });

  it("refuses to reuse the code of a unit archived in the same edit, instead of failing", async () => {
    const { ctx, item, save } = await withItem();
    insertLoan(ctx, { itemId: item.id, unitIds: [item.unita[0].id], stato: "restituito", returnedOn: TODAY });
    const before = inventoryCounts(ctx);
    const answer = await save(firstCodeOnANewUnit(item));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe("Codice univoco già esistente: OBJ_A");
    expect(inventoryCounts(ctx)).toEqual(before);
    expect(unitRow(ctx, item.unita[0].id)?.archivedAt).toBeNull();
  });

  it("lets a removed unit's code be reused at once when it had no history", async () => {
    const { item, save } = await withItem();
    const answer = await save(firstCodeOnANewUnit(item));
    expect(answer.status).toBe(200);
    expect(codes(answer.body)).toEqual(["OBJ_A", "OBJ_B", "OBJ_C"]);
    expect(answer.body.unita[0].id).not.toBe(item.unita[0].id);
  });

  const holders: Array<[string, (ctx: Parameters<typeof insertLoan>[0], itemId: number, unitId: number) => void]> = [
    ["a pending request", (ctx, itemId, unitId) => insertRequest(ctx, { itemId, unitId, from: addDays(TODAY, 3) })],
    ["an active loan", (ctx, itemId, unitId) => insertLoan(ctx, { itemId, unitIds: [unitId], to: addDays(TODAY, 5) })],
    [
      "an overdue loan",
      (ctx, itemId, unitId) =>
        insertLoan(ctx, { itemId, unitIds: [unitId], stato: "scaduto", from: "2026-03-01", to: "2026-03-05" }),
    ],
    ["a repair in progress", (ctx, itemId, unitId) => insertRepair(ctx, { itemId, unitId })],
  ];
  for (const [what, hold] of holders) {
    it(`refuses to remove a unit held by ${what}, changing nothing`, async () => {
      const { client, ctx, admin, item, save } = await withItem();
      hold(ctx, item.id, item.unita[2].id);
      const before = inventoryCounts(ctx);
      const body = editPayload(item, { nome: "Obiettivo rinominato", unita: editPayload(item).unita.slice(0, 2) });
      const answer = await save(body);
      expect(answer.status).toBe(409);
      expect(answer.body.error).toBe("Impossibile rimuovere l'unità OBJ_C: è prenotata, in prestito o in riparazione");
      expect(inventoryCounts(ctx)).toEqual(before);
      const after = await client.get(`/api/inventario/${item.id}`, admin);
      expect(after.body.nome).toBe("Obiettivo");
      expect(codes(after.body)).toEqual(["OBJ_A", "OBJ_B", "OBJ_C"]);
    });
  }

  it("refuses a unit id that belongs to another item", async () => {
    const { client, ctx, admin, item, save } = await withItem();
    const other = await createItem(client, admin, { nome: "Microfono", quantita_totale: 1 });
    const before = inventoryCounts(ctx);
    const body = editPayload(item);
    body.unita.push({ id: other.unita[0].id, codice_univoco: "MIC_RUBATO" });
    const answer = await save(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("L'unità MIC_RUBATO non appartiene a questo articolo");
    expect(inventoryCounts(ctx)).toEqual(before);
    expect(codes((await client.get(`/api/inventario/${other.id}`, admin)).body)).toEqual(["MICROFONO_001"]);
  });

  it("refuses a code taken by another item, whatever its case", async () => {
    const { client, admin, item, save } = await withItem();
    await createItem(client, admin, { nome: "Microfono", quantita_totale: 1 });
    const body = editPayload(item);
    body.unita[0].codice_univoco = "microfono_001";
    const answer = await save(body);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe("Codice univoco già esistente: MICROFONO_001");
  });

  it("validates the edit like a creation, changing nothing on failure", async () => {
    const { client, ctx, admin, item, save } = await withItem();
    const before = inventoryCounts(ctx);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ nome: "" }, "Compila tutti i campi obbligatori"],
      [{ corsi_assegnati: [] }, "Assegna almeno un corso"],
      [{ corsi_assegnati: ["Astrofisica"] }, "Corso non valido: Astrofisica"],
      [{ tipo_prestito: "sempre" }, "Tipo di prestito non valido"],
      [{ unita: [{ id: item.unita[0].id, codice_univoco: "" }] }, "Ogni unità deve avere un codice univoco"],
      [{ unita: ["X", "x"] }, "Codice ripetuto nell'elenco: x"],
      [
        {
          unita: [
            { id: item.unita[0].id, codice_univoco: "OBJ_A" },
            { id: item.unita[0].id, codice_univoco: "OBJ_Z" },
          ],
        },
        "Unità ripetuta nell'elenco",
      ],
    ];
    for (const [overrides, message] of cases) {
      const answer = await save(editPayload(item, overrides));
      expect({ overrides, status: answer.status, error: answer.body.error }).toEqual({
        overrides,
        status: 400,
        error: message,
      });
    }
    expect(inventoryCounts(ctx)).toEqual(before);
    expect((await client.get(`/api/inventario/${item.id}`, admin)).body).toEqual(item);
  });

  it("answers 404 for an unknown or deleted item and 400 for a malformed id", async () => {
    const { client, admin, item, save } = await withItem();
    expect((await client.put("/api/inventario/9999", editPayload(item), admin)).body).toEqual({
      error: "Articolo non trovato",
    });
    expect((await client.put("/api/inventario/9999", editPayload(item), admin)).status).toBe(404);
    expect((await client.put("/api/inventario/abc", editPayload(item), admin)).status).toBe(400);
    expect((await client.delete(`/api/inventario/${item.id}`, admin)).status).toBe(200);
    expect((await save(editPayload(item))).status).toBe(404);
  });
});

describe("deleting an item", () => {
  async function withItem() {
    const scenario = await inventoryScenario();
    const item = await createItem(scenario.client, scenario.admin, { nome: "Proiettore", quantita_totale: 2 });
    return { ...scenario, item };
  }

  const refusals: Array<[string, (ctx: Parameters<typeof insertLoan>[0], item: Json) => void, string]> = [
    [
      "an active loan",
      (ctx, item) => insertLoan(ctx, { itemId: item.id, unitIds: [item.unita[0].id], to: addDays(TODAY, 2) }),
      "Impossibile eliminare: l'articolo ha prestiti attivi.",
    ],
    [
      "an overdue loan",
      (ctx, item) =>
        insertLoan(ctx, {
          itemId: item.id,
          unitIds: [item.unita[0].id],
          stato: "scaduto",
          from: "2026-03-01",
          to: "2026-03-02",
        }),
      "Impossibile eliminare: l'articolo ha prestiti attivi.",
    ],
    [
      "a pending request",
      (ctx, item) => insertRequest(ctx, { itemId: item.id, unitId: item.unita[1].id }),
      "Impossibile eliminare: l'articolo ha richieste in attesa.",
    ],
    [
      "a repair in progress",
      (ctx, item) => insertRepair(ctx, { itemId: item.id, unitId: item.unita[0].id }),
      "Impossibile eliminare: l'articolo ha riparazioni in corso.",
    ],
  ];
  for (const [what, hold, message] of refusals) {
    it(`refuses while the item has ${what}`, async () => {
      const { client, ctx, admin, item } = await withItem();
      hold(ctx, item);
      const before = inventoryCounts(ctx);
      const answer = await client.delete(`/api/inventario/${item.id}`, admin);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ error: message });
      expect(inventoryCounts(ctx)).toEqual(before);
      expect((await client.get(`/api/inventario/${item.id}`, admin)).status).toBe(200);
    });
  }

  it("archives the item: hidden everywhere, its history intact", async () => {
    const { client, ctx, admin, student, item } = await withItem();
    const categoryId = await createCategory(client, admin, "Video");
    await client.put(`/api/inventario/${item.id}`, editPayload(item, { categoria_id: categoryId }), admin);
    const loanId = insertLoan(ctx, {
      itemId: item.id,
      unitIds: [item.unita[0].id],
      stato: "restituito",
      from: "2026-02-01",
      to: "2026-02-03",
      returnedOn: "2026-02-03",
    });
    insertRequest(ctx, { itemId: item.id, unitId: item.unita[1].id, stato: "rifiutata" });
    insertRepair(ctx, { itemId: item.id, unitId: item.unita[1].id, stato: "completata" });
    const keep = await createItem(client, admin, { nome: "Schermo", quantita_totale: 1 });

    const answer = await client.delete(`/api/inventario/${item.id}`, admin);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBeString();

    const list = await client.get("/api/inventario", admin);
    expect(list.body.map((entry: Json) => entry.id)).toEqual([keep.id]);
    for (const token of [admin, student.token]) {
      const available = await client.get("/api/inventario/disponibili", token);
      expect(available.body.map((entry: Json) => entry.id)).toEqual([keep.id]);
      expect((await client.get(`/api/inventario/${item.id}`, token)).status).toBe(404);
      expect((await client.get(`/api/inventario/${item.id}/units`, token)).status).toBe(404);
      expect((await client.get(`/api/inventario/${item.id}/disponibili`, token)).status).toBe(404);
    }
    expect(ctx.db.select().from(prestiti).where(eq(prestiti.id, loanId)).get()).toBeDefined();
    expect(ctx.db.select().from(prestitiUnita).where(eq(prestitiUnita.prestitoId, loanId)).all()).toHaveLength(1);
    expect(unitRow(ctx, item.unita[0].id)?.archivedAt).toBeString();
    const categories = await client.get("/api/categorie-semplici", admin);
    expect(categories.body.find((category: Json) => category.id === categoryId).oggetti).toBe(0);
    expect((await client.delete(`/api/inventario/${item.id}`, admin)).status).toBe(404);
    expect(
      (await client.put(`/api/inventario/${item.id}/units/${item.unita[0].id}`, { perso: true }, admin)).status,
    ).toBe(404);
  });

  it("answers 404 for an unknown item", async () => {
    const { client, admin } = await withItem();
    const answer = await client.delete("/api/inventario/424242", admin);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: "Articolo non trovato" });
  });
});

describe("unit and item states, derived from bookings", () => {
  async function withItem(quantity = 1) {
    const scenario = await inventoryScenario();
    const item = await createItem(scenario.client, scenario.admin, { nome: "Cam", quantita_totale: quantity });
    const read = async (token = scenario.admin) =>
      (await scenario.client.get(`/api/inventario/${item.id}`, token)).body;
    return { ...scenario, item, read };
  }

  it("keeps a unit requested for next week free today, until the day before, and reserved on the request's days", async () => {
    const { ctx, item, read } = await withItem();
    insertRequest(ctx, { itemId: item.id, unitId: item.unita[0].id, from: addDays(TODAY, 7), to: addDays(TODAY, 9) });
    expect((await read()).unita[0]).toMatchObject({ stato: "disponibile", prestito_corrente_id: null });
    expect(await read()).toMatchObject({
      stato_effettivo: "disponibile",
      unita_disponibili: 1,
      libera_fino_al: addDays(TODAY, 6),
      prossima_disponibilita: TODAY,
    });
    travelToDay(ctx, addDays(TODAY, 7));
    expect((await read()).unita[0].stato).toBe("riservato");
    expect(await read()).toMatchObject({
      stato_effettivo: "in_prestito",
      unita_disponibili: 0,
      libera_fino_al: null,
      prossima_disponibilita: addDays(TODAY, 10),
    });
  });

  it("frees a unit whose request was refused or cancelled", async () => {
    const { ctx, item, read } = await withItem();
    insertRequest(ctx, { itemId: item.id, unitId: item.unita[0].id, stato: "rifiutata" });
    insertRequest(ctx, { itemId: item.id, unitId: item.unita[0].id, stato: "annullata" });
    insertRequest(ctx, { itemId: item.id, unitId: item.unita[0].id, stato: "approvata" });
    expect((await read()).unita[0].stato).toBe("disponibile");
  });

  it("leaves a unit free until the day before an approved loan that starts later, then lends it on the day", async () => {
    const { ctx, item, read } = await withItem();
    const start = addDays(TODAY, 2);
    const loanId = insertLoan(ctx, {
      itemId: item.id,
      unitIds: [item.unita[0].id],
      from: start,
      to: addDays(TODAY, 4),
    });
    expect((await read()).unita[0]).toMatchObject({ stato: "disponibile", prestito_corrente_id: loanId });
    expect(await read()).toMatchObject({ stato_effettivo: "disponibile", libera_fino_al: addDays(TODAY, 1) });
    ctx.clock.travelTo(new Date(`${start}T08:00:00Z`));
    expect((await read()).unita[0]).toMatchObject({ stato: "prestato", prestito_corrente_id: loanId });
  });

  it("shows a unit on a started loan as lent, and an overdue one too", async () => {
    const { ctx, item, read } = await withItem(2);
    const active = insertLoan(ctx, { itemId: item.id, unitIds: [item.unita[0].id], to: addDays(TODAY, 3) });
    const overdue = insertLoan(ctx, {
      itemId: item.id,
      unitIds: [item.unita[1].id],
      stato: "scaduto",
      from: "2026-03-01",
      to: "2026-03-05",
    });
    const after = await read();
    expect(after.unita).toEqual([
      expect.objectContaining({ stato: "prestato", prestito_corrente_id: active }),
      expect.objectContaining({ stato: "prestato", prestito_corrente_id: overdue }),
    ]);
    expect(after).toMatchObject({ stato_effettivo: "in_prestito", unita_disponibili: 0 });
  });

  it("frees a unit once its loan is returned", async () => {
    const { ctx, item, read } = await withItem();
    insertLoan(ctx, { itemId: item.id, unitIds: [item.unita[0].id], stato: "restituito", returnedOn: TODAY });
    expect((await read()).unita[0]).toMatchObject({ stato: "disponibile", prestito_corrente_id: null });
  });

  it("shows a unit in an open repair as in repair, and free again once completed", async () => {
    const { ctx, item, read } = await withItem();
    insertRepair(ctx, { itemId: item.id, unitId: item.unita[0].id, stato: "completata" });
    expect((await read()).unita[0].stato).toBe("disponibile");
    insertRepair(ctx, { itemId: item.id, unitId: item.unita[0].id });
    expect(await read()).toMatchObject({ stato_effettivo: "in_riparazione", unita_disponibili: 0 });
    expect((await read()).unita[0].stato).toBe("in_riparazione");
  });

  it("marks a unit lost and found again, one audit row each", async () => {
    const { client, ctx, admin, item, read } = await withItem();
    const unitId = item.unita[0].id;
    const lost = await client.put(`/api/inventario/${item.id}/units/${unitId}`, { perso: true }, admin);
    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({ stato_effettivo: "perso", unita_disponibili: 0 });
    expect(lost.body.unita[0].stato).toBe("perso");
    expect((await read()).unita[0].stato).toBe("perso");
    const found = await client.put(`/api/inventario/${item.id}/units/${unitId}`, { perso: false }, admin);
    expect(found.body).toMatchObject({ stato_effettivo: "disponibile", unita_disponibili: 1 });
    expect(auditActions(ctx).filter((action) => action.startsWith("unit."))).toEqual(["unit.lost", "unit.found"]);
  });

  it("validates the lost flag and the unit", async () => {
    const { client, admin, item } = await withItem();
    const other = await createItem(client, admin, { nome: "Altro", quantita_totale: 1 });
    const path = `/api/inventario/${item.id}/units/${item.unita[0].id}`;
    expect((await client.put(path, { perso: "si" }, admin)).status).toBe(400);
    expect((await client.put(path, {}, admin)).status).toBe(400);
    expect((await client.put(`/api/inventario/${item.id}/units/abc`, { perso: true }, admin)).status).toBe(400);
    const zero = await client.put(`/api/inventario/${item.id}/units/0`, { perso: true }, admin);
    expect(zero).toMatchObject({ status: 400, body: { error: "Unità non valida" } });
    const foreign = await client.put(`/api/inventario/${item.id}/units/${other.unita[0].id}`, { perso: true }, admin);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("Unità non trovata");
    expect((await client.get(`/api/inventario/${other.id}`, admin)).body.unita[0].stato).toBe("disponibile");
  });

  it("lets a lost unit or a repair outrank a loan", async () => {
    const { client, ctx, admin, item, read } = await withItem(2);
    insertLoan(ctx, { itemId: item.id, unitIds: [item.unita[0].id, item.unita[1].id], to: addDays(TODAY, 1) });
    insertRepair(ctx, { itemId: item.id, unitId: item.unita[1].id });
    await client.put(`/api/inventario/${item.id}/units/${item.unita[0].id}`, { perso: true }, admin);
    const after = await read();
    expect(after.unita.map((unit: Json) => unit.stato)).toEqual(["perso", "in_riparazione"]);
    expect(after.stato_effettivo).toBe("in_riparazione");
  });

  it("derives the item state from a mix of unit states as DESIGN §3.2 says", async () => {
    const { client, ctx, admin, item, read } = await withItem(4);
    const [a, b, c, d] = item.unita.map((unit: Json) => unit.id);
    const lose = (unitId: number) => client.put(`/api/inventario/${item.id}/units/${unitId}`, { perso: true }, admin);
    insertLoan(ctx, { itemId: item.id, unitIds: [a], to: addDays(TODAY, 2) });
    insertRepair(ctx, { itemId: item.id, unitId: b });
    await lose(c);
    let after = await read();
    expect(after.unita.map((unit: Json) => unit.stato)).toEqual(["prestato", "in_riparazione", "perso", "disponibile"]);
    expect(after).toMatchObject({ stato_effettivo: "disponibile", unita_disponibili: 1, quantita_totale: 4 });
    await lose(d);
    expect(await read()).toMatchObject({ stato_effettivo: "in_prestito", unita_disponibili: 0 });
    await lose(a);
    expect((await read()).stato_effettivo).toBe("in_riparazione");
    await lose(b);
    after = await read();
    expect(after.unita.map((unit: Json) => unit.stato)).toEqual(["perso", "perso", "perso", "perso"]);
    expect(after.stato_effettivo).toBe("perso");
  });

  it("never answers in_prestito as a unit state on any endpoint", async () => {
    const { client, ctx, admin, student, item } = await withItem(3);
    insertLoan(ctx, { itemId: item.id, unitIds: [item.unita[0].id], to: addDays(TODAY, 2) });
    insertLoan(ctx, {
      itemId: item.id,
      unitIds: [item.unita[1].id],
      stato: "scaduto",
      from: "2026-03-01",
      to: "2026-03-02",
    });
    insertRequest(ctx, { itemId: item.id, unitId: item.unita[2].id });
    // The catalogue (`/api/inventario/disponibili`) shows item states only, no units.
    const answers = [
      await client.get("/api/inventario", admin),
      await client.get(`/api/inventario/${item.id}`, admin),
      await client.get(`/api/inventario/${item.id}/units`, admin),
      await client.get(`/api/inventario/${item.id}/units`, student.token),
    ];
    const unitStates = answers.flatMap((answer) => {
      const bodies: Json[] = Array.isArray(answer.body) ? answer.body : [answer.body];
      return bodies.flatMap((entry) => (entry.unita ? entry.unita.map((unit: Json) => unit.stato) : [entry.stato]));
    });
    expect(unitStates.length).toBeGreaterThan(0);
    for (const state of unitStates) expect(UNIT_STATES as readonly string[]).toContain(state);
    expect(unitStates).not.toContain("in_prestito");
    expect(unitStates).toContain("prestato");
  });

  it("offers the bookable units, the longest free first, each with its free stretch and the dates already taken", async () => {
    const { client, ctx, admin, item } = await withItem(5);
    const [lent, requested, free, lost, broken] = item.unita.map((unit: Json) => unit.id);
    insertLoan(ctx, { itemId: item.id, unitIds: [lent], to: addDays(TODAY, 2) });
    insertRequest(ctx, { itemId: item.id, unitId: requested, from: addDays(TODAY, 5), to: addDays(TODAY, 6) });
    insertRepair(ctx, { itemId: item.id, unitId: broken });
    await client.put(`/api/inventario/${item.id}/units/${lost}`, { perso: true }, admin);
    const answer = await client.get(`/api/inventario/${item.id}/disponibili`, admin);
    expect(answer.status).toBe(200);
    expect(
      answer.body.map((unit: Json) => [unit.id, unit.stato, unit.libera_fino_al, unit.prossima_disponibilita]),
    ).toEqual([
      [free, "disponibile", null, TODAY],
      [requested, "disponibile", addDays(TODAY, 4), TODAY],
      [lent, "prestato", null, addDays(TODAY, 3)],
    ]);
    expect(answer.body[0].prenotazioni).toEqual([]);
    expect(answer.body[1].prenotazioni).toEqual([
      { dal: addDays(TODAY, 5), al: addDays(TODAY, 6), tipo: "richiesta", fino_alla_restituzione: false },
    ]);
    expect(answer.body[2].prenotazioni).toEqual([
      { dal: TODAY, al: addDays(TODAY, 2), tipo: "prestito", fino_alla_restituzione: false },
    ]);
  });
});

describe("what a student sees", () => {
  async function withCatalogue() {
    const scenario = await inventoryScenario();
    const { client, admin } = scenario;
    const photo = await createItem(client, admin, { nome: "Esposimetro", corsi_assegnati: ["Fotografia"] });
    const design = await createItem(client, admin, { nome: "Plotter", corsi_assegnati: ["Design"] });
    const both = await createItem(client, admin, { nome: "Tablet", corsi_assegnati: ["Design", "Fotografia"] });
    const orphan = await createItem(client, admin, { nome: "Vecchio scanner" });
    scenario.ctx.db.delete(inventarioCorsi).where(eq(inventarioCorsi.inventarioId, orphan.id)).run();
    return { ...scenario, photo, design, both, orphan };
  }

  it("lists only the items of the student's own course", async () => {
    const { client, student, designStudent, photo, design, both } = await withCatalogue();
    const photoList = await client.get("/api/inventario/disponibili", student.token);
    expect(photoList.body.map((item: Json) => item.id)).toEqual([photo.id, both.id]);
    const designList = await client.get("/api/inventario/disponibili", designStudent.token);
    expect(designList.body.map((item: Json) => item.id)).toEqual([design.id, both.id]);
  });

  it("shows items with no course to admins only", async () => {
    const { client, admin, student, orphan } = await withCatalogue();
    const adminList = await client.get("/api/inventario/disponibili", admin);
    expect(adminList.body.map((item: Json) => item.nome)).toEqual([
      "Esposimetro",
      "Plotter",
      "Tablet",
      "Vecchio scanner",
    ]);
    const orphanForAdmin = await client.get(`/api/inventario/${orphan.id}`, admin);
    expect(orphanForAdmin.body).toMatchObject({ corsi_assegnati: [], categoria_madre: null, categoria_nome: null });
    expect((await client.get(`/api/inventario/${orphan.id}`, student.token)).status).toBe(404);
  });

  it("answers 404 for another course's item on every item route", async () => {
    const { client, student, design } = await withCatalogue();
    for (const path of [
      `/api/inventario/${design.id}`,
      `/api/inventario/${design.id}/units`,
      `/api/inventario/${design.id}/disponibili`,
    ]) {
      const answer = await client.get(path, student.token);
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 404,
        body: { error: "Articolo non trovato" },
      });
    }
  });

  it("never tells a student which loan holds a unit", async () => {
    const { client, ctx, admin, student, photo } = await withCatalogue();
    const loanId = insertLoan(ctx, { itemId: photo.id, unitIds: [photo.unita[0].id], to: addDays(TODAY, 2) });
    expect((await client.get(`/api/inventario/${photo.id}/units`, admin)).body[0].prestito_corrente_id).toBe(loanId);
    const views = [
      (await client.get(`/api/inventario/${photo.id}`, student.token)).body.unita,
      (await client.get(`/api/inventario/${photo.id}/units`, student.token)).body,
    ];
    const catalogue = (await client.get("/api/inventario/disponibili", student.token)).body;
    expect(catalogue.filter((entry: Json) => "unita" in entry)).toEqual([]);
    for (const units of views) {
      expect(units.length).toBeGreaterThan(0);
      for (const unit of units) expect(unit.prestito_corrente_id).toBeNull();
    }
    const item = (await client.get(`/api/inventario/${photo.id}`, student.token)).body;
    expect(item.unita[0].stato).toBe("prestato");
    expect(item).toMatchObject({ stato_effettivo: "disponibile", unita_disponibili: 1 });
  });

  it("shows nothing to a student without a course", async () => {
    const { client, ctx, student } = await withCatalogue();
    ctx.db.update(users).set({ corsoAccademico: null }).where(eq(users.id, student.user.id)).run();
    const answer = await client.get("/api/inventario/disponibili", student.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });

  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    const { client, student } = await withCatalogue();
    expect((await client.get("/api/inventario/abc", student.token)).status).toBe(400);
    expect((await client.get("/api/inventario/0", student.token)).status).toBe(400);
    expect((await client.get("/api/inventario/99999", student.token)).status).toBe(404);
  });
});

describe("filtering the admin inventory list", () => {
  async function withCatalogue() {
    const scenario = await inventoryScenario();
    const { client, admin } = scenario;
    const lights = await createCategory(client, admin, "Luci");
    const items = {
      led: await createItem(client, admin, { nome: "Pannello LED", note: "Luce continua", categoria_id: lights }),
      softbox: await createItem(client, admin, {
        nome: "Softbox",
        seriale: "SN-7788",
        note: null,
        corsi_assegnati: ["Design"],
        categoria_id: lights,
      }),
      discount: await createItem(client, admin, { nome: "Filtro 50% ND", note: null, corsi_assegnati: ["Pittura"] }),
      plain: await createItem(client, admin, { nome: "Filtro 500 ND", note: null, corsi_assegnati: ["Pittura"] }),
      underscore: await createItem(client, admin, { nome: "Cavo A_B", note: null }),
      lookalike: await createItem(client, admin, { nome: "Cavo AXB", note: null }),
    };
    const names = async (query: string) =>
      (await client.get(`/api/inventario${query}`, admin)).body.map((item: Json) => item.nome);
    return { ...scenario, lights, items, names };
  }

  it("lists every item by name when no filter is set", async () => {
    const { names } = await withCatalogue();
    expect(await names("")).toEqual([
      "Cavo A_B",
      "Cavo AXB",
      "Filtro 50% ND",
      "Filtro 500 ND",
      "Pannello LED",
      "Softbox",
    ]);
  });

  it("sorts names alphabetically whatever their case", async () => {
    const { client, admin, names } = await withCatalogue();
    await createItem(client, admin, { nome: "zaino fotografico" });
    await createItem(client, admin, { nome: "lente macro" });
    const all = await names("");
    expect(all.indexOf("lente macro")).toBeLessThan(all.indexOf("Pannello LED"));
    expect(all.at(-1)).toBe("zaino fotografico");
  });

  it("searches names, serial numbers and notes, ignoring case", async () => {
    const { names } = await withCatalogue();
    expect(await names("?search=pannello")).toEqual(["Pannello LED"]);
    expect(await names("?search=sn-77")).toEqual(["Softbox"]);
    expect(await names("?search=continua")).toEqual(["Pannello LED"]);
    expect(await names("?search=%20%20softbox%20")).toEqual(["Softbox"]);
    expect(await names("?search=nulla")).toEqual([]);
  });

  it("treats % and _ in the search as plain characters", async () => {
    const { names } = await withCatalogue();
    expect(await names(`?search=${encodeURIComponent("50%")}`)).toEqual(["Filtro 50% ND"]);
    expect(await names("?search=A_B")).toEqual(["Cavo A_B"]);
    expect(await names(`?search=${encodeURIComponent("%")}`)).toEqual(["Filtro 50% ND"]);
  });

  it("filters by category and by course, alone or together", async () => {
    const { names, lights } = await withCatalogue();
    expect(await names(`?categoria=${lights}`)).toEqual(["Pannello LED", "Softbox"]);
    expect(await names("?corso=Pittura")).toEqual(["Filtro 50% ND", "Filtro 500 ND"]);
    expect(await names(`?categoria=${lights}&corso=Design`)).toEqual(["Softbox"]);
    expect(await names(`?categoria=${lights}&search=led`)).toEqual(["Pannello LED"]);
    expect(await names(`?corso=${encodeURIComponent("Regia e Videomaking")}`)).toEqual([]);
    expect(await names("?categoria=999")).toEqual([]);
  });

  it("refuses malformed filters", async () => {
    const { client, admin } = await withCatalogue();
    expect((await client.get("/api/inventario?categoria=luci", admin)).body).toEqual({ error: "Categoria non valida" });
    expect((await client.get(`/api/inventario?search=${"x".repeat(201)}`, admin)).status).toBe(400);
    expect((await client.get(`/api/inventario?corso=${"x".repeat(101)}`, admin)).status).toBe(400);
  });
});

describe("the audit trail of inventory changes", () => {
  it("writes exactly one row per admin change, and none for a refused one", async () => {
    const { client, ctx, admin, adminUser } = await inventoryScenario();
    let item: Json = {};
    const expectOneRow = async (action: string, change: () => Promise<{ status: number }>) => {
      const before = auditActions(ctx).length;
      const answer = await change();
      expect(answer.status).toBe(200);
      expect(auditActions(ctx).slice(before)).toEqual([action]);
    };
    await expectOneRow("item.create", async () => {
      const answer = await client.post("/api/inventario", itemPayload({ quantita_totale: 2 }), admin);
      item = answer.body;
      return answer;
    });
    await expectOneRow("item.update", () =>
      client.put(`/api/inventario/${item.id}`, editPayload(item, { nome: "X" }), admin),
    );
    await expectOneRow("unit.lost", () =>
      client.put(`/api/inventario/${item.id}/units/${item.unita[0].id}`, { perso: true }, admin),
    );
    await expectOneRow("unit.found", () =>
      client.put(`/api/inventario/${item.id}/units/${item.unita[0].id}`, { perso: false }, admin),
    );
    await expectOneRow("item.delete", () => client.delete(`/api/inventario/${item.id}`, admin));

    const refused = auditActions(ctx).length;
    await client.post("/api/inventario", itemPayload({ nome: "" }), admin);
    await client.put(`/api/inventario/${item.id}`, editPayload(item), admin);
    await client.delete(`/api/inventario/${item.id}`, admin);
    expect(auditActions(ctx)).toHaveLength(refused);

    const recorded = ctx.sqlite
      .query("select actor_id, actor_email, entity, entity_id from audit_log where action = 'item.delete'")
      .get() as Json;
    expect(recorded).toEqual({
      actor_id: adminUser.id,
      actor_email: adminUser.email,
      entity: "item",
      entity_id: item.id,
    });
  });
});

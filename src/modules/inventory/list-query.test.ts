import { describe, expect, it } from "bun:test";
import type { Json } from "../../testing/harness";
import {
  createCategory,
  createItem,
  insertLoan,
  insertRepair,
  inventoryScenario,
} from "../../testing/inventory-fixtures";

async function catalogue() {
  const scenario = await inventoryScenario();
  const { client, admin } = scenario;
  const lenses = await createCategory(client, admin, "Obiettivi");
  const camera = await createItem(client, admin, {
    nome: "Fotocamera Canon",
    seriale: "SN-4471",
    quantita_totale: 3,
    unita: ["CAM-A1", "CAM-A2", "CAM-A3"],
  });
  const lens = await createItem(client, admin, {
    nome: "obiettivo 50mm",
    quantita_totale: 1,
    unita: ["OBJ-50"],
    note: "Luminoso, f/1.8",
    categoria_id: lenses,
  });
  const plotter = await createItem(client, admin, {
    nome: "Plotter",
    quantita_totale: 1,
    unita: ["PLT-1"],
    corsi_assegnati: ["Design"],
  });
  const tablet = await createItem(client, admin, { nome: "Tavoletta", quantita_totale: 2, unita: ["TAV-1", "TAV-2"] });
  return { ...scenario, lenses, camera, lens, plotter, tablet };
}

const names = (items: Json[]) => items.map((item) => item.nome);

describe("the inventory, paged on the server", () => {
  it("answers the whole array to the spec's plain call and one page with the total when asked", async () => {
    const { client, admin } = await catalogue();
    const whole = await client.get("/api/inventario", admin);
    expect(names(whole.body as Json[])).toEqual(["Fotocamera Canon", "obiettivo 50mm", "Plotter", "Tavoletta"]);
    const second = await client.get("/api/inventario?pagina=2&per_pagina=2", admin);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ totale: 4, pagina: 2, per_pagina: 2 });
    expect(names(second.body.elementi)).toEqual(["Plotter", "Tavoletta"]);
    expect(second.body.elementi[1].unita.map((unit: Json) => unit.codice_univoco)).toEqual(["TAV-1", "TAV-2"]);
  });

  it("finds an item by any part of its name, serial number, notes or one of its unit codes", async () => {
    const { client, admin } = await catalogue();
    const search = async (term: string) =>
      names((await client.get(`/api/inventario?pagina=1&search=${encodeURIComponent(term)}`, admin)).body.elementi);
    expect(await search("canon")).toEqual(["Fotocamera Canon"]);
    expect(await search("4471")).toEqual(["Fotocamera Canon"]);
    expect(await search("f/1.8")).toEqual(["obiettivo 50mm"]);
    expect(await search("tav-2")).toEqual(["Tavoletta"]);
    // Shorter than a trigram: still a substring search.
    expect(await search("50")).toEqual(["obiettivo 50mm"]);
  });

  it("keeps the search index in step with edits", async () => {
    const { client, admin, tablet } = await catalogue();
    const edited = await client.put(
      `/api/inventario/${tablet.id}`,
      {
        ...tablet,
        nome: "Tavoletta Wacom",
        unita: tablet.unita.map((unit: Json) => ({ id: unit.id, codice_univoco: `W-${unit.codice_univoco}` })),
      },
      admin,
    );
    expect(edited.status).toBe(200);
    const byName = await client.get("/api/inventario?pagina=1&search=wacom", admin);
    expect(names(byName.body.elementi)).toEqual(["Tavoletta Wacom"]);
    const byOldCode = await client.get("/api/inventario?pagina=1&search=TAV-1", admin);
    expect(names(byOldCode.body.elementi)).toEqual(["Tavoletta Wacom"]);
    const byGoneName = await client.get("/api/inventario?pagina=1&search=Tavoletta%20W", admin);
    expect(byGoneName.body.totale).toBe(1);
    await client.delete(`/api/inventario/${tablet.id}`, admin);
    expect((await client.get("/api/inventario?pagina=1&search=wacom", admin)).body.totale).toBe(0);
  });

  it("keeps a search's matches between calls only while the searched text, dates added and archiving stay", async () => {
    const { client, admin, ctx, camera, tablet } = await catalogue();
    const agree = async (step: string) => {
      for (const term of ["canon", "a", "cam", "tav", "sn-"])
        for (const order of ["", "&sortOrder=desc", "&sortBy=seriale&sortOrder=desc", "&sortBy=data_aggiunta"]) {
          const query = `search=${encodeURIComponent(term)}${order}`;
          const whole = (await client.get(`/api/inventario?${query}`, admin)).body as Json[];
          const paged = (await client.get(`/api/inventario?pagina=1&per_pagina=50&${query}`, admin)).body;
          expect({ step, query, totale: paged.totale, ids: paged.elementi.map((item: Json) => item.id) }).toEqual({
            step,
            query,
            totale: whole.length,
            ids: whole.map((item) => item.id),
          });
        }
    };
    await agree("first search");
    await createItem(client, admin, { nome: "Canon 70D", seriale: "SN-0001", quantita_totale: 1, unita: ["C70-1"] });
    await agree("a new item");
    ctx.sqlite.run(`UPDATE inventario SET nome = 'Tavola luminosa', seriale = 'SN-9999' WHERE id = ${camera.id}`);
    await agree("a renamed item with a new serial number");
    ctx.sqlite.run(`UPDATE inventario SET data_aggiunta = '2020-01-01' WHERE id = ${tablet.id}`);
    await agree("an earlier date added");
    ctx.sqlite.run(`UPDATE unita SET codice_univoco = 'CANON-X' WHERE codice_univoco = 'TAV-2'`);
    await agree("a unit code changed");
    insertLoan(ctx, { itemId: tablet.id, unitIds: [tablet.unita[0].id] });
    await agree("a loan");
    ctx.sqlite.run(`UPDATE inventario SET archived_at = '2026-01-01T00:00:00.000Z' WHERE id = ${tablet.id}`);
    await agree("an archived item");
  });

  it("filters by category, course, effective state, low stock and date added, and sorts as asked", async () => {
    const { client, admin, ctx, lenses, camera, lens } = await catalogue();
    const page = async (query: string) => (await client.get(`/api/inventario?pagina=1&${query}`, admin)).body;
    expect(names((await page(`categoria=${lenses}`)).elementi)).toEqual(["obiettivo 50mm"]);
    expect(names((await page("corso=Design")).elementi)).toEqual(["Plotter"]);
    insertLoan(ctx, { itemId: lens.id, unitIds: [lens.unita[0].id] });
    insertRepair(ctx, { itemId: camera.id, unitId: camera.unita[0].id });
    insertRepair(ctx, { itemId: camera.id, unitId: camera.unita[1].id });
    expect(names((await page("stato=in_prestito")).elementi)).toEqual(["obiettivo 50mm"]);
    expect(names((await page("stato=disponibile")).elementi)).toEqual(["Fotocamera Canon", "Plotter", "Tavoletta"]);
    expect(names((await page("stato=scorte_basse")).elementi)).toEqual(["Fotocamera Canon", "obiettivo 50mm"]);
    expect((await page("dateFrom=2026-03-11")).totale).toBe(0);
    expect((await page("dateFrom=2026-03-10&dateTo=2026-03-10")).totale).toBe(4);
    expect(names((await page("sortBy=nome&sortOrder=desc")).elementi)).toEqual([
      "Tavoletta",
      "Plotter",
      "obiettivo 50mm",
      "Fotocamera Canon",
    ]);
    expect(names((await page("sortBy=seriale&sortOrder=desc")).elementi)[0]).toBe("Fotocamera Canon");
  });

  it("refuses what it cannot read with an Italian 400", async () => {
    const { client, admin } = await catalogue();
    for (const [query, message] of [
      ["sortBy=prezzo", "Ordinamento non valido"],
      ["sortOrder=su", "Ordine non valido: usa asc o desc"],
      ["stato=rotto", "Stato non valido"],
      ["dateFrom=ieri", "Data non valida (formato AAAA-MM-GG)"],
      ["pagina=0", "Pagina non valida"],
      ["per_pagina=500", "Elementi per pagina non validi (da 1 a 200)"],
      ["categoria=abc", "Categoria non valida"],
    ]) {
      const answer = await client.get(`/api/inventario?${query}`, admin);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(message as string);
    }
  });

  it("lists every state when no state is asked, and refuses a bad one in the student's catalogue too", async () => {
    const { client, admin, ctx, student, lens } = await catalogue();
    insertLoan(ctx, { itemId: lens.id, unitIds: [lens.unita[0].id] });
    expect((await client.get("/api/inventario?pagina=1", admin)).body.totale).toBe(4);
    const wrong = await client.get("/api/inventario/disponibili?stato=rotto", student.token);
    expect(wrong).toMatchObject({ status: 400, body: { error: "Stato non valido" } });
  });

  it("sums the summary cards over every listed item in one answer", async () => {
    const { client, admin, ctx, camera, lens } = await catalogue();
    insertLoan(ctx, { itemId: lens.id, unitIds: [lens.unita[0].id] });
    for (const unit of camera.unita) insertRepair(ctx, { itemId: camera.id, unitId: unit.id });
    const summary = await client.get("/api/inventario/riepilogo", admin);
    expect(summary.body).toEqual({ articoli_totali: 4, unita_totali: 7, in_riparazione: 3, scorte_basse: 2 });
  });

  it("counts in repair what Riparazioni lists in progress, even when the item still has a free unit", async () => {
    const { client, admin, ctx, camera } = await catalogue();
    for (const unit of camera.unita.slice(0, 2)) insertRepair(ctx, { itemId: camera.id, unitId: unit.id });
    const repairs = (await client.get("/api/riparazioni", admin)).body as Json[];
    const inProgress = repairs.filter((repair) => repair.stato === "in_corso").length;
    const summary = await client.get("/api/inventario/riepilogo", admin);
    expect([summary.body.in_riparazione, inProgress]).toEqual([2, 2]);
  });
});

describe("a student's catalogue, paged on the server", () => {
  it("pages and searches the items of the student's course only, as counts without their units", async () => {
    const { client, ctx, student, designStudent, lens } = await catalogue();
    const loanId = insertLoan(ctx, { itemId: lens.id, unitIds: [lens.unita[0].id] });
    const page = await client.get("/api/inventario/disponibili?pagina=1&per_pagina=2", student.token);
    expect(page.body).toMatchObject({ totale: 3, pagina: 1, per_pagina: 2 });
    expect(names(page.body.elementi)).toEqual(["Fotocamera Canon", "obiettivo 50mm"]);
    const lent = page.body.elementi[1];
    expect(loanId).toBeGreaterThan(0);
    expect(lent.unita_disponibili).toBe(lent.quantita_totale - 1);
    expect(lent).not.toHaveProperty("unita");
    const search = await client.get("/api/inventario/disponibili?pagina=1&search=plot", designStudent.token);
    expect(names(search.body.elementi)).toEqual(["Plotter"]);
    const elsewhere = await client.get("/api/inventario/disponibili?pagina=1&search=plot", student.token);
    expect(elsewhere.body).toMatchObject({ totale: 0, elementi: [] });
  });

  it("counts in a page's total neither archived items nor other courses' items, and follows a course's rename", async () => {
    const { client, admin, ctx, student, designStudent, tablet } = await catalogue();
    const totalOf = async (path: string, token: string) => (await client.get(path, token)).body.totale;
    expect(await totalOf("/api/inventario/disponibili?pagina=1", student.token)).toBe(3);
    expect(await totalOf("/api/inventario/disponibili?pagina=1", designStudent.token)).toBe(1);
    expect(await totalOf("/api/inventario?pagina=1&corso=Design", admin)).toBe(1);
    expect(await totalOf("/api/inventario?pagina=1", admin)).toBe(4);
    expect((await client.delete(`/api/inventario/${tablet.id}`, admin)).status).toBe(200);
    expect(await totalOf("/api/inventario/disponibili?pagina=1", student.token)).toBe(2);
    expect(await totalOf("/api/inventario?pagina=1", admin)).toBe(3);
    expect((await client.get("/api/inventario/riepilogo", admin)).body.articoli_totali).toBe(3);
    ctx.sqlite.run("UPDATE corsi SET nome = 'Design del prodotto' WHERE nome = 'Design'");
    expect(await totalOf("/api/inventario?pagina=1&corso=Design", admin)).toBe(0);
    expect(await totalOf("/api/inventario?pagina=1&corso=Design del prodotto", admin)).toBe(1);
  });

  it("counts a course's items from counts kept per course, which follow assignments made, moved and removed", async () => {
    const { client, admin, ctx, plotter, tablet } = await catalogue();
    const kept = () =>
      ctx.sqlite.query("SELECT corso_id, quanti FROM oggetti_per_corso WHERE quanti > 0 ORDER BY corso_id").all();
    const counted = () =>
      ctx.sqlite
        .query("SELECT corso_id, count(*) AS quanti FROM inventario_corsi GROUP BY corso_id ORDER BY corso_id")
        .all();
    const designTotal = async () => (await client.get("/api/inventario?pagina=1&corso=Design", admin)).body.totale;
    expect(kept()).toEqual(counted());
    expect(await designTotal()).toBe(1);
    const edited = await client.put(`/api/inventario/${tablet.id}`, { ...tablet, corsi_assegnati: ["Design"] }, admin);
    expect(edited.status).toBe(200);
    expect(kept()).toEqual(counted());
    expect(await designTotal()).toBe(2);
    ctx.sqlite.run(
      `UPDATE inventario_corsi SET corso_id = (SELECT id FROM corsi WHERE nome = 'Fotografia') WHERE inventario_id = ${plotter.id}`,
    );
    expect(kept()).toEqual(counted());
    expect(await designTotal()).toBe(1);
    expect((await client.delete(`/api/inventario/${tablet.id}`, admin)).status).toBe(200);
    ctx.sqlite.run("DELETE FROM corsi WHERE nome = 'Design'");
    expect(kept()).toEqual(counted());
  });

  it("counts the course's items free now for the student's dashboard, with a one-row page", async () => {
    const { client, ctx, student, lens } = await catalogue();
    const everything = await client.get("/api/inventario/disponibili?pagina=1&per_pagina=1", student.token);
    const freeBefore = await client.get(
      "/api/inventario/disponibili?stato=disponibile&pagina=1&per_pagina=1",
      student.token,
    );
    for (const unit of lens.unita) insertLoan(ctx, { itemId: lens.id, unitIds: [unit.id] });
    const freeAfter = await client.get(
      "/api/inventario/disponibili?stato=disponibile&pagina=1&per_pagina=1",
      student.token,
    );
    expect(everything.body.totale).toBe(3);
    expect(freeAfter.body.totale).toBe(freeBefore.body.totale - 1);
    expect(freeAfter.body.elementi).toHaveLength(1);
    const wrong = await client.get("/api/inventario/disponibili?stato=forse&pagina=1", student.token);
    expect(wrong).toMatchObject({ status: 400, body: { error: "Stato non valido" } });
  });
});

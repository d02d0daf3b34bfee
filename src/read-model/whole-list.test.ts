import { describe, expect, it, spyOn } from "bun:test";
import { inventarioCorsi, unita, users } from "../db/schema";
import { unitCode } from "../modules/inventory/service";
import { everyPage, type Json } from "../testing/harness";
import { insertLoan, insertRequest, inventoryScenario } from "../testing/inventory-fixtures";
import { day, type LoanScenario, loanScenario, unitIdOf } from "../testing/loan-fixtures";
import { asWholeInventoryItem, insertNumberedItem, photographyCourseId } from "../testing/whole-inventory";
import { PIECE_ROWS } from "./gzipped-list";
import * as wholeLists from "./whole-list";
import { STRETCH_ROWS, STRETCHES_PER_ID_RUN } from "./whole-list";

/** A history longer than two stretches: returned loans of the camera over the past years, one a day. */
function longHistory(scenario: LoanScenario, count: number) {
  for (let index = 0; index < count; index++) {
    const from = day(-2 * count + 2 * index);
    insertLoan(scenario.ctx, {
      itemId: scenario.camera.id,
      unitIds: [unitIdOf(scenario.camera)],
      userId: scenario.student.user.id,
      stato: "restituito",
      from,
      to: from,
      returnedOn: from,
    });
    insertRequest(scenario.ctx, {
      itemId: scenario.camera.id,
      unitId: unitIdOf(scenario.camera),
      userId: scenario.student.user.id,
      stato: "rifiutata",
      from,
      to: from,
    });
  }
}

/** Every page of a list, one after the other: the rows and order the whole list must keep. */
async function allPages(scenario: LoanScenario, path: string): Promise<Json[]> {
  const rows: Json[] = [];
  for (let page = 1; ; page++) {
    const answer = await scenario.client.get(`${path}&pagina=${page}&per_pagina=200`, scenario.admin);
    rows.push(...(answer.body.elementi as Json[]));
    if (rows.length >= answer.body.totale) return rows;
  }
}

describe("the spec's whole lists over a long history", () => {
  const count = STRETCH_ROWS * 2 + 37;

  it.each([
    ["/api/prestiti?all=1", "loans"],
    ["/api/richieste?all=1", "requests"],
  ])("%s streams every row, in the order of its pages", async (path) => {
    const scenario = await loanScenario();
    longHistory(scenario, count);
    const answer = await scenario.client.app.handle(
      new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${scenario.admin}` } }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("application/json");
    const rows = (await answer.json()) as Json[];
    expect(rows.length).toBe(count);
    // Key for key: the stretches are read by their own queries, the pages by the list's.
    expect(rows).toStrictEqual(await allPages(scenario, path));
    expect(rows[0]).toMatchObject({ id: expect.any(Number), stato: expect.any(String) });
  });

  it("leaves out rows added while it streams, so no stretch repeats or skips a row", async () => {
    const scenario = await loanScenario();
    longHistory(scenario, count);
    const answer = await scenario.client.app.handle(
      new Request("http://localhost/api/prestiti?all=1", { headers: { authorization: `Bearer ${scenario.admin}` } }),
    );
    const reader = answer.body?.getReader();
    if (!reader) throw new Error("the whole list has no body");
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, { stream: true });
    // The newest loan of all comes first; one more arrives while the list is on its way.
    const added = insertLoan(scenario.ctx, { itemId: scenario.tablet.id, unitIds: [unitIdOf(scenario.tablet)] });
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      text += decoder.decode(chunk.value, { stream: true });
    const ids = (JSON.parse(text) as Json[]).map((row) => row.id as number);
    expect(ids).not.toContain(added);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
  });

  it("compresses the stream for a client that accepts gzip", async () => {
    const scenario = await loanScenario();
    longHistory(scenario, count);
    const answer = await scenario.client.app.handle(
      new Request("http://localhost/api/prestiti?all=1", {
        headers: { authorization: `Bearer ${scenario.admin}`, "accept-encoding": "gzip" },
      }),
    );
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    const text = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await answer.arrayBuffer())));
    expect(JSON.parse(text)).toHaveLength(count);
  });

  it("keeps a streamed list like any other: the same ETag and a 304 while nothing changed, a new one after a write", async () => {
    const scenario = await loanScenario();
    longHistory(scenario, count);
    const ask = (headers: Record<string, string> = {}) =>
      scenario.client.app.handle(
        new Request("http://localhost/api/prestiti?all=1", {
          headers: { authorization: `Bearer ${scenario.admin}`, "accept-encoding": "gzip", ...headers },
        }),
      );
    const first = await ask();
    const etag = first.headers.get("etag") as string;
    expect(etag).toStartWith('W/"');
    const streamed = new Uint8Array(await first.arrayBuffer());
    const again = await ask();
    expect(again.headers.get("etag")).toBe(etag);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(streamed);
    expect((await ask({ "if-none-match": etag })).status).toBe(304);
    longHistory(scenario, 1);
    const changed = await ask({ "if-none-match": etag });
    expect(changed.status).toBe(200);
    const text = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await changed.arrayBuffer())));
    expect(JSON.parse(text)).toHaveLength(count + 1);
  });

  it("/api/auth/users streams every user, in the order of its pages, past a run of ids read ahead", async () => {
    const scenario = await loanScenario();
    const students = Array.from({ length: STRETCHES_PER_ID_RUN * STRETCH_ROWS + 37 }, (_, index) => ({
      email: `studente.${index}@accademia.it`,
      passwordHash: "non-usata",
      name: `Nome ${index % 7}`,
      surname: `Cognome ${String(index % 97).padStart(2, "0")}`,
      createdAt: scenario.ctx.clock.now().toISOString(),
    }));
    for (let start = 0; start < students.length; start += 1000)
      scenario.ctx.db
        .insert(users)
        .values(students.slice(start, start + 1000))
        .run();
    const answer = await scenario.client.get("/api/auth/users", scenario.admin);
    const ids = (answer.body as Json[]).map((user) => user.id as number);
    const paged: number[] = [];
    for (let page = 1; paged.length < ids.length; page++) {
      const next = await scenario.client.get(`/api/auth/users?pagina=${page}&per_pagina=200`, scenario.admin);
      paged.push(...(next.body.elementi as Json[]).map((user) => user.id as number));
    }
    expect(ids.length).toBeGreaterThan(STRETCHES_PER_ID_RUN * STRETCH_ROWS);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(paged);
  });

  describe("for a client that sends no Accept-Encoding (scripts, integrations)", () => {
    /** Asks for the whole loan history, plain or gzipped, and reads its JSON text whole. */
    async function ask(scenario: LoanScenario, gzip: boolean) {
      const answer = await scenario.client.app.handle(
        new Request("http://localhost/api/prestiti?all=1", {
          headers: { authorization: `Bearer ${scenario.admin}`, ...(gzip ? { "accept-encoding": "gzip" } : {}) },
        }),
      );
      expect(answer.headers.get("content-encoding")).toBe(gzip ? "gzip" : null);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      return { etag: answer.headers.get("etag"), text: new TextDecoder().decode(gzip ? Bun.gunzipSync(bytes) : bytes) };
    }

    it("answers again from the kept copy: the same body, built once", async () => {
      const scenario = await loanScenario();
      longHistory(scenario, count);
      const builds = spyOn(wholeLists, "wholeList");
      try {
        const first = await ask(scenario, false);
        expect(JSON.parse(first.text)).toHaveLength(count);
        // The second unpacks the kept gzip, the third finds the plain form kept beside it.
        expect(await ask(scenario, false)).toEqual(first);
        expect(await ask(scenario, false)).toEqual(first);
        expect(builds).toHaveBeenCalledTimes(1);
      } finally {
        builds.mockRestore();
      }
    });

    it("shares the kept copy with gzip clients, and a write renews it for both", async () => {
      const scenario = await loanScenario();
      longHistory(scenario, count);
      const builds = spyOn(wholeLists, "wholeList");
      try {
        const plain = await ask(scenario, false);
        expect(await ask(scenario, true)).toEqual(plain);
        expect(builds).toHaveBeenCalledTimes(1);
        longHistory(scenario, 1);
        const zipped = await ask(scenario, true);
        expect(zipped.etag).not.toBe(plain.etag);
        expect(JSON.parse(zipped.text)).toHaveLength(count + 1);
        expect(await ask(scenario, false)).toEqual(zipped);
        expect(builds).toHaveBeenCalledTimes(2);
      } finally {
        builds.mockRestore();
      }
    });
  });

  it("answers a short list as one array, as before", async () => {
    const scenario = await loanScenario();
    longHistory(scenario, 3);
    const answer = await scenario.client.get("/api/prestiti?all=1", scenario.admin);
    expect(answer.body).toHaveLength(3);
  });

  it("compresses only what it streams: a small answer kept by the cache goes out as it is", async () => {
    const scenario = await loanScenario();
    const ask = () =>
      scenario.client.app.handle(
        new Request("http://localhost/api/corsi", {
          headers: { authorization: `Bearer ${scenario.admin}`, "accept-encoding": "gzip" },
        }),
      );
    await ask();
    const kept = await ask();
    expect(kept.headers.get("content-encoding")).toBeNull();
    expect(await kept.json()).toEqual(expect.arrayContaining([expect.objectContaining({ nome: "Fotografia" })]));
  });
});

describe("the whole inventory and a student's whole catalogue", () => {
  const count = PIECE_ROWS * 5 + 61;

  /** `count` items of the photography course, one unit each, the first one lent. */
  async function longInventory() {
    const scenario = await inventoryScenario();
    const { ctx } = scenario;
    const courseId = photographyCourseId(ctx);
    const units: number[] = [];
    for (let index = 0; index < count; index++) {
      const itemId = insertNumberedItem(ctx, index, count);
      ctx.db.insert(inventarioCorsi).values({ inventarioId: itemId, corsoId: courseId, posizione: 0 }).run();
      const unit = ctx.db
        .insert(unita)
        .values({ inventarioId: itemId, ...unitCode(`OGG-${index}`) })
        .returning({ id: unita.id })
        .get();
      units.push(unit.id);
      if (index === 0) insertLoan(ctx, { itemId, unitIds: [unit.id] });
    }
    return scenario;
  }

  async function streamed(scenario: Awaited<ReturnType<typeof inventoryScenario>>, path: string, token: string) {
    const answer = await scenario.client.app.handle(
      new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(answer.status).toBe(200);
    return (await answer.json()) as Json[];
  }

  it("streams every item, as its pages show them and in their order", async () => {
    const scenario = await longInventory();
    const whole = await streamed(scenario, "/api/inventario", scenario.admin);
    expect(whole).toHaveLength(count);
    expect(whole).toEqual(
      (await everyPage(scenario.client, "/api/inventario", scenario.admin, 200)).map(asWholeInventoryItem),
    );
    const lent = whole.flatMap((item) => (item.unita as Json[]).filter((unit) => unit.prestito_corrente_id !== null));
    expect(lent).toHaveLength(1);
  });

  it("streams a student's catalogue, as its pages show it: items without their units", async () => {
    const scenario = await longInventory();
    const { token } = scenario.student;
    const whole = await streamed(scenario, "/api/inventario/disponibili", token);
    expect(whole).toHaveLength(count);
    expect(whole).toEqual(await everyPage(scenario.client, "/api/inventario/disponibili", token, 200));
    expect(whole.filter((item) => "unita" in item)).toEqual([]);
  });
});

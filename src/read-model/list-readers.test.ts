import { afterEach, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../app";
import { createTestContext, registerStudent, signInAdmin, type TestClient } from "../testing/harness";
import { createItem } from "../testing/inventory-fixtures";
import { type ListReaders, missBurst, startListReaders } from "./list-readers";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A server on a database file with two list readers, counting the lists they computed. */
function serverWithReaders(idleStopMs?: number, startAfterMisses = 1) {
  const folder = mkdtempSync(join(tmpdir(), "prestalab-readers-"));
  const ctx = createTestContext(new Date("2026-03-10T09:00:00Z"), join(folder, "prestalab.db"));
  const readers = startListReaders(ctx, { count: 2, idleStopMs, startAfterMisses }) as ListReaders;
  let computed = 0;
  const counted: ListReaders = {
    async read(request) {
      const read = await readers.read(request);
      if (read) computed++;
      return read;
    },
    start: readers.start,
    running: readers.running,
    stop: readers.stop,
  };
  const app = createApp(ctx, { readers: counted });
  cleanups.push(() => {
    readers.stop();
    ctx.sqlite.close();
    rmSync(folder, { recursive: true, force: true });
  });
  const call = async (path: string, token?: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (init.body) headers.set("content-type", "application/json");
    return app.handle(new Request(`http://localhost${path}`, { ...init, headers }));
  };
  // The fixtures' client, over this app.
  const client = {
    ctx,
    app,
    post: async (path: string, body: unknown, token?: string) => {
      const answer = await call(path, token, { method: "POST", body: JSON.stringify(body) });
      return { status: answer.status, body: await answer.json(), headers: answer.headers };
    },
  } as unknown as TestClient;
  return { ctx, app, call, client, readers, computed: () => computed };
}

describe("the list readers", () => {
  it("compute the polled lists on their own threads, with the same answers, fresh after every write", async () => {
    const { call, client, readers, computed } = serverWithReaders();
    const { token: admin } = await signInAdmin(client);
    await createItem(client, admin, { nome: "Fotocamera", quantita_totale: 2, unita: ["CAM-1", "CAM-2"] });
    await readers.start();

    const page = await call("/api/inventario?pagina=1&per_pagina=10", admin);
    expect(page.status).toBe(200);
    const first = (await page.json()) as { totale: number; elementi: Array<{ nome: string; unita: unknown[] }> };
    expect(first.totale).toBe(1);
    expect(first.elementi[0]?.unita).toHaveLength(2);
    expect(computed()).toBe(1);

    // Kept: the same version is answered by the server's thread, without a reader.
    const etag = page.headers.get("etag") ?? "";
    expect(
      (await call("/api/inventario?pagina=1&per_pagina=10", admin, { headers: { "if-none-match": etag } })).status,
    ).toBe(304);
    expect(computed()).toBe(1);

    await createItem(client, admin, { nome: "Treppiede", quantita_totale: 1, unita: ["TRP-1"] });
    const after = (await (await call("/api/inventario?pagina=1&per_pagina=10", admin)).json()) as { totale: number };
    expect(after.totale).toBe(2);
    expect(computed()).toBe(2);

    const summary = await call("/api/inventario/riepilogo", admin, { headers: { "accept-encoding": "gzip" } });
    expect(await summary.json()).toEqual({ articoli_totali: 2, unita_totali: 3, in_riparazione: 0, scorte_basse: 0 });
    expect(computed()).toBe(3);
  });

  it("are asked only once the server's checks passed: no token, the wrong role and a bad query are refused before", async () => {
    const { call, client, readers, computed } = serverWithReaders();
    const { token: admin } = await signInAdmin(client);
    const student = await registerStudent(client);
    await readers.start();
    expect((await call("/api/avvisi")).status).toBe(401);
    const forbidden = await call("/api/avvisi", student.token);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { error: string }).error).toBeTruthy();
    expect((await call("/api/inventario?pagina=0", admin)).status).toBe(400);
    // The refusals came from the server's own checks, before any reader was asked; only the student's alerts did.
    expect((await call("/api/avvisi/utente", student.token)).status).toBe(200);
    expect(computed()).toBe(1);
  });

  it("gzip a big list once, on the reader, and unpack it for a client without gzip", async () => {
    const { call, client, readers } = serverWithReaders();
    const { token: admin } = await signInAdmin(client);
    for (let index = 0; index < 12; index++) await createItem(client, admin, { nome: `Faro ${index}` });
    await readers.start();
    const zipped = await call("/api/inventario?pagina=1&per_pagina=50", admin, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const plain = await call("/api/inventario?pagina=1&per_pagina=50", admin);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(((await plain.json()) as { totale: number }).totale).toBe(12);
  });

  it("start with the first list that misses, the server answering it meanwhile, and stop after a quiet spell", async () => {
    const { call, client, readers, computed } = serverWithReaders(1_000);
    const { token: admin } = await signInAdmin(client);
    const summary = await call("/api/inventario/riepilogo", admin);
    expect(summary.status).toBe(200);
    expect(computed()).toBe(0);
    await readers.start();
    await createItem(client, admin, { nome: "Fotocamera" });
    expect((await call("/api/inventario/riepilogo", admin)).status).toBe(200);
    expect(computed()).toBe(1);
    // No list for longer than the quiet spell: the threads are gone, and the next miss starts them again.
    while (readers.running() > 0) await Bun.sleep(20);
    await createItem(client, admin, { nome: "Treppiede" });
    expect((await call("/api/inventario/riepilogo", admin)).status).toBe(200);
    expect(computed()).toBe(1);
  });

  it("start only once lists miss often: a few misses are answered by the server's own thread", async () => {
    const { call, client, readers, computed } = serverWithReaders(undefined, 3);
    const { token: admin } = await signInAdmin(client);
    for (const nome of ["Fotocamera", "Treppiede"]) {
      await createItem(client, admin, { nome });
      expect((await call("/api/inventario/riepilogo", admin)).status).toBe(200);
    }
    expect(readers.running()).toBe(0);
    expect(computed()).toBe(0);
    // The third miss within the burst starts them; the server still answers it itself.
    await createItem(client, admin, { nome: "Microfono" });
    expect((await call("/api/inventario/riepilogo", admin)).status).toBe(200);
    expect(computed()).toBe(0);
    expect(readers.running()).toBe(2);
    await readers.start();
    await createItem(client, admin, { nome: "Cavalletto" });
    expect((await call("/api/inventario/riepilogo", admin)).status).toBe(200);
    expect(computed()).toBe(1);
  });

  it("count a burst only within its window", () => {
    const burst = missBurst(3, 3_000);
    expect([0, 1_000, 3_500].map((at) => burst.reached(at))).toEqual([false, false, false]);
    expect(burst.reached(3_900)).toBe(true);
    expect(burst.reached(10_000)).toBe(false);
  });

  it("are not started for a database in memory, which another thread cannot open", () => {
    expect(startListReaders(createTestContext(), { count: 2 })).toBeNull();
  });
});

import { describe, expect, it } from "bun:test";
import { createTestContext } from "../testing/harness";
import { createItem } from "../testing/inventory-fixtures";
import { day, loanScenario, requestOk, travelToDay, unitIdOf } from "../testing/loan-fixtures";
import type { Resource } from "./reads";
import { createResponseCache } from "./response-cache";

/** What the loan and item lists declare they read (src/modules/loans/index.ts, inventory/index.ts). */
const LOANS: Resource[] = ["loans", "inventory", "users"];
const ITEMS: Resource[] = ["inventory", "loans", "requests", "repairs"];

type Scenario = Awaited<ReturnType<typeof loanScenario>>;

function get(scenario: Scenario, path: string, token: string, headers: Record<string, string> = {}) {
  return scenario.client.app.handle(
    new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } }),
  );
}

async function names(response: Response): Promise<string[]> {
  return ((await response.json()) as Array<{ nome: string }>).map((item) => item.nome).sort();
}

describe("the lists the screens poll", () => {
  it("carry an ETag and answer 304 without a body while nothing changed", async () => {
    const scenario = await loanScenario();
    const first = await get(scenario, "/api/inventario", scenario.admin);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    const again = await get(scenario, "/api/inventario", scenario.admin, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("change as soon as the data does", async () => {
    const scenario = await loanScenario();
    const before = await get(scenario, "/api/inventario", scenario.admin);
    const etag = before.headers.get("etag") ?? "";
    expect(await names(before)).not.toContain("Stampante 3D");
    await createItem(scenario.client, scenario.admin, { nome: "Stampante 3D" });
    const after = await get(scenario, "/api/inventario", scenario.admin, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(await names(after)).toContain("Stampante 3D");
  });

  it("change only when a resource they read does: a request rebuilds the inventory, not the users list", async () => {
    const scenario = await loanScenario();
    const users = await get(scenario, "/api/auth/users", scenario.admin);
    const inventory = await get(scenario, "/api/inventario", scenario.admin);
    await requestOk(scenario.client, scenario.student.token, {
      unit_id: unitIdOf(scenario.camera),
      dal: day(1),
      al: day(2),
    });
    const usersAgain = await get(scenario, "/api/auth/users", scenario.admin, {
      "if-none-match": users.headers.get("etag") ?? "",
    });
    expect(usersAgain.status).toBe(304);
    const inventoryAgain = await get(scenario, "/api/inventario", scenario.admin, {
      "if-none-match": inventory.headers.get("etag") ?? "",
    });
    expect(inventoryAgain.status).toBe(200);
  });

  it("change when the academy's day does (overdue loans are computed for today)", async () => {
    const scenario = await loanScenario();
    const today = await get(scenario, "/api/avvisi", scenario.admin);
    travelToDay(scenario.ctx, day(1));
    const tomorrow = await get(scenario, "/api/avvisi", scenario.admin, {
      "if-none-match": today.headers.get("etag") ?? "",
    });
    expect(tomorrow.status).toBe(200);
  });

  it("never hand one user's answer to another", async () => {
    const scenario = await loanScenario();
    const admin = await get(scenario, "/api/inventario/disponibili", scenario.admin);
    const designer = await get(scenario, "/api/inventario/disponibili", scenario.designStudent.token);
    expect(await names(designer)).toEqual(["Plotter"]);
    expect((await names(admin)).length).toBeGreaterThan(1);
  });

  it("go out gzipped to a client that accepts it, and plain to one that does not", async () => {
    const scenario = await loanScenario();
    for (let index = 0; index < 12; index++)
      await createItem(scenario.client, scenario.admin, { nome: `Faro ${index}` });
    const plain = await get(scenario, "/api/inventario", scenario.admin);
    expect(plain.headers.get("content-encoding")).toBeNull();
    const zipped = await get(scenario, "/api/inventario", scenario.admin, { "accept-encoding": "gzip, deflate, br" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    const body = new Uint8Array(await zipped.arrayBuffer());
    expect(JSON.parse(new TextDecoder().decode(Bun.gunzipSync(body)))).toEqual(await plain.json());
  });
});

describe("the kept answers", () => {
  const big = Array.from({ length: 40_000 }, (_, index) => ({ id: index, nome: `Oggetto ${index}` }));
  const bigText = JSON.stringify(big);

  it("keep a big answer gzipped only and unpack it on the way for a client without gzip", async () => {
    const cache = createResponseCache(createTestContext());
    const first = new Request("http://localhost/api/prestiti?all=1");
    expect(await cache.lookup(first, "1 list", LOANS)).toBeUndefined();
    cache.store(first, bigText, {});
    const plain = await cache.lookup(new Request("http://localhost/api/prestiti?all=1"), "1 list", LOANS);
    expect(plain?.headers.get("content-encoding")).toBeNull();
    // Unpacked a slice at a time, so that the thread answers others in between: no piece is a quarter of it.
    const reader = plain?.body?.getReader();
    if (!reader) throw new Error("the kept list has no body");
    const chunks: Uint8Array[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(chunk.value);
    expect(Math.max(...chunks.map((chunk) => chunk.byteLength))).toBeLessThan(bigText.length / 4);
    expect(JSON.parse(Buffer.concat(chunks).toString())).toEqual(big);
    const zipped = await cache.lookup(
      new Request("http://localhost/api/prestiti?all=1", { headers: { "accept-encoding": "gzip" } }),
      "1 list",
      LOANS,
    );
    expect(zipped?.headers.get("content-encoding")).toBe("gzip");
  });

  const historyOf = (loans: number) =>
    JSON.stringify(Array.from({ length: loans }, (_, index) => ({ id: index, nome: `Prestito ${index}` })));

  it("keep a list gzipped only when its plain form would not fit beside it, and go on answering it", async () => {
    const cache = createResponseCache(createTestContext());
    // 11.5 MB of JSON, 1.4 MB gzipped: both forms together are over the 12 MB one answer may take.
    const history = historyOf(300_000);
    const zipped = new Request("http://localhost/api/prestiti?all=1", { headers: { "accept-encoding": "gzip" } });
    await cache.lookup(zipped, "1 list", LOANS);
    cache.store(zipped, history, {});
    for (let call = 0; call < 2; call++) {
      const kept = await cache.lookup(new Request("http://localhost/api/prestiti?all=1"), "1 list", LOANS);
      expect(await kept?.text()).toBe(history);
    }
  });

  it("keep the plain form beside the gzip within the memory bound: the oldest answer makes way for it", async () => {
    const cache = createResponseCache(createTestContext());
    // 9.5 MB of JSON, 1.2 MB gzipped: five lists kept in both forms would take more than the 48 MB allowed.
    const history = historyOf(250_000);
    const lists = ["a", "b", "c", "d", "e"].map((name) => `1 ${name}`);
    const plainRequest = () => new Request("http://localhost/api/prestiti?all=1");
    for (const list of lists) {
      const zipped = new Request("http://localhost/api/prestiti?all=1", { headers: { "accept-encoding": "gzip" } });
      await cache.lookup(zipped, list, LOANS);
      cache.store(zipped, history, {});
    }
    for (const list of lists) {
      const kept = await cache.lookup(plainRequest(), list, LOANS);
      expect(await kept?.text()).toBe(history);
    }
    const oldest = plainRequest();
    expect(await cache.lookup(oldest, "1 a", LOANS)).toBeUndefined();
    cache.settle(oldest);
    expect(await (await cache.lookup(plainRequest(), "1 e", LOANS))?.text()).toBe(history);
  });

  it("let callers that miss while the same list is computed wait for that answer", async () => {
    const cache = createResponseCache(createTestContext());
    const owner = new Request("http://localhost/api/inventario");
    expect(await cache.lookup(owner, "1 inventory", ITEMS)).toBeUndefined();
    const waiting = cache.lookup(new Request("http://localhost/api/inventario"), "1 inventory", ITEMS);
    cache.store(owner, bigText, {});
    expect(await (await waiting)?.json()).toEqual(big);
  });

  it("release the callers of a computation even when a newer version's computation took its list meanwhile", async () => {
    const ctx = createTestContext();
    const cache = createResponseCache(ctx);
    const older = new Request("http://localhost/api/inventario");
    await cache.lookup(older, "1 inventory", ITEMS);
    const waiting = cache.lookup(new Request("http://localhost/api/inventario"), "1 inventory", ITEMS);
    ctx.sqlite.run("UPDATE data_versions SET version = version + 1 WHERE resource = 'inventory'");
    const newer = new Request("http://localhost/api/inventario");
    expect(await cache.lookup(newer, "1 inventory", ITEMS)).toBeUndefined();
    cache.store(older, bigText, {});
    expect(await (await waiting)?.json()).toEqual(big);
    cache.store(newer, bigText, {});
  });

  it("let them compute it themselves when the first computation failed", async () => {
    const cache = createResponseCache(createTestContext());
    const owner = new Request("http://localhost/api/inventario");
    await cache.lookup(owner, "1 inventory", ITEMS);
    const waiting = cache.lookup(new Request("http://localhost/api/inventario"), "1 inventory", ITEMS);
    cache.settle(owner);
    expect(await waiting).toBeUndefined();
  });

  /** The big list as a stream of JSON text, as src/read-model/whole-list.ts answers a long list. */
  function streamOf(value: unknown): Response {
    const text = JSON.stringify(value);
    const half = Math.floor(text.length / 2);
    const encoder = new TextEncoder();
    return new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode(text.slice(0, half)));
          controller.enqueue(encoder.encode(text.slice(half)));
          controller.close();
        },
      }),
    );
  }

  const unzipped = async (response: Response) =>
    JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await response.arrayBuffer()))));

  const gzipRequest = (init: RequestInit = {}) =>
    new Request("http://localhost/api/prestiti?all=1", { ...init, headers: { "accept-encoding": "gzip" } });

  it("keep a streamed whole list once it went out whole, and let callers that missed meanwhile wait for it", async () => {
    const cache = createResponseCache(createTestContext());
    const owner = gzipRequest();
    expect(await cache.lookup(owner, "1 list", LOANS)).toBeUndefined();
    const waiting = cache.lookup(gzipRequest(), "1 list", LOANS);
    const streamed = cache.storeStream(owner, streamOf(big));
    // As the server does once the handler answered, before the stream has gone out.
    cache.settle(owner);
    expect(streamed.headers.get("etag")).toStartWith('W/"');
    expect(await unzipped(streamed)).toEqual(big);
    const kept = await waiting;
    expect(kept?.headers.get("content-encoding")).toBe("gzip");
    expect(kept?.headers.get("etag")).toBe(streamed.headers.get("etag"));
    expect(await unzipped(kept as Response)).toEqual(big);
  });

  it("keep nothing from a stream its client left, and release the callers waiting for it", async () => {
    const cache = createResponseCache(createTestContext());
    const leaving = new AbortController();
    const owner = gzipRequest({ signal: leaving.signal });
    await cache.lookup(owner, "1 list", LOANS);
    const waiter = gzipRequest();
    const waiting = cache.lookup(waiter, "1 list", LOANS);
    cache.storeStream(owner, streamOf(big));
    leaving.abort();
    expect(await waiting).toBeUndefined();
    // The released caller computes the list itself; once it is done, nothing of the left stream was kept.
    cache.settle(waiter);
    expect(await cache.lookup(gzipRequest(), "1 list", LOANS)).toBeUndefined();
  });

  it("keep nothing from a stream that failed halfway, and release the callers waiting for it at once", async () => {
    const cache = createResponseCache(createTestContext());
    const owner = gzipRequest();
    await cache.lookup(owner, "1 list", LOANS);
    const waiter = gzipRequest();
    const waiting = cache.lookup(waiter, "1 list", LOANS);
    const failing = new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(bigText.slice(0, 1000)));
          controller.error(new Error("a stretch could not be read"));
        },
      }),
    );
    const streamed = cache.storeStream(owner, failing);
    cache.settle(owner);
    await expect(streamed.arrayBuffer()).rejects.toThrow();
    expect(await waiting).toBeUndefined();
    cache.settle(waiter);
    expect(await cache.lookup(gzipRequest(), "1 list", LOANS)).toBeUndefined();
  });
});

import { describe, expect, it } from "bun:test";
import { createApp } from "./app";
import { createClock } from "./clock";
import { BUILD, VERSION } from "./domain/version";
import { IMPORT_JOB_PATH, IMPORT_PATH, listenOptions, MAX_BODY_BYTES } from "./http/body-guard";
import type { UiAssetSource } from "./http/ui";
import {
  createTestClient,
  createTestContext,
  deskAndStudent,
  type Json,
  registerStudent,
  signInAdmin,
} from "./testing/harness";

const INDEX_HTML = '<!doctype html><html lang="it"><div id="root"></div>PrestaLab UI</html>';

/** A built UI held in memory, as the binary embeds it. */
const fakeUi: UiAssetSource = {
  file(path) {
    const files: Record<string, Blob> = {
      "/index.html": new Blob([INDEX_HTML], { type: "text/html" }),
      "/sw.js": new Blob(["self.addEventListener('push', () => {});"]),
      "/assets/index-3f9a1c.js": new Blob(["console.log('app')"], { type: "text/javascript" }),
      "/favicon.svg": new Blob(["<svg/>"], { type: "image/svg+xml" }),
    };
    return files[path] ?? null;
  },
};

function uiApp() {
  const app = createApp(createTestContext(), { ui: fakeUi });
  return (path: string, init?: RequestInit) => app.handle(new Request(`http://localhost${path}`, init));
}

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("referrer-policy")).toBe("same-origin");
}

describe("security headers", () => {
  it("are on every API answer, successful or not, with no-store caching", async () => {
    const client = createTestClient();
    const student = await registerStudent(client);
    const answers = [
      await client.get("/api/health"),
      await client.get("/api/auth/me", student.token),
      await client.get("/api/auth/me"),
      await client.get("/api/auth/users", student.token),
      await client.post("/api/auth/login", {}),
      await client.get("/api/non-esiste"),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 403, 400, 404]);
    for (const answer of answers) {
      expectSecurityHeaders(answer.headers);
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("are on UI answers too, with a strict content security policy", async () => {
    const get = uiApp();
    for (const path of ["/", "/prestiti", "/sw.js", "/assets/index-3f9a1c.js"]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expectSecurityHeaders(response.headers);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob: https:");
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it("never allow cross-origin calls", async () => {
    const client = createTestClient();
    const response = await client.app.handle(
      new Request("http://localhost/api/health", { headers: { origin: "https://evil.example" } }),
    );
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("routing", () => {
  it("answers an unknown /api path with a 404 JSON error, for any method", async () => {
    const client = createTestClient();
    for (const [method, path] of [
      ["GET", "/api/non-esiste"],
      ["GET", "/api"],
      ["POST", "/api/auth/non-esiste"],
      ["DELETE", "/api/prestiti-inventati/3"],
    ] as const) {
      const answer = await client.call(method, path);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: "Risorsa non trovata" });
      expect(answer.headers.get("content-type")).toContain("application/json");
    }
  });

  it("serves index.html for every client-side route so a reload keeps the page", async () => {
    const get = uiApp();
    for (const path of ["/", "/dashboard", "/prestiti", "/inventario/42", "/utenti?tab=admin"]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toBe(INDEX_HTML);
    }
  });

  it("serves the service worker as JavaScript, never cached for long", async () => {
    const response = await uiApp()("/sw.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/javascript");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain("addEventListener");
  });

  it("caches hashed assets for a year as immutable, and answers 404 for a missing one", async () => {
    const get = uiApp();
    const asset = await get("/assets/index-3f9a1c.js");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await asset.text()).toBe("console.log('app')");
    const missing = await get("/assets/index-000000.js");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Risorsa non trovata" });
  });

  it("serves other real files by path", async () => {
    const response = await uiApp()("/favicon.svg");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("<svg/>");
  });

  it("explains in Italian when the UI was not built", async () => {
    const client = createTestClient();
    const response = await client.app.handle(new Request("http://localhost/prestiti"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("L'interfaccia non è stata compilata");
  });
});

describe("request bodies and failures", () => {
  it("refuses a body announced larger than 10 MB with 413", async () => {
    const client = createTestClient();
    const response = await client.app.handle(
      new Request("http://localhost/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) },
        body: "{}",
      }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Richiesta troppo grande" });
    expectSecurityHeaders(response.headers);
  });

  const NESTED_BODIES = {
    arrays: `${"[".repeat(500_000)}${"]".repeat(500_000)}`,
    objects: `${'{"a":'.repeat(200_000)}1${"}".repeat(200_000)}`,
  };
  for (const [shape, body] of Object.entries(NESTED_BODIES)) {
    it(`refuses JSON ${shape} nested hundreds of thousands of levels deep with 400 before any schema, on public and admin routes`, async () => {
      const client = createTestClient();
      const admin = await signInAdmin(client);
      const posts = [
        ["/api/auth/login", undefined],
        ["/api/auth/register", undefined],
        ["/api/inventario", admin.token],
      ] as const;
      for (const [path, token] of posts) {
        const answer = await client.call("POST", path, { raw: body, token });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error: "Richiesta non valida: dati annidati troppo in profondità" });
      }
    });
  }

  it("accepts JSON nested 32 levels deep as far as depth goes", async () => {
    const client = createTestClient();
    const body = `{"email":"a@b.it","password":"x","x":${"[".repeat(31)}${"]".repeat(31)}}`;
    expect((await client.call("POST", "/api/auth/login", { raw: body })).status).toBe(401);
    const deeper = `{"email":"a@b.it","password":"x","x":${"[".repeat(32)}${"]".repeat(32)}}`;
    expect((await client.call("POST", "/api/auth/login", { raw: deeper })).status).toBe(400);
  });

  it("refuses a body that is not JSON with 415", async () => {
    const client = createTestClient();
    const response = await client.app.handle(
      new Request("http://localhost/api/auth/forgot-password", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n[[[[1]]]]\r\n--x--',
      }),
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: "Il corpo della richiesta deve essere in formato JSON" });
  });

  it("refuses an over-limit body streamed in chunks exactly as one with a Content-Length, on a real server", async () => {
    const client = createTestClient();
    const server = client.app.listen(listenOptions(0, "127.0.0.1")).server;
    try {
      const url = (path: string) => `http://127.0.0.1:${server?.port}${path}`;
      /** A body of `bytes` sent with Transfer-Encoding: chunked (no Content-Length), 1 MB per chunk. */
      const chunked = (bytes: number) => {
        let left = bytes;
        return new ReadableStream<Uint8Array>({
          pull(controller) {
            const size = Math.min(left, 1024 * 1024);
            if (size === 0) return controller.close();
            controller.enqueue(new Uint8Array(size).fill(0x20));
            left -= size;
          },
        });
      };
      const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
        fetch(url(path), { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
      const fourteen = 14 * 1024 * 1024 + 1;
      for (const path of ["/api/auth/login", IMPORT_PATH, IMPORT_JOB_PATH]) {
        expect((await post(path, chunked(fourteen))).status).toBe(413);
        expect((await post(path, new Uint8Array(fourteen).fill(0x20))).status).toBe(413);
      }
      const eleven = 11 * 1024 * 1024;
      const streamed = await post("/api/auth/login", chunked(eleven));
      expect(streamed.status).toBe(413);
      expect(await streamed.json()).toEqual({ error: "Richiesta troppo grande" });
      expect((await post("/api/auth/login", new Uint8Array(eleven).fill(0x20))).status).toBe(413);
    } finally {
      await server?.stop(true);
    }
  });

  it("accepts a body of exactly 10 MB as far as size goes", async () => {
    const client = createTestClient();
    const response = await client.app.handle(
      new Request("http://localhost/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES) },
        body: "{}",
      }),
    );
    expect(response.status).not.toBe(413);
  });

  it("answers an unexpected failure with 500 and a plain Italian message, no stack or SQL", async () => {
    const { client, admin, student } = await deskAndStudent();
    client.ctx.sqlite.close();
    const answers = [
      await client.get("/api/auth/users", admin.token),
      await client.put(`/api/auth/users/${student.user.id}`, { name: "X" }, admin.token),
      await client.post("/api/auth/login", { email: student.user.email, password: student.password }),
      await client.post("/api/auth/forgot-password", { email: student.user.email }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ error: "Errore interno del server" });
    }
    expect(client.ctx.metrics.incidents().length).toBeGreaterThanOrEqual(answers.length);
  });
});

describe("GET /api/health", () => {
  it("is public and reports the service, version, build and the real clock", async () => {
    const ctx = { ...createTestContext(), clock: createClock({ timeZone: "Europe/Rome" }) };
    const response = await createApp(ctx).handle(new Request("http://localhost/api/health"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ ok: true, appName: "PrestaLab", version: VERSION, build: BUILD, clock: "real" });
    expect(typeof body.build).toBe("number");
    expect(Math.abs(Date.parse(body.now) - Date.now())).toBeLessThan(5000);
    expect(body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("says the clock is shifted, and where it stands, once it was moved", async () => {
    const ctx = { ...createTestContext(), clock: createClock({ timeZone: "Europe/Rome" }) };
    ctx.clock.travelTo(new Date("2026-12-31T23:30:00Z"));
    const body = (await (await createApp(ctx).handle(new Request("http://localhost/api/health"))).json()) as Json;
    expect(body.clock).toBe("shifted");
    expect(body.now.startsWith("2026-12-31T23:3")).toBe(true);
    expect(body.today).toBe("2027-01-01");
  });
});

import { Database } from "bun:sqlite";
import { afterEach, describe, expect, it } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runJob } from "../../jobs";
import {
  createTestClient,
  createTestContext,
  type Json,
  registerStudent,
  signInAdmin,
  type TestClient,
} from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import {
  approveOk,
  auditRows,
  day,
  directLoanOk,
  loanScenario,
  requestOk,
  unitIdOf,
} from "../../testing/loan-fixtures";

const HEALTH = ["healthy", "warning", "error"];
const SERVICES = ["database", "api", "auth", "storage", "notifications"];

async function desk() {
  const client = createTestClient();
  const admin = await signInAdmin(client);
  const student = await registerStudent(client, {
    name: "Giulia",
    surname: "Rossi",
    email: "giulia.rossi@accademia.it",
  });
  return { client, ctx: client.ctx, admin: admin.token, student: student.token };
}

/**
 * Elysia runs after-response hooks (where the server records each call) in a setImmediate callback:
 * let them run, so the status counts every call made so far. No time passes.
 */
const afterResponseHooks = () => new Promise((resolve) => setImmediate(resolve));

async function status(client: TestClient, token: string): Promise<Json> {
  await afterResponseHooks();
  const answer = await client.get("/api/system/status", token);
  if (answer.status !== 200) throw new Error(`status answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const failingJob = () => {
  throw new Error("database bloccato");
};

describe("the system status for the desk", () => {
  it("has the spec's shape, every figure a measured number", async () => {
    const { client, admin } = await desk();
    const body = await status(client, admin);
    expect(HEALTH).toContain(body.overall);
    for (const key of [
      "totalRequests",
      "activeUsers",
      "totalInventory",
      "activeLoans",
      "httpRequests",
      "usersActiveLast15Minutes",
      "memoryUsage",
      "cpuUsage",
      "diskUsage",
    ])
      expect({ key, type: typeof body.metrics[key] }).toEqual({ key, type: "number" });
    for (const key of ["memoryUsage", "cpuUsage", "diskUsage"]) {
      expect(body.metrics[key]).toBeGreaterThanOrEqual(0);
      expect(body.metrics[key]).toBeLessThanOrEqual(100);
    }
    expect(Object.keys(body.services).sort()).toEqual([...SERVICES].sort());
    for (const name of SERVICES) {
      const service = body.services[name];
      expect(HEALTH).toContain(service.status);
      expect(typeof service.uptime).toBe("number");
      expect(typeof service.responseTime).toBe("number");
      expect(service.responseTime).toBeGreaterThanOrEqual(0);
    }
    expect(body.recentIncidents).toEqual([]);
    expect(body.endpoints).toBeArray();
  });

  it("is healthy on a fresh server with nothing wrong", async () => {
    const { client, admin } = await desk();
    const body = await status(client, admin);
    expect(body.overall).toBe("healthy");
    for (const name of SERVICES)
      expect({ name, status: body.services[name].status }).toEqual({ name, status: "healthy" });
  });

  it("reports the event loop's lag of the last minute, in ms", async () => {
    const { client, admin } = await desk();
    const { event_loop } = await status(client, admin);
    expect(Object.keys(event_loop).sort()).toEqual(["max_ms", "p99_ms"]);
    for (const figure of [event_loop.p99_ms, event_loop.max_ms]) {
      expect(figure).toBeNumber();
      expect(figure).toBeGreaterThanOrEqual(0);
    }
    expect(event_loop.max_ms).toBeGreaterThanOrEqual(event_loop.p99_ms);
  });

  it("sees the event loop blocked by 60 ms of synchronous work", async () => {
    const { client, admin } = await desk();
    const started = performance.now();
    while (performance.now() - started < 60) {
      // Busy on purpose: nothing else may run meanwhile, the sampler's tick included.
    }
    // The overdue tick runs before this zero-delay timer, which was scheduled after it was due.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await status(client, admin)).event_loop.max_ms).toBeGreaterThanOrEqual(50);
  });

  it("counts the requests served, and lists each endpoint with its count and median time", async () => {
    const { client, admin } = await desk();
    const before = (await status(client, admin)).metrics.httpRequests;
    for (let i = 0; i < 5; i++) expect((await client.get("/api/stats", admin)).status).toBe(200);
    const body = await status(client, admin);
    // The five calls plus the first status call itself.
    expect(body.metrics.httpRequests).toBe(before + 6);
    const stats = body.endpoints.find((endpoint: Json) => endpoint.method === "GET" && endpoint.path === "/api/stats");
    expect(stats).toMatchObject({ count: 5, errors: 0, status: "healthy" });
    expect(typeof stats.medianMs).toBe("number");
    expect(stats.medianMs).toBeGreaterThanOrEqual(0);
    expect(body.endpoints[0].count).toBeGreaterThanOrEqual(5);
  });

  it("groups calls by route, not by the ids in the path", async () => {
    const { client, admin } = await desk();
    for (const id of [101, 102, 103]) await client.put(`/api/riparazioni/${id}`, { stato: "completata" }, admin);
    const body = await status(client, admin);
    const repairs = body.endpoints.filter((endpoint: Json) => endpoint.path.startsWith("/api/riparazioni"));
    expect(repairs).toEqual([expect.objectContaining({ method: "PUT", path: "/api/riparazioni/:id", count: 3 })]);
  });

  it("counts the users seen in the last 15 minutes", async () => {
    const { client, ctx, admin, student } = await desk();
    await client.get("/api/segnalazioni/mie", student);
    expect((await status(client, admin)).metrics.usersActiveLast15Minutes).toBe(2);
    ctx.clock.travelTo(new Date(ctx.clock.now().getTime() + 16 * 60_000));
    // Only the administrator asking right now is still active.
    expect((await status(client, admin)).metrics.usersActiveLast15Minutes).toBe(1);
  });

  it("answers the four lending counts an existing desk client's tiles read, however many HTTP calls were served", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, classmate, camera, tablet } = scenario;
    // Two pending requests, one approved (an open loan), one refused; one direct loan; one archived item.
    const pending = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 0), dal: day(1), al: day(2) });
    await requestOk(client, classmate.token, { unit_id: unitIdOf(camera, 1), dal: day(1), al: day(2) });
    const approved = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 2), dal: day(3), al: day(4) });
    await approveOk(client, admin, approved.id);
    const refused = await requestOk(client, classmate.token, {
      inventario_id: tablet.id,
      unit_id: null,
      dal: day(5),
      al: day(5),
      tipo_utilizzo: "interno",
    });
    await client.put(`/api/prestiti/${refused.id}/rifiuta`, { motivo_rifiuto: "In manutenzione" }, admin);
    await directLoanOk(client, admin, {
      inventario_id: tablet.id,
      unita_ids: [unitIdOf(tablet)],
      utente_id: student.user.id,
      tipo_utilizzo: "interno",
    });
    const archived = await createItem(client, admin, { nome: "Vecchio proiettore", quantita_totale: 1 });
    expect((await client.call("DELETE", `/api/inventario/${archived.id}`, { token: admin })).status).toBe(200);
    for (let i = 0; i < 20; i++) await client.get("/api/stats", admin);

    const { metrics } = await status(client, admin);
    expect(pending.stato).toBe("in_attesa");
    expect(metrics).toMatchObject({ totalRequests: 2, activeUsers: 3, totalInventory: 4, activeLoans: 2 });
    expect(metrics.httpRequests).toBeGreaterThan(20);
  });

  it("stays small whatever unknown paths anonymous clients try: they count under the route that answered", async () => {
    const { client, ctx, admin } = await desk();
    const small = JSON.stringify(await status(client, admin)).length;
    const keys = ctx.metrics.routeStats().length;
    for (let i = 0; i < 2_000; i++) {
      const path = `/api/${crypto.randomUUID()}/${"x".repeat(i % 50)}`;
      const answer = await client.call(i % 2 ? "GET" : "POST", path);
      expect(answer.status).toBe(404);
    }
    const body = await status(client, admin);
    // POSTs reach no route at all; GETs reach the interface's history fallback, which answers /api with 404.
    const unknown = body.endpoints.filter((endpoint: Json) => endpoint.path === "/api/*");
    expect(unknown).toEqual([expect.objectContaining({ method: "*", count: 1_000 })]);
    expect(ctx.metrics.routeStats().length).toBeLessThanOrEqual(keys + 3);
    expect(JSON.stringify(body).length).toBeLessThan(small + 1_000);
  });

  it("shows a failed job run as an incident and the notifications service in error", async () => {
    const { client, ctx, admin } = await desk();
    runJob(ctx, "overdue", failingJob);
    const body = await status(client, admin);
    expect(body.overall).toBe("error");
    expect(body.services.notifications.status).toBe("error");
    expect(body.services.database.status).toBe("healthy");
    expect(body.recentIncidents).toContainEqual(
      expect.objectContaining({
        service: "notifications",
        severity: "error",
        message: expect.stringContaining("database bloccato"),
      }),
    );
    for (const incident of body.recentIncidents) {
      expect(incident.id).toBeNumber();
      expect(Number.isNaN(Date.parse(incident.time))).toBe(false);
    }
  });

  it("recovers once the job runs again, keeping the incident in the history", async () => {
    const { client, ctx, admin } = await desk();
    runJob(ctx, "overdue", failingJob);
    await status(client, admin);
    runJob(ctx, "overdue", () => "0 prestiti segnati come scaduti");
    const body = await status(client, admin);
    expect(body.services.notifications.status).toBe("healthy");
    expect(body.overall).toBe("healthy");
    expect(body.services.notifications.uptime).toBeLessThan(100);
    expect(body.recentIncidents.map((incident: Json) => incident.message)).toContainEqual(
      expect.stringContaining("database bloccato"),
    );
  });

  it("does not bury the failure under repeats of it while the page is polled", async () => {
    const { client, ctx, admin } = await desk();
    runJob(ctx, "overdue", failingJob);
    let body: Json = {};
    for (let poll = 0; poll < 30; poll++) body = await status(client, admin);
    expect(body.services.notifications.status).toBe("error");
    expect(body.recentIncidents.map((incident: Json) => incident.message)).toContainEqual(
      expect.stringContaining("database bloccato"),
    );
    expect(body.recentIncidents.length).toBeLessThanOrEqual(3);
  });

  it("shows a server error as an incident, answering the caller without details", async () => {
    const { client, ctx, admin } = await desk();
    ctx.dataDir = join(tmpdir(), "prestalab-missing-dir", "data");
    const failed = await client.get("/api/system/backup", admin);
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ error: "Errore interno del server" });
    const body = await status(client, admin);
    expect(body.recentIncidents).toContainEqual(
      expect.objectContaining({
        service: "api",
        severity: "error",
        message: expect.stringContaining("/api/system/backup"),
      }),
    );
    expect(body.services.storage.status).toBe("error");
    expect(body.overall).toBe("error");
    const backup = body.endpoints.find((endpoint: Json) => endpoint.path === "/api/system/backup");
    expect(backup).toMatchObject({ count: 1, errors: 1 });
  });
});

describe("the system status for everyone else", () => {
  it("shows a student only the overall state and the services", async () => {
    const { client, student } = await desk();
    const body = await status(client, student);
    expect(Object.keys(body).sort()).toEqual(["overall", "services"]);
    expect(HEALTH).toContain(body.overall);
    expect(Object.keys(body.services).sort()).toEqual([...SERVICES].sort());
    expect(body.metrics).toBeUndefined();
    expect(body.recentIncidents).toBeUndefined();
    expect(body.endpoints).toBeUndefined();
  });

  it("tells a student when something is wrong", async () => {
    const { client, ctx, student } = await desk();
    runJob(ctx, "overdue", failingJob);
    const body = await status(client, student);
    expect(body.overall).toBe("error");
    expect(body.services.notifications.status).toBe("error");
  });

  it("answers 401 without a session", async () => {
    const { client } = await desk();
    const answer = await client.get("/api/system/status");
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBeString();
  });
});

describe("downloading a backup", () => {
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  async function deskWithDataDir() {
    const scenario = await desk();
    dataDir = mkdtempSync(join(tmpdir(), "prestalab-backup-test-"));
    scenario.ctx.dataDir = dataDir;
    return { ...scenario, dataDir };
  }

  function download(client: TestClient, token?: string) {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    return client.app.handle(new Request("http://localhost/api/system/backup", { headers }));
  }

  it("gives the desk a dated .db file that opens, is intact and holds the users", async () => {
    const { client, admin, dataDir } = await deskWithDataDir();
    const response = await download(client, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="prestalab-backup-2026-03-10-\d{2}-\d{2}-\d{2}\.db"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 15))).toBe("SQLite format 3");

    const copy = join(dataDir, "downloaded.db");
    await Bun.write(copy, bytes);
    const db = new Database(copy, { readonly: true });
    try {
      expect(db.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
      const emails = db.query("SELECT email FROM users ORDER BY email").all() as Array<{ email: string }>;
      expect(emails.map((row) => row.email)).toEqual(["desk@accademia.it", "giulia.rossi@accademia.it"]);
    } finally {
      db.close();
    }
    // Only the file saved by the test is left: the server's temporary copy is gone.
    expect(readdirSync(dataDir)).toEqual(["downloaded.db"]);
  });

  it("removes the temporary copy when a download is abandoned", async () => {
    const { client, admin, dataDir } = await deskWithDataDir();
    const response = await download(client, admin);
    expect(response.status).toBe(200);
    await response.body?.cancel();
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("serves two downloads started in the same second", async () => {
    const { client, admin, dataDir } = await deskWithDataDir();
    const first = await download(client, admin);
    const second = await download(client, admin);
    expect([first.status, second.status]).toEqual([200, 200]);
    const [a, b] = await Promise.all([first.arrayBuffer(), second.arrayBuffer()]);
    expect(a.byteLength).toBeGreaterThan(0);
    expect(b.byteLength).toBe(a.byteLength);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("records the download in the audit trail", async () => {
    const { client, ctx, admin } = await deskWithDataDir();
    await (await download(client, admin)).arrayBuffer();
    const rows = auditRows(ctx).filter((row) => row.action === "system.backup");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.summary).toContain("prestalab-backup-2026-03-10");
  });

  it("removes the temporary copy when the download fails after the copy was written", async () => {
    const { client, ctx, admin, dataDir } = await deskWithDataDir();
    // The audit row, written once the copy exists, fails (as a full disk would make it).
    ctx.sqlite.exec(
      "CREATE TRIGGER audit_fails BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'disco pieno'); END",
    );
    const response = await download(client, admin);
    expect(response.status).toBe(500);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("answers with a whole copy while an import holds the write lock, waiting for it without stopping the server", async () => {
    const { dataDir } = await deskWithDataDir();
    const file = join(dataDir, "prestalab.db");
    const ctx = createTestContext(undefined, file);
    ctx.dataDir = dataDir;
    // The server's gate, telling the test when the backup comes to write its audit row.
    const gate = ctx.writes;
    const auditWaits = Promise.withResolvers<void>();
    ctx.writes = {
      ...gate,
      hold: (work) => {
        auditWaits.resolve();
        return gate.hold(work);
      },
    };
    const client = createTestClient(ctx);
    const admin = (await signInAdmin(client)).token;
    // As the import worker does: its own connection holds the write lock, and the server's writes wait.
    const importer = new Database(file);
    importer.exec("BEGIN IMMEDIATE");
    importer.exec("INSERT INTO categorie (nome) VALUES ('Importata')");
    await gate.close();

    let answered = false;
    const downloading = download(client, admin).then((response) => {
      answered = true;
      return response;
    });
    await auditWaits.promise;
    expect((await client.get("/api/health")).status).toBe(200);
    expect(answered).toBe(false);

    importer.exec("COMMIT");
    importer.close();
    gate.open();
    const response = await downloading;
    expect(response.status).toBe(200);
    const copy = join(dataDir, "scaricato.db");
    await Bun.write(copy, await response.arrayBuffer());
    const db = new Database(copy, { readonly: true });
    try {
      expect(db.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
      expect(db.query("SELECT count(*) AS n FROM users").get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
    expect(auditRows(ctx).filter((row) => row.action === "system.backup")).toHaveLength(1);
    expect(readdirSync(dataDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    ctx.sqlite.close();
  });

  it("is for the desk only", async () => {
    const { client, ctx, student, dataDir } = await deskWithDataDir();
    const asStudent = await download(client, student);
    expect(asStudent.status).toBe(403);
    expect(await asStudent.json()).toEqual({ error: expect.any(String) });
    expect((await download(client)).status).toBe(401);
    expect(readdirSync(dataDir)).toEqual([]);
    expect(auditRows(ctx).filter((row) => row.action === "system.backup")).toEqual([]);
  });
});

describe("GET /api/stats/system-status, the path an existing desk client calls", () => {
  it("answers what /api/system/status answers, to the same callers", async () => {
    const { client, admin, student } = await desk();
    const direct = await status(client, admin);
    const alias = await client.get("/api/stats/system-status", admin);
    expect(alias.status).toBe(200);
    expect(Object.keys(alias.body).sort()).toEqual(Object.keys(direct).sort());
    expect(Object.keys(alias.body.services)).toEqual(SERVICES);
    const forStudent = await client.get("/api/stats/system-status", student);
    expect(Object.keys(forStudent.body).sort()).toEqual(["overall", "services"]);
    expect((await client.get("/api/stats/system-status")).status).toBe(401);
  });
});

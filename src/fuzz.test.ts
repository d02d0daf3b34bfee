/**
 * Robustness fuzz over every registered route: random ids, query strings and JSON bodies (well-formed,
 * wrongly typed, malformed) from an anonymous caller, two students of one course and the desk. Whatever
 * arrives, the server answers below 500, checks who is calling before anything else, never shows one
 * student another student's requests, loans, reports or account, and changes nothing for a caller
 * without the right — nor anything at all when it refuses a call.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, it } from "bun:test";
import { drizzle } from "drizzle-orm/bun-sqlite";
import fc from "fast-check";
import type { App } from "./app";
import { createClock } from "./clock";
import type { AppContext } from "./context";
import * as schema from "./db/schema";
import { createTokenService, type TokenService } from "./http/auth";
import { createServerMetrics } from "./http/metrics";
import { inventoryTemplate } from "./modules/excel/service";
import { chaosSeed } from "./testing/chaos-seed";
import { createTestClient, type Json, registerStudent, signInAdmin, type TestClient } from "./testing/harness";
import { createCategory, createItem } from "./testing/inventory-fixtures";
import { approveOk, day, directLoanOk, requestOk, returnOk, travelToDay } from "./testing/loan-fixtures";

// ── Who may call what ───────────────────────────────────────────────────────────────────────────

type Access = "public" | "signed-in" | "admin";
type Entity =
  | "user"
  | "item"
  | "unit"
  | "category"
  | "course"
  | "request"
  | "loan"
  | "report"
  | "repair"
  | "notification"
  | "penalty"
  | "set"
  | "shortage"
  | "kit"
  | "extension"
  /** An import job: its ids are random text, so the fuzzer only ever aims unknown ones at it. */
  | "importJob";

interface RouteRule {
  access: Access;
  /** What each path parameter names, so the fuzzer can aim real ids (own, the other student's) at it. */
  params?: Record<string, Entity>;
}

/** Every route of the API, decided here: a new route fails the coverage test until it is added. */

const ROUTE_RULES: Record<string, RouteRule> = {
  "GET /api/health": { access: "public" },
  "GET /api/docs": { access: "public" },
  "GET /api/docs/json": { access: "public" },
  "POST /api/auth/login": { access: "public" },
  "POST /api/auth/register": { access: "public" },
  "POST /api/auth/forgot-password": { access: "public" },
  "POST /api/auth/reimposta-password": { access: "public" },
  "GET /api/auth/me": { access: "signed-in" },
  "PUT /api/auth/me/corso": { access: "signed-in" },
  "GET /api/auth/metodi": { access: "public" },
  "GET /api/auth/oidc/start": { access: "public" },
  "GET /api/auth/oidc/callback": { access: "public" },
  "POST /api/auth/oidc/sessione": { access: "public" },
  "PUT /api/auth/password": { access: "signed-in" },
  "GET /api/auth/password-reset-requests": { access: "admin" },
  "POST /api/auth/admin-reset-password": { access: "admin" },
  "GET /api/auth/users": { access: "admin" },
  "PUT /api/auth/users/:id": { access: "admin", params: { id: "user" } },
  "PUT /api/auth/users/:id/reset-password": { access: "admin", params: { id: "user" } },
  "DELETE /api/auth/users/:id": { access: "admin", params: { id: "user" } },
  "PUT /api/users/:id": { access: "admin", params: { id: "user" } },
  "DELETE /api/users/:id": { access: "admin", params: { id: "user" } },
  "GET /api/inventario": { access: "admin" },
  "GET /api/inventario/disponibili": { access: "signed-in" },
  "GET /api/inventario/riepilogo": { access: "admin" },
  "GET /api/inventario/:id": { access: "signed-in", params: { id: "item" } },
  "GET /api/inventario/:id/disponibili": { access: "signed-in", params: { id: "item" } },
  "GET /api/inventario/:id/units": { access: "signed-in", params: { id: "item" } },
  "GET /api/inventario/:id/disponibilita": { access: "signed-in", params: { id: "item" } },
  "GET /api/kit": { access: "signed-in" },
  "POST /api/kit": { access: "admin" },
  "GET /api/kit/:id": { access: "signed-in", params: { id: "kit" } },
  "PUT /api/kit/:id": { access: "admin", params: { id: "kit" } },
  "DELETE /api/kit/:id": { access: "admin", params: { id: "kit" } },
  "GET /api/kit/:id/disponibilita": { access: "signed-in", params: { id: "kit" } },
  "GET /api/kit/:id/etichetta": { access: "admin", params: { id: "kit" } },
  "GET /api/notifiche": { access: "signed-in" },
  "PUT /api/notifiche/tutte-lette": { access: "signed-in" },
  "PUT /api/notifiche/:id/letta": { access: "signed-in", params: { id: "notification" } },
  "DELETE /api/notifiche/:id": { access: "signed-in", params: { id: "notification" } },
  "POST /api/inventario": { access: "admin" },
  "PUT /api/inventario/:id": { access: "admin", params: { id: "item" } },
  "DELETE /api/inventario/:id": { access: "admin", params: { id: "item" } },
  "PUT /api/inventario/:id/units/:unitId": { access: "admin", params: { id: "item", unitId: "unit" } },
  "GET /api/inventario/:id/foto": { access: "signed-in", params: { id: "item" } },
  "POST /api/inventario/:id/foto": { access: "admin", params: { id: "item" } },
  "POST /api/segnalazioni/:id/foto": { access: "signed-in", params: { id: "report" } },
  // A photo's id: any number will do, a missing photo answers 404.
  "GET /api/foto/:id": { access: "signed-in", params: { id: "item" } },
  "DELETE /api/foto/:id": { access: "admin", params: { id: "item" } },
  "GET /api/categorie-semplici": { access: "signed-in" },
  "POST /api/categorie-semplici": { access: "admin" },
  "PUT /api/categorie-semplici/:id": { access: "admin", params: { id: "category" } },
  "DELETE /api/categorie-semplici/:id": { access: "admin", params: { id: "category" } },
  "GET /api/corsi": { access: "public" },
  "GET /api/corsi/tutti": { access: "admin" },
  "POST /api/corsi": { access: "admin" },
  "PUT /api/corsi/:id": { access: "admin", params: { id: "course" } },
  "GET /api/impostazioni": { access: "admin" },
  "PUT /api/impostazioni": { access: "admin" },
  "GET /api/impostazioni/regole": { access: "signed-in" },
  "GET /api/primi-passi": { access: "admin" },
  "GET /api/eventi": { access: "admin" },
  "GET /api/excel/inventario/export": { access: "admin" },
  "GET /api/excel/inventario/template": { access: "admin" },
  "POST /api/excel/inventario/import": { access: "admin" },
  "POST /api/excel/inventario/import/lavori": { access: "admin" },
  "GET /api/excel/inventario/import/lavori/:id": { access: "admin", params: { id: "importJob" } },
  "GET /api/richieste": { access: "signed-in" },
  "GET /api/richieste/mie": { access: "signed-in" },
  "POST /api/richieste": { access: "signed-in" },
  "DELETE /api/richieste/:id": { access: "signed-in", params: { id: "request" } },
  "GET /api/prestiti": { access: "signed-in" },
  "GET /api/prestiti/mie": { access: "signed-in" },
  "POST /api/prestiti": { access: "admin" },
  "PUT /api/prestiti/:id/approva": { access: "admin", params: { id: "request" } },
  "PUT /api/prestiti/:id/rifiuta": { access: "admin", params: { id: "request" } },
  "PUT /api/prestiti/:id/restituisci": { access: "admin", params: { id: "loan" } },
  "PUT /api/prestiti/:id/consegna": { access: "admin", params: { id: "loan" } },
  "PUT /api/prestiti/:id/annulla": { access: "admin", params: { id: "loan" } },
  "GET /api/prestiti/:id/anteprima-restituzione": { access: "admin", params: { id: "loan" } },
  "GET /api/prestiti/:id/ricevuta": { access: "signed-in", params: { id: "loan" } },
  "GET /api/etichette": { access: "admin" },
  "GET /api/banco/scansione": { access: "admin" },
  "GET /api/banco/in-attesa": { access: "admin" },
  "GET /api/prestiti/:id/units": { access: "signed-in", params: { id: "loan" } },
  "GET /api/prestiti/:id": { access: "signed-in", params: { id: "loan" } },
  "POST /api/prestiti/:id/proroga": { access: "signed-in", params: { id: "loan" } },
  "PUT /api/prestiti/:id/proroga": { access: "admin", params: { id: "loan" } },
  "POST /api/prestiti/:id/promemoria": { access: "admin", params: { id: "loan" } },
  "GET /api/proroghe": { access: "signed-in" },
  "PUT /api/proroghe/:id/approva": { access: "admin", params: { id: "extension" } },
  "PUT /api/proroghe/:id/rifiuta": { access: "admin", params: { id: "extension" } },
  "GET /api/prestiti/:id/ics": { access: "signed-in", params: { id: "loan" } },
  "GET /api/calendario": { access: "signed-in" },
  "POST /api/prenotazioni": { access: "signed-in" },
  "GET /api/prenotazioni": { access: "admin" },
  "GET /api/prenotazioni/mie": { access: "signed-in" },
  "GET /api/prenotazioni/:id": { access: "signed-in", params: { id: "set" } },
  "DELETE /api/prenotazioni/:id": { access: "signed-in", params: { id: "set" } },
  "PUT /api/prenotazioni/:id/approva": { access: "admin", params: { id: "set" } },
  "PUT /api/prenotazioni/:id/rifiuta": { access: "admin", params: { id: "set" } },
  "PUT /api/prenotazioni/:id/consegna": { access: "admin", params: { id: "set" } },
  "PUT /api/prenotazioni/:id/firma": { access: "signed-in", params: { id: "set" } },
  "GET /api/prenotazioni/:id/ricevuta": { access: "signed-in", params: { id: "set" } },
  "GET /api/prenotazioni/:id/anteprima-restituzione": { access: "admin", params: { id: "set" } },
  "PUT /api/prenotazioni/:id/restituisci": { access: "admin", params: { id: "set" } },
  "GET /api/mancanze": { access: "admin" },
  "GET /api/utenti/:id/scheda": { access: "admin", params: { id: "user" } },
  "GET /api/agenda": { access: "admin" },
  "PUT /api/mancanze/:id/risolvi": { access: "admin", params: { id: "shortage" } },
  "DELETE /api/calendario": { access: "signed-in" },
  // Its token is its credential: a calendar application asks without a session. A user's id in its place
  // is a token that does not exist.
  "GET /api/calendario/:token": { access: "public", params: { token: "user" } },
  "GET /api/prestiti/unit/:unitId": { access: "signed-in", params: { unitId: "unit" } },
  "GET /api/penalties/user/:userId": { access: "signed-in", params: { userId: "user" } },
  "POST /api/penalties/unblock-user": { access: "admin" },
  "GET /api/penalties/stats": { access: "admin" },
  "POST /api/penalties/assign-manual": { access: "admin" },
  "PUT /api/penalties/:id": { access: "admin", params: { id: "penalty" } },
  "DELETE /api/penalties/:id": { access: "admin", params: { id: "penalty" } },
  "GET /api/avvisi": { access: "admin" },
  "GET /api/avvisi/utente": { access: "signed-in" },
  "GET /api/riparazioni": { access: "admin" },
  "GET /api/riparazioni/riepilogo": { access: "admin" },
  "POST /api/riparazioni": { access: "admin" },
  "PUT /api/riparazioni/:id": { access: "admin", params: { id: "repair" } },
  "GET /api/segnalazioni": { access: "admin" },
  "GET /api/segnalazioni/riepilogo": { access: "admin" },
  "GET /api/segnalazioni/mie": { access: "signed-in" },
  "POST /api/segnalazioni": { access: "signed-in" },
  "PUT /api/segnalazioni/:id": { access: "admin", params: { id: "report" } },
  "POST /api/segnalazioni/:id/riparazione": { access: "admin", params: { id: "report" } },
  "GET /api/stats": { access: "admin" },
  "GET /api/stats/top-users": { access: "admin" },
  "GET /api/stats/top-items": { access: "admin" },
  "GET /api/stats/top-departments": { access: "admin" },
  "GET /api/stats/categories": { access: "admin" },
  "GET /api/stats/monthly-requests": { access: "admin" },
  "GET /api/system/status": { access: "signed-in" },
  "GET /api/stats/system-status": { access: "signed-in" },
  "GET /api/system/backup": { access: "admin" },
  "GET /api/system/directory": { access: "admin" },
  "GET /api/audit": { access: "admin" },
  "GET /api/cerca": { access: "admin" },
  "GET /api/stats/domanda": { access: "admin" },
  "GET /api/stats/domanda/articoli/:id/settimane": { access: "admin", params: { id: "item" } },
  "GET /api/stats/domanda/export": { access: "admin" },
  "POST /api/domanda/ricerche": { access: "signed-in" },
  "POST /api/attese": { access: "signed-in" },
  "GET /api/attese/mie": { access: "signed-in" },
  "GET /api/attese": { access: "admin" },
  // No fixture owns a waiting-list entry: a request's id stands in, and finds no entry of that owner.
  "PUT /api/attese/:id/conferma": { access: "signed-in", params: { id: "request" } },
  "DELETE /api/attese/:id": { access: "signed-in", params: { id: "request" } },
};

/** The embedded UI's history fallback: not part of the API. */
const UI_FALLBACK = "GET /*";

interface FuzzRoute {
  key: string;
  method: string;
  path: string;
  rule: RouteRule;
  paramNames: string[];
  bodyFields: string[];
  queryFields: string[];
}

function schemaFields(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

const routeKeys = (app: App) =>
  [...new Set(app.routes.map((route) => `${route.method} ${route.path}`))].filter((key) => key !== UI_FALLBACK);

/** The registered routes that have an access decision, with the field names their own `t` schemas declare. */
function registeredRoutes(app: App): FuzzRoute[] {
  const seen = new Map<string, FuzzRoute>();
  for (const route of app.routes) {
    const key = `${route.method} ${route.path}`;
    const rule = ROUTE_RULES[key];
    if (!rule || seen.has(key)) continue;
    const hooks = (route.hooks ?? {}) as { body?: unknown; query?: unknown };
    seen.set(key, {
      key,
      method: route.method,
      path: route.path,
      rule,
      paramNames: [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string),
      bodyFields: schemaFields(hooks.body),
      queryFields: schemaFields(hooks.query),
    });
  }
  return [...seen.values()];
}

// ── The academy under test ──────────────────────────────────────────────────────────────────────

type Student = "A" | "B";
type Owner = Student | "desk";

/** Words that only ever appear in one student's own records: seeing them elsewhere is a leak. */
const PRIVATE_NOTE: Record<Student, string> = { A: "appunto-riservato-anna", B: "appunto-riservato-bruno" };

interface World {
  client: TestClient;
  ctx: AppContext;
  adminId: number;
  studentIds: Record<Student, number>;
  /** Tokens that must never be accepted: wrong signature, `alg: none`, an old session, junk. */
  badAuthorization: Record<AnonymousKind, string | null>;
  pools: Record<Entity, Record<Owner, number[]>>;
  tables: string[];
  /** What was observed of the database at `cache.changes`; most calls change nothing, so it is reused. */
  cache: ObservationCache;
  tokens: TokenService;
  signed: Map<string, string>;
}

interface ObservationCache {
  changes: number;
  snapshot?: Record<string, string>;
  owned: Map<number, string>;
  records: Map<Student, StudentRecords>;
}

type AnonymousKind = "none" | "junk" | "forged" | "alg-none" | "stale" | "basic";

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/**
 * A Fotografia desk with an admin and two students, A and B, each holding a pending request, an
 * active loan from an approved request, a rejected request, a fault report and (B) a late-return
 * penalty — all created through the API, as the product would.
 */
async function seedWorld(): Promise<World> {
  const client = createTestClient();
  const { ctx } = client;
  const admin = await signInAdmin(client);
  const anna = await registerStudent(client, { name: "Anna", surname: "Ferri", corso_accademico: "Fotografia" });
  const bruno = await registerStudent(client, { name: "Bruno", surname: "Galli", corso_accademico: "Fotografia" });
  const students = { A: anna, B: bruno };
  const categoryId = await createCategory(client, admin.token, "Ottiche");
  const camera = await createItem(client, admin.token, {
    nome: "Fotocamera",
    quantita_totale: 5,
    categoria_id: categoryId,
  });
  const tablet = await createItem(client, admin.token, {
    nome: "Tavoletta grafica",
    quantita_totale: 2,
    tipo_prestito: "entrambi",
  });
  const plotter = await createItem(client, admin.token, {
    nome: "Plotter",
    quantita_totale: 1,
    corsi_assegnati: ["Design"],
  });
  const unitOf = (item: Json, index: number) => item.unita[index].id as number;

  // B returns a tablet three days late: one strike on record.
  const lateLoan = await directLoanOk(client, admin.token, {
    inventario_id: tablet.id,
    unita_ids: [unitOf(tablet, 0)],
    utente_id: bruno.user.id,
    tipo_utilizzo: "esterno",
  });
  travelToDay(ctx, day(3));
  await returnOk(client, admin.token, lateLoan);

  const pools: World["pools"] = {
    user: { A: [anna.user.id], B: [bruno.user.id], desk: [admin.user.id] },
    item: { A: [], B: [], desk: [camera.id, tablet.id, plotter.id] },
    unit: { A: [], B: [], desk: [...camera.unita, ...tablet.unita, ...plotter.unita].map((unit: Json) => unit.id) },
    category: { A: [], B: [], desk: [categoryId] },
    course: { A: [], B: [], desk: [1, 2] },
    request: { A: [], B: [], desk: [] },
    loan: { A: [], B: [lateLoan], desk: [] },
    report: { A: [], B: [], desk: [] },
    repair: { A: [], B: [], desk: [] },
    notification: { A: [], B: [], desk: [] },
    // Bruno's late return above left him a penalty.
    penalty: {
      A: [],
      B: (ctx.sqlite.query("SELECT id FROM penalita WHERE utente_id = ?1").values(bruno.user.id) as number[][]).map(
        (row) => row[0] as number,
      ),
      desk: [],
    },
    importJob: { A: [], B: [], desk: [] },
    set: { A: [], B: [], desk: [] },
    shortage: { A: [], B: [], desk: [] },
    kit: { A: [], B: [], desk: [] },
    extension: { A: [], B: [], desk: [] },
  };
  const today = ctx.clock.today();
  const plus = (days: number) => day(3 + days);
  for (const [index, who] of (["A", "B"] as const).entries()) {
    const { token } = students[who];
    const note = PRIVATE_NOTE[who];
    const pending = await requestOk(client, token, { unit_id: unitOf(camera, index), dal: plus(5), al: plus(6), note });
    const approved = await requestOk(client, token, {
      unit_id: unitOf(camera, 2 + index),
      dal: today,
      al: plus(2),
      note,
    });
    const { loanId } = await approveOk(client, admin.token, approved.id);
    const rejected = await requestOk(client, token, {
      unit_id: unitOf(camera, index),
      dal: plus(8),
      al: plus(9),
      note,
    });
    const refusal = await client.put(
      `/api/prestiti/${rejected.id}/rifiuta`,
      { motivo_rifiuto: "Già prenotata" },
      admin.token,
    );
    if (refusal.status !== 200) throw new Error(`rejection refused: ${JSON.stringify(refusal.body)}`);
    const report = await client.post(
      "/api/segnalazioni",
      { tipo: "guasto", urgenza: "media", messaggio: note, prestito_id: loanId, unit_id: unitOf(camera, 2 + index) },
      token,
    );
    if (report.status !== 200) throw new Error(`report refused: ${JSON.stringify(report.body)}`);
    pools.request[who].push(pending.id, approved.id, rejected.id);
    pools.loan[who].push(loanId);
    pools.report[who].push(report.body.id);
    pools.unit[who].push(unitOf(camera, 2 + index));
    const set = await client.post(
      "/api/prenotazioni",
      { dal: plus(20), al: plus(21), note, righe: [{ inventario_id: camera.id }] },
      token,
    );
    if (set.status !== 200) throw new Error(`set refused: ${JSON.stringify(set.body)}`);
    pools.set[who].push(set.body.id);
  }
  const repair = await client.post(
    "/api/riparazioni",
    { inventario_id: camera.id, unit_id: unitOf(camera, 4), descrizione: "Otturatore bloccato" },
    admin.token,
  );
  if (repair.status !== 200) throw new Error(`repair refused: ${JSON.stringify(repair.body)}`);
  pools.repair.desk.push(repair.body.id);
  const kit = await client.post(
    "/api/kit",
    { nome: "Kit base", corsi_assegnati: ["Fotografia"], righe: [{ inventario_id: camera.id, quantita: 1 }] },
    admin.token,
  );
  if (kit.status !== 200) throw new Error(`kit refused: ${JSON.stringify(kit.body)}`);
  pools.kit.desk.push(kit.body.id);
  for (const who of ["A", "B"] as const)
    pools.notification[who] = (
      ctx.sqlite.query("SELECT id FROM notifiche WHERE utente_id = ?1").values(students[who].user.id) as number[][]
    ).map((row) => row[0] as number);
  await client.post("/api/auth/forgot-password", { email: anna.user.email });

  const tokens = createTokenService(ctx);
  const forger = createTokenService({ ...ctx, jwtSecret: "another-secret-0123456789abcdef0123" });
  const adminClaims = { sub: String(admin.user.id), ruolo: "admin", sv: 1, exp: 4_102_444_800 };
  const badAuthorization: World["badAuthorization"] = {
    none: null,
    junk: "Bearer not-a-token",
    forged: `Bearer ${await forger.sign({ id: admin.user.id, ruolo: "admin", sessionVersion: 1 })}`,
    "alg-none": `Bearer ${base64url({ alg: "none", typ: "JWT" })}.${base64url(adminClaims)}.`,
    stale: `Bearer ${await tokens.sign({ id: anna.user.id, ruolo: "user", sessionVersion: 0 })}`,
    basic: `Basic ${Buffer.from(`${admin.user.email}:x`).toString("base64")}`,
  };
  const tables =
    // Ordinary tables only: the search indexes' virtual and shadow tables follow their tables by triggers.
    (
      ctx.sqlite
        .query("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' ORDER BY name")
        .all() as { name: string }[]
    ).map((row) => row.name);
  return {
    client,
    ctx,
    tokens,
    signed: new Map(),
    cache: { changes: -1, owned: new Map(), records: new Map() },
    adminId: admin.user.id,
    studentIds: { A: anna.user.id, B: bruno.user.id },
    badAuthorization,
    pools,
    tables,
  };
}

/**
 * A fresh copy of a seeded world: the same rows and ids in a new in-memory database, behind a new app (so
 * rate limits and metrics start over). Copying is far cheaper than seeding through the API again.
 */
function cloneWorld(template: World): World {
  const sqlite = Database.deserialize(template.ctx.sqlite.serialize(), { strict: true });
  sqlite.exec("PRAGMA foreign_keys = ON");
  const ctx: AppContext = {
    ...template.ctx,
    sqlite,
    db: drizzle({ client: sqlite, schema }),
    clock: createClock({ timeZone: template.ctx.clock.timeZone, startAt: template.ctx.clock.now() }),
    metrics: createServerMetrics(),
  };
  return {
    ...template,
    client: createTestClient(ctx),
    ctx,
    cache: { changes: -1, owned: new Map(), records: new Map() },
  };
}

// ── Observing the database ──────────────────────────────────────────────────────────────────────

/** Rows written since the connection opened (rolled-back writes included): the cheap "did anything move". */
function totalChanges(ctx: AppContext): number {
  return (ctx.sqlite.query("SELECT total_changes() AS n").get() as { n: number }).n;
}

/** The observation cache, emptied when the database has been written to since it was filled. */
function observed(world: World): ObservationCache {
  const changes = totalChanges(world.ctx);
  if (world.cache.changes !== changes) world.cache = { changes, owned: new Map(), records: new Map() };
  return world.cache;
}

function snapshot(world: World): Record<string, string> {
  const cache = observed(world);
  cache.snapshot ??= takeSnapshot(world);
  return cache.snapshot;
}

/** Per table: row count, highest rowid and a hash of every row. */
function takeSnapshot(world: World): Record<string, string> {
  const result: Record<string, string> = {};
  for (const table of world.tables) {
    const rows = world.ctx.sqlite.query(`SELECT rowid, * FROM "${table}" ORDER BY rowid`).values();
    const last = rows.at(-1)?.[0] ?? 0;
    result[table] = `${rows.length}/${last}/${Bun.hash(JSON.stringify(rows)).toString(36)}`;
  }
  return result;
}

function ownedSnapshot(world: World, userId: number): string {
  const cache = observed(world);
  let hash = cache.owned.get(userId);
  if (hash === undefined) {
    hash = takeOwnedSnapshot(world.ctx, userId);
    cache.owned.set(userId, hash);
  }
  return hash;
}

/** A hash of everything that belongs to one student: account, requests, loans, reports, penalties. */
function takeOwnedSnapshot(ctx: AppContext, userId: number): string {
  const queries = [
    "SELECT * FROM users WHERE id = ?1",
    "SELECT * FROM richieste WHERE utente_id = ?1 ORDER BY id",
    "SELECT * FROM prestiti WHERE utente_id = ?1 ORDER BY id",
    "SELECT * FROM prestiti_unita WHERE prestito_id IN (SELECT id FROM prestiti WHERE utente_id = ?1) ORDER BY 1, 2",
    "SELECT * FROM segnalazioni WHERE user_id = ?1 ORDER BY id",
    "SELECT * FROM penalita WHERE utente_id = ?1 ORDER BY id",
    "SELECT * FROM prenotazioni WHERE utente_id = ?1 ORDER BY id",
    "SELECT * FROM password_reset_requests WHERE user_id = ?1 ORDER BY id",
  ];
  const rows = queries.map((query) => ctx.sqlite.query(query).values(userId));
  return Bun.hash(JSON.stringify(rows)).toString(36);
}

interface StudentRecords {
  id: number;
  email: string | null;
  privateNote: string;
  requests: Set<number>;
  loans: Set<number>;
  reports: Set<number>;
  notifications: Set<number>;
  sets: Set<number>;
  /** Units held by one of their open loans. */
  units: Set<number>;
}

function recordsOf(world: World, who: Student): StudentRecords {
  const cache = observed(world);
  let records = cache.records.get(who);
  if (!records) {
    records = readRecords(world, who);
    cache.records.set(who, records);
  }
  return records;
}

function readRecords(world: World, who: Student): StudentRecords {
  const { ctx } = world;
  const userId = world.studentIds[who];
  const ids = (query: string) =>
    new Set((ctx.sqlite.query(query).values(userId) as number[][]).map((row) => row[0] as number));
  const user = ctx.sqlite.query("SELECT email FROM users WHERE id = ?1").get(userId) as { email: string } | null;
  return {
    id: userId,
    email: user?.email ?? null,
    privateNote: PRIVATE_NOTE[who],
    requests: ids("SELECT id FROM richieste WHERE utente_id = ?1"),
    loans: ids("SELECT id FROM prestiti WHERE utente_id = ?1"),
    reports: ids("SELECT id FROM segnalazioni WHERE user_id = ?1"),
    notifications: ids("SELECT id FROM notifiche WHERE utente_id = ?1"),
    sets: ids("SELECT id FROM prenotazioni WHERE utente_id = ?1"),
    units: ids(
      `SELECT pu.unit_id FROM prestiti_unita pu JOIN prestiti p ON p.id = pu.prestito_id
       WHERE p.utente_id = ?1 AND p.stato IN ('attivo', 'scaduto')`,
    ),
  };
}

/** Where an answer shows one of `other`'s records, or null. */
function leakIn(body: unknown, text: string, other: StudentRecords): string | null {
  if (other.email && text.toLowerCase().includes(other.email)) return `their email ${other.email}`;
  if (text.includes(other.privateNote)) return `their private note "${other.privateNote}"`;
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      for (const key of ["utente_id", "user_id", "userId"])
        if (record[key] === other.id) return `an object with ${key} = ${other.id}`;
      const id = record.id as number;
      if ("dal" in record && "unit_id" in record && other.requests.has(id)) return `their request #${id}`;
      if ("data_uscita" in record && other.loans.has(id)) return `their loan #${id}`;
      if ("urgenza" in record && other.reports.has(id)) return `their report #${id}`;
      if ("titolo" in record && other.notifications.has(id)) return `their notification #${id}`;
      if ("email" in record && id === other.id) return `their account #${id}`;
      if (other.requests.has(record.richiesta_id as number)) return `their request #${record.richiesta_id}`;
      if (other.loans.has(record.prestito_id as number)) return `their loan #${record.prestito_id}`;
      stack.push(...Object.values(record));
    }
  }
  return null;
}

/** Whether `id`, named as `entity`, is one of `other`'s own records (and not also the caller's). */
function belongsTo(other: StudentRecords, caller: StudentRecords, entity: Entity, id: number): boolean {
  switch (entity) {
    case "user":
      return id === other.id;
    case "request":
      return other.requests.has(id);
    case "loan":
      return other.loans.has(id);
    case "report":
      return other.reports.has(id);
    case "notification":
      return other.notifications.has(id);
    case "set":
      return other.sets.has(id);
    case "unit":
      return other.units.has(id) && !caller.units.has(id);
    default:
      return false;
  }
}

// ── Generating calls ────────────────────────────────────────────────────────────────────────────

type Caller = { kind: "anonymous"; as: AnonymousKind } | { kind: "student"; who: Student } | { kind: "admin" };

type ParamChoice = { kind: "real"; owner: Owner; pick: number } | { kind: "literal"; value: string; raw: boolean };

type BodyChoice =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "form"; value: Record<string, unknown> }
  | { kind: "raw"; text: string; contentType: string | null };

interface FuzzCall {
  route: FuzzRoute;
  caller: Caller;
  params: ParamChoice[];
  query: string;
  body: BodyChoice;
}

/** Someone's current email, filled in at call time (each world registers new addresses). */
class EmailOf {
  constructor(readonly owner: Owner | "nobody") {}
  toString() {
    return `EmailOf(${this.owner})`;
  }
}

/** A real id of the world (one of `owner`'s records), filled in at call time. */
class IdOf {
  constructor(
    readonly entity: Entity,
    readonly owner: Owner,
    readonly pick = 0,
  ) {}
  toString() {
    return `IdOf(${this.entity}, ${this.owner}, ${this.pick})`;
  }
}

/** The item a placeholder unit belongs to, so a generated loan or repair names a unit of its own item. */
class ItemOf {
  constructor(readonly unit: IdOf) {}
  toString() {
    return `ItemOf(${this.unit})`;
  }
}

const callerArb: fc.Arbitrary<Caller> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .constantFrom<AnonymousKind>("none", "junk", "forged", "alg-none", "stale", "basic")
      .map((as) => ({ kind: "anonymous" as const, as })),
  },
  { weight: 3, arbitrary: fc.constant<Caller>({ kind: "student", who: "A" }) },
  { weight: 2, arbitrary: fc.constant<Caller>({ kind: "student", who: "B" }) },
  { weight: 3, arbitrary: fc.constant<Caller>({ kind: "admin" }) },
);

const TRICKY_TEXT = [
  "",
  " ",
  " \t\n ",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "0",
  "-1",
  "1e3",
  "1.5",
  "0x1f",
  "true",
  "[]",
  "{}",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "' OR '1'='1",
  "1 OR 1=1",
  "1; DROP TABLE users;--",
  "Robert'); DELETE FROM prestiti;--",
  "\u0000",
  "\uD800",
  "\u202Egnp.exe",
  "🎞️📷",
  "../../etc/passwd",
  "%00",
  "%zz",
  "$" + "{7*7}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "toString",
  "١٢",
  "１",
];

const HUGE_TEXT = ["x".repeat(100_000), "è".repeat(40_000), "<b>".repeat(20_000), "9".repeat(5_000)];

const DATES = [
  "2026-03-10",
  "2026-03-13",
  "2026-03-14",
  "2026-03-20",
  "2026-03-12",
  "2025-12-31",
  "2026-02-29",
  "2026-02-30",
  "2026-13-01",
  "2026-3-5",
  "13/03/2026",
  "2026-03-13T00:00:00Z",
  "+275760-09-13",
  "0000-00-00",
  "9999-12-31",
  "oggi",
];

const ENUM_WORDS = [
  "interno",
  "esterno",
  "entrambi",
  "solo_interno",
  "solo_esterno",
  "guasto",
  "danneggiamento",
  "malfunzionamento",
  "perdita",
  "perso",
  "bassa",
  "media",
  "alta",
  "critica",
  "aperta",
  "in_corso",
  "risolta",
  "chiusa",
  "completata",
  "annullata",
  "attivo",
  "scaduto",
  "restituito",
  "in_prestito",
  "user",
  "admin",
  "Fotografia",
  "Design",
  "Pittura",
  "Corso inventato",
  "30",
  "90",
  "365",
  "1",
  "all",
];

const FILE_DATA = [
  "data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,UEsDBBQAAAAIAA==",
  "data:application/vnd.ms-excel;base64,0M8R4KGxGuEAAAAAAAAAAAAAAAAAAAAAPgADAP7/CQAGAAAAAAAAAAAAAAABAAAA",
  `data:application/octet-stream;base64,${Buffer.from("ID;Nome\n1;Fotocamera").toString("base64")}`,
  "data:;base64,!!!!",
  "data:text/plain,ciao",
  "UEsDBA==",
  "",
];

const smallId = fc.integer({ min: -2, max: 16 });
const idLike = fc.oneof(
  smallId,
  smallId.map(String),
  fc.constantFrom(0, 99_999, 2 ** 53 + 1, 1.5, -0, "1e1", " 3", "3abc"),
);
const textArb = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY_TEXT) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_TEXT) },
);
const numberArb = fc.oneof(smallId, fc.double(), fc.constantFrom(1e308, -1e308, 2 ** 31, 2 ** 63, -(2 ** 53)));
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  numberArb,
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  idLike,
  textArb,
  wrongType,
  fc.constantFrom(...DATES),
  fc.constantFrom(...ENUM_WORDS),
  fc.array(idLike, { maxLength: 4 }),
);
const emailArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<Owner | "nobody">("A", "B", "desk", "nobody").map((owner) => new EmailOf(owner)),
  },
  { weight: 1, arbitrary: fc.constantFrom("ANNA@ACCADEMIA.IT ", "@", "a@b", "x@y.z", "desk@accademia.it") },
  { weight: 1, arbitrary: anyValue },
);
const unitRows = fc.array(
  fc.record(
    {
      id: fc.oneof(idLike, fc.constant(null)),
      codice_univoco: fc.oneof(textArb, wrongType),
      note: fc.oneof(textArb, wrongType),
    },
    { requiredKeys: [] },
  ),
  { maxLength: 4 },
);

/** Values a field of this name plausibly takes, mixed with anything at all. */
function valueFor(field: string): fc.Arbitrary<unknown> {
  let plausible: fc.Arbitrary<unknown>;
  if (field === "email") return emailArb;
  if (/password/i.test(field))
    plausible = fc.oneof(fc.string({ minLength: 8, maxLength: 30 }), fc.constantFrom("password", "12345678"));
  else if (/^(dal|al|data_)/.test(field)) plausible = fc.constantFrom(...DATES);
  else if (field === "unita_ids" || field === "corsi_assegnati")
    plausible = fc.oneof(
      fc.array(idLike, { maxLength: 4 }),
      fc.array(fc.constantFrom(...ENUM_WORDS), { maxLength: 3 }),
    );
  else if (field === "unita") plausible = unitRows;
  else if (/(^id$|_id$|Id$)/.test(field)) plausible = idLike;
  else if (field === "perso" || field === "resetStrikes") plausible = fc.boolean();
  else if (field === "quantita_totale" || field === "fileSize")
    plausible = fc.oneof(smallId, fc.constantFrom(1000, 10 ** 9));
  else if (field === "fileData") plausible = fc.constantFrom(...FILE_DATA);
  else if (field === "fileName")
    plausible = fc.constantFrom("inventario.xlsx", "vecchio.xls", "virus.exe", "../../x.xlsx");
  else plausible = fc.oneof(fc.constantFrom(...ENUM_WORDS), textArb);
  return fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: anyValue });
}

const SNEAKY_FIELDS = ["__proto__", "constructor", "ruolo", "isAdmin", "utente_id", "user_id", "id", "stato"];

function fieldObject(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = fields.length > 0 ? fields : ["nome", "id"];
  return fc.tuple(fc.subarray(known), fc.subarray(SNEAKY_FIELDS, { maxLength: 2 })).chain(([chosen, sneaky]) => {
    const keys = [...new Set([...chosen, ...sneaky])];
    return fc
      .tuple(...keys.map((key) => valueFor(key)))
      .map((values) => Object.fromEntries(keys.map((key, i) => [key, values[i]])));
  });
}

/** The template spreadsheet the desk downloads: imports cleanly, and a good start for corrupted ones. */
const TEMPLATE_XLSX = await inventoryTemplate();
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The template, truncated and with a few bytes overwritten: a damaged upload. */
const damagedSpreadsheet = fc
  .record({
    keep: fc.integer({ min: 4, max: TEMPLATE_XLSX.length }),
    flips: fc.array(fc.tuple(fc.nat(TEMPLATE_XLSX.length - 1), fc.nat(255)), { maxLength: 6 }),
  })
  .map(({ keep, flips }) => {
    const bytes = Buffer.from(TEMPLATE_XLSX.subarray(0, keep));
    for (const [at, value] of flips) if (at < bytes.length) bytes[at] = value;
    return `data:${XLSX_TYPE};base64,${bytes.toString("base64")}`;
  });

const student = fc.constantFrom<Student>("A", "B");
const pick = fc.nat(7);
const idOf = (entity: Entity, owner: fc.Arbitrary<Owner>) =>
  fc.tuple(owner, pick).map(([who, index]) => new IdOf(entity, who, index));
const anyOwner = fc.constantFrom<Owner>("A", "B", "desk");
/** A start and an end date from the world's today (day 3) on, in order. */
const dateRange = fc.tuple(fc.nat(12), fc.nat(3)).map(([start, length]) => [day(3 + start), day(3 + start + length)]);
/** A unit and the item it belongs to. */
const unitWithItem = idOf("unit", anyOwner).map((unit) => ({ unit, item: new ItemOf(unit) }));
/** A counter, not randomness, keeps texts unique: a run stays replayable from its seed. */
let freshTexts = 0;
const freshText = fc.string({ minLength: 1, maxLength: 12 }).map((text) => `${text}-${(++freshTexts).toString(36)}`);

/** A kit of one or two lines, a unit pinned or not, some of another item's units or of another course. */
const kitBody = fc
  .record({
    nome: freshText,
    lines: fc.array(
      fc.record({ target: unitWithItem, pinned: fc.boolean(), quantita: fc.integer({ min: 0, max: 3 }) }),
      {
        minLength: 0,
        maxLength: 2,
      },
    ),
    corsi_assegnati: fc.constantFrom(["Fotografia"], ["Design"], []),
    accessori: fc.array(fc.record({ nome: freshText, quantita: fc.integer({ min: 0, max: 2 }) }), { maxLength: 2 }),
  })
  .map(({ nome, lines, corsi_assegnati, accessori }) => ({
    nome,
    corsi_assegnati,
    accessori,
    righe: lines.map(({ target, pinned, quantita }) => ({
      inventario_id: target.item,
      quantita,
      unit_id: pinned ? target.unit : null,
    })),
  }));

/** The admin's edit form, at the spec's path and at the alias an existing desk client calls. */
const profileEdit = fc.record({
  name: fc.constant("Rinominato"),
  surname: fc.constant("Studente"),
  email: freshText.map((text) => `${encodeURIComponent(text).replace(/%/g, "")}@accademia.it`),
  matricola: freshText,
  phone: fc.constantFrom(null, "+39 333 1234567"),
  corso_accademico: fc.constantFrom("Fotografia", "Design"),
});

/**
 * Bodies the product would accept (given the right ids and state), per route: mutated a little, they reach
 * the rules behind validation, where the interesting failures live.
 */
const VALID_BODIES: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  "POST /api/auth/login": fc.record({
    email: fc.constantFrom<Owner | "nobody">("A", "B", "desk", "nobody").map((owner) => new EmailOf(owner)),
    password: fc.constant("Sbagliata-2026"),
  }),
  "POST /api/auth/register": fc.record({
    name: fc.constant("Nuovo"),
    surname: fc.constant("Iscritto"),
    email: freshText.map((text) => `${encodeURIComponent(text).replace(/%/g, "")}@accademia.it`),
    password: fc.constant("Lunga-Password-99"),
    matricola: freshText,
    corso_accademico: fc.constantFrom("Fotografia", "Design"),
    phone: fc.constant(null),
    ruolo: fc.constantFrom("user", "admin"),
  }),
  "POST /api/auth/forgot-password": fc.record({
    email: fc.constantFrom<Owner | "nobody">("A", "B", "desk", "nobody").map((owner) => new EmailOf(owner)),
  }),
  "POST /api/auth/reimposta-password": fc.record({ token: freshText, password: fc.constant("Nuova-Chiave-2026") }),
  "POST /api/auth/oidc/sessione": fc.record({ codice: freshText }),
  "PUT /api/auth/me/corso": fc.record({ corso_accademico: fc.constantFrom("Fotografia", "Design") }),
  "POST /api/auth/admin-reset-password": fc.record({
    email: student.map((who) => new EmailOf(who)),
    newPassword: fc.constant("Nuova-Chiave-2026"),
  }),
  "PUT /api/auth/users/:id": profileEdit,
  "PUT /api/users/:id": profileEdit,
  "PUT /api/auth/users/:id/reset-password": fc.record({ newPassword: fc.constant("Nuova-Chiave-2026") }),
  "POST /api/inventario": fc.record({
    nome: freshText,
    quantita_totale: fc.integer({ min: 0, max: 4 }),
    tipo_prestito: fc.constantFrom("solo_esterno", "solo_interno", "entrambi"),
    corsi_assegnati: fc.constantFrom(["Fotografia"], ["Design", "Fotografia"], []),
    categoria_id: fc.oneof(fc.constant(null), idOf("category", fc.constant("desk"))),
  }),
  "PUT /api/inventario/:id": fc.record({
    nome: freshText,
    tipo_prestito: fc.constantFrom("solo_esterno", "entrambi"),
    corsi_assegnati: fc.constantFrom(["Fotografia"], ["Design"]),
    unita: fc.array(fc.record({ id: fc.oneof(fc.constant(null), idOf("unit", anyOwner)), codice_univoco: freshText }), {
      maxLength: 3,
    }),
  }),
  "PUT /api/inventario/:id/units/:unitId": fc.record({ perso: fc.boolean() }),
  "POST /api/kit": kitBody,
  "PUT /api/kit/:id": kitBody,
  "POST /api/categorie-semplici": fc.record({ nome: freshText }),
  "PUT /api/categorie-semplici/:id": fc.record({ nome: freshText }),
  "POST /api/excel/inventario/import": fc.record({
    fileName: fc.constantFrom("inventario.xlsx", "inventario.xls"),
    fileType: fc.constant(XLSX_TYPE),
    fileSize: fc.constant(TEMPLATE_XLSX.length),
    fileData: fc.oneof(fc.constant(`data:${XLSX_TYPE};base64,${TEMPLATE_XLSX.toString("base64")}`), damagedSpreadsheet),
  }),
  "POST /api/excel/inventario/import/lavori": fc.record({
    fileName: fc.constantFrom("inventario.xlsx", "inventario.xls"),
    fileType: fc.constant(XLSX_TYPE),
    fileSize: fc.constant(TEMPLATE_XLSX.length),
    fileData: fc.oneof(fc.constant(`data:${XLSX_TYPE};base64,${TEMPLATE_XLSX.toString("base64")}`), damagedSpreadsheet),
  }),
  "POST /api/richieste": fc
    .record({
      unit: idOf("unit", anyOwner),
      dates: dateRange,
      note: fc.oneof(fc.constant(null), fc.string({ maxLength: 20 })),
      usage: fc.constantFrom(null, "interno", "esterno"),
    })
    .map(({ unit, dates, note, usage }) => ({
      unit_id: unit,
      dal: dates[0],
      al: dates[1],
      note,
      tipo_utilizzo: usage,
    })),
  "POST /api/prestiti": fc
    .record({
      target: unitWithItem,
      borrower: fc.oneof(
        student.map((who) => ({ utente_id: new IdOf("user", who), chi: "" })),
        fc.constant({ utente_id: null, chi: "Ospite esterno" }),
      ),
      dates: dateRange,
      usage: fc.constantFrom("esterno", "interno", null),
    })
    .map(({ target, borrower, dates, usage }) => ({
      inventario_id: target.item,
      ...borrower,
      data_uscita: dates[0],
      data_rientro: dates[1],
      unita_ids: [target.unit],
      tipo_utilizzo: usage,
      note: null,
    })),
  "PUT /api/prestiti/:id/rifiuta": fc.record({ motivo_rifiuto: fc.constantFrom("Unità in manutenzione", " ") }),
  "POST /api/penalties/unblock-user": fc.record({ userId: idOf("user", anyOwner), resetStrikes: fc.boolean() }),
  "POST /api/penalties/assign-manual": fc.record({
    userId: idOf("user", anyOwner),
    strikes: fc.integer({ min: 0, max: 11 }),
    motivo: fc.constantFrom("Danno all'obiettivo", " "),
  }),
  "PUT /api/penalties/:id": fc.record({
    strike_assegnati: fc.integer({ min: 0, max: 11 }),
    motivo: fc.constantFrom("Ritardo corretto", ""),
  }),
  "POST /api/riparazioni": fc
    .record({ target: unitWithItem, priorita: fc.constantFrom("bassa", "media", "alta", "critica") })
    .map(({ target, priorita }) => ({
      inventario_id: target.item,
      unit_id: target.unit,
      descrizione: "Obiettivo graffiato",
      priorita,
    })),
  "PUT /api/riparazioni/:id": fc.record({ stato: fc.constantFrom("in_corso", "completata", "annullata") }),
  "POST /api/segnalazioni": student.chain((who) =>
    fc.record({
      tipo: fc.constantFrom("guasto", "danneggiamento", "malfunzionamento", "perdita"),
      urgenza: fc.constantFrom("bassa", "media", "alta", "critica"),
      messaggio: fc.constant("Non si accende"),
      prestito_id: idOf("loan", fc.constant(who)),
      unit_id: idOf("unit", fc.constant(who)),
    }),
  ),
  "PUT /api/segnalazioni/:id": fc.record({
    stato: fc.constantFrom("aperta", "in_corso", "risolta", "chiusa"),
    esito: fc.constantFrom(undefined, "perso"),
  }),
  "POST /api/segnalazioni/:id/riparazione": fc.record({
    descrizione: fc.constant("Da controllare"),
    priorita: fc.constantFrom("media", "alta"),
  }),
};

const REMOVED = Symbol("removed");

/** A valid body for the route with up to two fields replaced by odd values or left out. */
function nearlyValidBody(route: FuzzRoute): fc.Arbitrary<Record<string, unknown>> | null {
  const valid = VALID_BODIES[route.key];
  if (!valid) return null;
  return valid.chain((body) => {
    const keys = Object.keys(body);
    return fc.subarray(keys, { maxLength: Math.min(2, keys.length) }).chain((mutated) =>
      fc.tuple(...mutated.map((key) => fc.option(valueFor(key), { nil: REMOVED, freq: 4 }))).map((values) => {
        const result: Record<string, unknown> = { ...body };
        mutated.forEach((key, index) => {
          const value = values[index];
          if (value === REMOVED) delete result[key];
          else result[key] = value;
        });
        return result;
      }),
    );
  });
}

const MALFORMED_JSON = [
  "{",
  '{"nome":',
  '{"nome": "x",}',
  "{'nome': 'x'}",
  "nul",
  "[1,",
  "\u0000",
  "\uFEFF{}",
  '{"a":1}{"b":2}',
  '{"__proto__": {"ruolo": "admin", "isAdmin": true}}',
  '{"constructor": {"prototype": {"ruolo": "admin"}}}',
  '{"unit_id": 1, "unit_id": "1 OR 1=1"}',
  `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  `{"a":${'{"a":'.repeat(5_000)}1${"}".repeat(5_001)}`,
  '"solo una stringa"',
  "42",
  "true",
  "",
];

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=confine",
  "application/octet-stream",
  "application/xml",
  null,
];

const rawBody: fc.Arbitrary<BodyChoice> = fc.record({
  kind: fc.constant("raw" as const),
  text: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...MALFORMED_JSON) },
    { weight: 1, arbitrary: fc.string({ maxLength: 50 }) },
  ),
  contentType: fc.oneof(
    { weight: 3, arbitrary: fc.constant("application/json") },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  ),
});

function bodyFor(route: FuzzRoute): fc.Arbitrary<BodyChoice> {
  if (route.method === "GET") return fc.constant({ kind: "none" });
  const nearlyValid = nearlyValidBody(route);
  return fc.oneof(
    ...(nearlyValid
      ? [{ weight: 10, arbitrary: nearlyValid.map((value): BodyChoice => ({ kind: "json", value })) }]
      : []),
    { weight: 1, arbitrary: fc.constant<BodyChoice>({ kind: "none" }) },
    { weight: 4, arbitrary: fieldObject(route.bodyFields).map((value): BodyChoice => ({ kind: "json", value })) },
    { weight: 1, arbitrary: fieldObject(route.bodyFields).map((value): BodyChoice => ({ kind: "form", value })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value): BodyChoice => ({ kind: "json", value })) },
    { weight: 2, arbitrary: rawBody },
  );
}

const paramArb: fc.Arbitrary<ParamChoice> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("real" as const),
      owner: fc.constantFrom<Owner>("A", "B", "desk"),
      pick: fc.nat(5),
    }),
  },
  { weight: 1, arbitrary: smallId.map((n): ParamChoice => ({ kind: "literal", value: String(n), raw: false })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.constantFrom(
          "0",
          "-1",
          "99999",
          "9007199254740993",
          "1".repeat(400),
          "1e400",
          "abc",
          "1.0",
          "1,2",
          "+1",
          "01",
        ),
        textArb,
      )
      .filter((value) => value.length > 0)
      .map((value): ParamChoice => ({ kind: "literal", value, raw: false })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("%", "%zz", "%00", "%E0%A4%A", "1%3B", "1'--")
      .map((value): ParamChoice => ({ kind: "literal", value, raw: true })),
  },
);

const QUERY_KEYS = ["all", "period", "search", "categoria", "corso", "entity", "id", "__proto__", "x"];

function queryFor(route: FuzzRoute): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.constantFrom(...new Set([...route.queryFields, ...QUERY_KEYS])),
    fc.oneof(fc.constantFrom(...ENUM_WORDS), textArb, smallId.map(String), fc.constantFrom(...DATES)),
  );
  const encode = (value: string) => encodeURIComponent(value.toWellFormed());
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant("") },
    {
      weight: 4,
      arbitrary: fc
        .array(pair, { minLength: 1, maxLength: 3 })
        .map((pairs) => `?${pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join("&")}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("?%zz", "?&&=&", "?all[]=1&all[]=2", "?period=30&period=90", "?a=%", "?="),
    },
  );
}

function callFor(route: FuzzRoute): fc.Arbitrary<FuzzCall> {
  return fc.record({
    route: fc.constant(route),
    caller: callerArb,
    params: fc.array(paramArb, { minLength: route.paramNames.length, maxLength: route.paramNames.length }),
    query: queryFor(route),
    body: bodyFor(route),
  });
}

const UNKNOWN_ROUTE = "(no route)";

/** Now and then a path no route serves: those are 404 JSON for everybody. */
const UNKNOWN_PATHS = [
  "/api/non-esiste",
  "/api/prestiti/1/cancella",
  "/api/auth",
  "/api/inventario/1/units/2/extra",
  "/api/../api/health",
];

// ── Running and judging one call ────────────────────────────────────────────────────────────────

/** An id from the world's pools: one of `owner`'s records of that kind, else the desk's, else an unknown id. */
function realId(world: World, entity: Entity, owner: Owner, index: number): number {
  const own = world.pools[entity][owner];
  const pool = own.length > 0 ? own : world.pools[entity].desk;
  return pool.length > 0 ? (pool[index % pool.length] as number) : 99_999;
}

/** Fills in the EmailOf and IdOf placeholders of a generated body. */
function resolvePlaceholders(value: unknown, world: World): unknown {
  if (value instanceof IdOf) return realId(world, value.entity, value.owner, value.pick);
  if (value instanceof ItemOf) {
    const unitId = realId(world, "unit", value.unit.owner, value.unit.pick);
    const row = world.ctx.sqlite.query("SELECT inventario_id AS id FROM unita WHERE id = ?1").get(unitId) as {
      id: number;
    } | null;
    return row?.id ?? 99_999;
  }
  if (value instanceof EmailOf) {
    if (value.owner === "nobody") return "nessuno@accademia.it";
    const id = value.owner === "desk" ? world.adminId : world.studentIds[value.owner];
    const row = world.ctx.sqlite.query("SELECT email FROM users WHERE id = ?1").get(id) as { email: string } | null;
    return row?.email ?? "eliminato@accademia.it";
  }
  if (Array.isArray(value)) return value.map((item) => resolvePlaceholders(item, world));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolvePlaceholders(item, world)]));
  return value;
}

interface PreparedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The id each path parameter received, when it was a real one. */
  targets: Array<{ entity: Entity; id: number }>;
}

function userRow(world: World, id: number) {
  return world.ctx.sqlite.query("SELECT id, ruolo, session_version AS sv FROM users WHERE id = ?1").get(id) as {
    id: number;
    ruolo: "user" | "admin";
    sv: number;
  } | null;
}

/** The caller's Authorization header: a bad one for the anonymous kinds, else a token for the stored account. */
async function authorizationFor(world: World, caller: Caller): Promise<string | null> {
  if (caller.kind === "anonymous") return world.badAuthorization[caller.as];
  // Signed afresh from the stored account, so an admin's password reset does not end the fuzz session.
  const id = caller.kind === "admin" ? world.adminId : world.studentIds[caller.who];
  const user = userRow(world, id);
  const claims = { id, ruolo: user?.ruolo ?? "user", sessionVersion: user?.sv ?? 1 };
  const key = JSON.stringify(claims);
  let token = world.signed.get(key);
  if (!token) {
    token = await world.tokens.sign(claims);
    world.signed.set(key, token);
  }
  return `Bearer ${token}`;
}

async function prepare(world: World, call: FuzzCall): Promise<PreparedCall> {
  const { route } = call;
  const targets: PreparedCall["targets"] = [];
  let path = route.path;
  route.paramNames.forEach((name, index) => {
    const choice = call.params[index] as ParamChoice;
    const entity = route.rule.params?.[name];
    if (!entity) throw new Error(`${route.key}: no entity decided for :${name}`);
    let value: string;
    if (choice.kind === "real") {
      const id = realId(world, entity, choice.owner, choice.pick);
      targets.push({ entity, id });
      value = String(id);
    } else value = choice.raw ? choice.value : encodeURIComponent(choice.value.toWellFormed());
    path = path.replace(`:${name}`, value);
  });
  const headers: Record<string, string> = {};
  const authorization = await authorizationFor(world, call.caller);
  if (authorization) headers.authorization = authorization;
  let body: string | undefined;
  const choice = call.body;
  if (choice.kind === "json") {
    body = JSON.stringify(resolvePlaceholders(choice.value, world)) ?? "null";
    headers["content-type"] = "application/json";
  } else if (choice.kind === "form") {
    const resolved = resolvePlaceholders(choice.value, world) as Record<string, unknown>;
    body = new URLSearchParams(
      Object.entries(resolved).map(([key, value]): [string, string] => [
        key,
        typeof value === "string" ? value : (JSON.stringify(value) ?? ""),
      ]),
    ).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  } else if (choice.kind === "raw") {
    body = choice.text;
    if (choice.contentType) headers["content-type"] = choice.contentType;
  }
  return { method: route.method, url: `http://localhost${path}${call.query}`, headers, body, targets };
}

interface Tally {
  calls: number;
  byPhase: Record<string, number>;
  byCaller: Record<string, number>;
  byStatus: Record<string, number>;
  routesByCaller: Map<string, Set<string>>;
}

const tally: Tally = { calls: 0, byPhase: {}, byCaller: {}, byStatus: {}, routesByCaller: new Map() };
/** Which test is calling: the deterministic sweep or the random fuzz. */
let phase = "sweep";

function count(caller: string, routeKey: string, status: number) {
  tally.calls++;
  tally.byPhase[phase] = (tally.byPhase[phase] ?? 0) + 1;
  tally.byCaller[caller] = (tally.byCaller[caller] ?? 0) + 1;
  const statusClass = `${Math.floor(status / 100)}xx`;
  tally.byStatus[statusClass] = (tally.byStatus[statusClass] ?? 0) + 1;
  if (routeKey === UNKNOWN_ROUTE) return;
  const routes = tally.routesByCaller.get(caller) ?? new Set<string>();
  routes.add(routeKey);
  tally.routesByCaller.set(caller, routes);
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/** Runs one call and lists every rule it broke (empty when all is well). */
async function judge(world: World, call: FuzzCall): Promise<string[]> {
  const { ctx } = world;
  const { route, caller } = call;
  const prepared = await prepare(world, call);
  const isGet = prepared.method === "GET";
  // A student whose account an admin call deleted is, from then on, just someone with a dead token.
  const student = caller.kind === "student" && userRow(world, world.studentIds[caller.who]) ? caller.who : null;
  const role = caller.kind === "admin" ? "admin" : student ? "student" : "anonymous";
  const other = student ? recordsOf(world, student === "A" ? "B" : "A") : null;
  const self = student ? recordsOf(world, student) : null;
  const changesBefore = totalChanges(ctx);
  const before = isGet ? null : snapshot(world);
  const otherBefore = other && !isGet && route.rule.access !== "public" ? ownedSnapshot(world, other.id) : null;

  const response = await world.client.app.handle(
    new Request(prepared.url, { method: prepared.method, headers: prepared.headers, body: prepared.body }),
  );
  // The live desk's stream never ends by itself: its status and headers are the whole answer.
  const streaming = response.headers.get("content-type")?.startsWith("text/event-stream");
  if (streaming) await response.body?.cancel();
  const text = streaming ? "" : await response.text();
  const { status } = response;
  count(role, route.key, status);
  let body: Json | null = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  // An accepted import goes on writing after its 202: the calls after it would see its rows appear.
  if (route.key === "POST /api/excel/inventario/import/lavori" && status === 202 && typeof body?.id === "string")
    await importFinished(world, body.id);

  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 400) {
    const message = body?.error;
    if (typeof message !== "string" || message.trim() === "") problems.push(`a ${status} without an Italian { error }`);
    else if (/sqlite|constraint|syntax error|TypeError|ReferenceError|\bat .+:\d+/i.test(message))
      problems.push(`an error message that exposes internals: ${message}`);
  }
  // A parameter like ".." or "a/b" can make the URL reach another route, and "." an empty segment (the
  // URL drops it, so no route answers but the 404): role rules hold for the intended route only.
  const segments = new URL(prepared.url).pathname.split("/");
  const reachedRoute = segments.length === route.path.split("/").length && !segments.slice(1).includes("");
  const withoutRight =
    (role === "anonymous" && route.rule.access !== "public") || (role === "student" && route.rule.access === "admin");
  if (reachedRoute && role === "anonymous" && route.rule.access !== "public" && status !== 401)
    problems.push(
      `anonymous caller (${caller.kind === "anonymous" ? caller.as : "deleted account"}) got ${status}, expected 401`,
    );
  if (reachedRoute && role === "student" && route.rule.access === "admin" && status !== 403)
    problems.push(`a student got ${status} on an admin route, expected 403`);

  const changed = totalChanges(ctx) !== changesBefore;
  if (withoutRight && changed) problems.push("a caller without the right wrote to the database");
  const downloadsBackup = route.key === "GET /api/system/backup" && role === "admin"; // records an audit row
  if (isGet && changed && !downloadsBackup) problems.push("a GET changed the database");
  if (before && !isSuccess(status) && changed) {
    const after = snapshot(world);
    // A booking refused for want of a free unit is recorded as unmet demand, by design (src/modules/demand): that
    // event, its version bump and its id are the only writes a refused call may leave.
    const demandRecord = new Set(["domanda_eventi", "data_versions", "sqlite_sequence"]);
    const recordsDemand = status === 409 && before.domanda_eventi !== after.domanda_eventi;
    const moved = world.tables.filter(
      (table) => before[table] !== after[table] && !(recordsDemand && demandRecord.has(table)),
    );
    if (moved.length > 0) problems.push(`a refused call (${status}) still changed ${moved.join(", ")}`);
  }
  if (student && other && self) {
    const leak = leakIn(body, text, other);
    if (leak) problems.push(`student ${student} was shown ${leak}`);
    const aimedAtOther = prepared.targets.some((target) => belongsTo(other, self, target.entity, target.id));
    if (aimedAtOther && isSuccess(status) && route.rule.access !== "public")
      problems.push(`student ${student} reached another student's record (${status})`);
    // Public routes are open to anyone: e.g. forgot-password may queue a reset request for any address.
    if (otherBefore && route.rule.access !== "public" && ownedSnapshot(world, other.id) !== otherBefore)
      problems.push(`student ${student}'s call changed the other student's records`);
  }
  if (problems.length === 0) return problems;
  const sent = prepared.body === undefined ? "" : ` body=${prepared.body.slice(0, 300)}`;
  return [
    `${prepared.method} ${prepared.url.slice(0, 300)} as ${JSON.stringify(caller)}${sent}`,
    `→ ${status} ${text.slice(0, 400)}`,
    ...problems.map((problem) => `  ✗ ${problem}`),
  ];
}

async function expectSound(world: World, call: FuzzCall) {
  const problems = await judge(world, call);
  if (problems.length > 0) throw new Error(problems.join("\n"));
}

// ── The tests ───────────────────────────────────────────────────────────────────────────────────

const probeApp = createTestClient().app;
let seeded: Promise<World> | undefined;
/** A fresh copy of the academy, seeded through the API once per file. */
async function freshWorld(): Promise<World> {
  seeded ??= seedWorld();
  return cloneWorld(await seeded);
}
const routes = registeredRoutes(probeApp);
/** About 7,500 random calls, plus some 5,500 in the sweep: 20–30 s on two quiet cores. */
const FUZZ_RUNS = 260;
const CALLS_PER_RUN = { min: 10, max: 50 };

afterAll(() => {
  const coverage = [...tally.routesByCaller.entries()].map(([caller, keys]) => `${caller} ${keys.size}`).join(", ");
  console.log(
    `fuzz: ${tally.calls} calls over ${routes.length} routes (${JSON.stringify(tally.byPhase)}) — ` +
      `by caller ${JSON.stringify(tally.byCaller)}, ` +
      `answers ${JSON.stringify(tally.byStatus)}, routes reached per caller: ${coverage}`,
  );
});

describe("robustness fuzz over every route", () => {
  it("has an access decision for exactly the registered routes", () => {
    expect(routeKeys(probeApp).sort()).toEqual(Object.keys(ROUTE_RULES).sort());
  });

  it("survives malformed, mistyped and empty bodies and odd ids on every route, from every kind of caller", async () => {
    phase = "sweep";
    const world = await freshWorld();
    const callers: Caller[] = [
      { kind: "anonymous", as: "none" },
      { kind: "anonymous", as: "forged" },
      { kind: "student", who: "A" },
      { kind: "student", who: "B" },
      { kind: "admin" },
    ];
    const bodies: BodyChoice[] = [
      { kind: "none" },
      ...MALFORMED_JSON.map((text): BodyChoice => ({ kind: "raw", text, contentType: "application/json" })),
      { kind: "raw", text: "nome=x&quantita_totale=abc", contentType: "application/x-www-form-urlencoded" },
      { kind: "raw", text: "--confine\r\nrotto", contentType: "multipart/form-data; boundary=confine" },
      { kind: "json", value: [] },
      { kind: "json", value: "testo" },
      { kind: "json", value: null },
    ];
    const paramSets: ParamChoice[][] = [
      [
        { kind: "real", owner: "B", pick: 0 },
        { kind: "real", owner: "B", pick: 0 },
      ],
      [
        { kind: "literal", value: "abc", raw: false },
        { kind: "literal", value: "-1", raw: false },
      ],
    ];
    let calls = 0;
    for (const route of routes) {
      const wrongTypes = Object.fromEntries(route.bodyFields.map((field, i) => [field, [{ n: i }, true, 1.5][i % 3]]));
      const variants =
        route.method === "GET"
          ? [{ kind: "none" } as BodyChoice]
          : [...bodies, { kind: "json", value: wrongTypes } as BodyChoice];
      for (const caller of callers)
        for (const params of route.paramNames.length > 0 ? paramSets : [[]])
          for (const body of variants) {
            await expectSound(world, { route, caller, params, query: "", body });
            calls++;
          }
    }
    expect(calls).toBeGreaterThan(routes.length * callers.length);
  }, 60_000);

  it("never answers 5xx, leaks another student's data or lets a caller without the right change anything", async () => {
    phase = "random";
    let runs = 0;
    const anyCall = fc.oneof(
      { weight: 30, arbitrary: fc.constantFrom(...routes).chain(callFor) },
      {
        weight: 1,
        arbitrary: fc.record({ path: fc.constantFrom(...UNKNOWN_PATHS), caller: callerArb }),
      },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(anyCall, { minLength: CALLS_PER_RUN.min, maxLength: CALLS_PER_RUN.max, size: "max" }),
        async (calls) => {
          runs++;
          const world = await freshWorld();
          for (const call of calls) {
            if ("route" in call) await expectSound(world, call);
            else await expectUnknownPath(world, call.path, call.caller);
          }
        },
      ),
      { numRuns: FUZZ_RUNS, seed: chaosSeed("fuzz") },
    );
    expect(runs).toBeGreaterThanOrEqual(FUZZ_RUNS);
  }, 180_000);
});

/** Waits until the import job `id` has finished, by reading it as its administrator would. */
async function importFinished(world: World, id: string) {
  const headers = { authorization: (await authorizationFor(world, { kind: "admin" })) as string };
  for (let read = 0; read < 1000; read++) {
    const answer = await world.client.app.handle(
      new Request(`http://localhost/api/excel/inventario/import/lavori/${id}`, { headers }),
    );
    const job = (await answer.json()) as { fase?: string };
    if (job.fase === "completato" || job.fase === "fallito") return;
    await Bun.sleep(1);
  }
  throw new Error(`the import ${id} did not finish`);
}

/** A path no route serves: 404 JSON for everyone, and nothing changes. */
async function expectUnknownPath(world: World, path: string, caller: Caller) {
  const headers: Record<string, string> = {};
  const authorization = await authorizationFor(world, caller);
  if (authorization) headers.authorization = authorization;
  const changesBefore = totalChanges(world.ctx);
  const response = await world.client.app.handle(new Request(`http://localhost${path}`, { headers }));
  const text = await response.text();
  count(caller.kind === "student" ? "student" : caller.kind, UNKNOWN_ROUTE, response.status);
  const resolvesToHealth = new URL(`http://localhost${path}`).pathname === "/api/health";
  if (!resolvesToHealth && response.status !== 404) throw new Error(`GET ${path} answered ${response.status}: ${text}`);
  if (totalChanges(world.ctx) !== changesBefore) throw new Error(`GET ${path} changed the database`);
}

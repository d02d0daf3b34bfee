import { beforeAll, describe, expect, it } from "bun:test";
import type { Json, TestClient } from "./testing/harness";
import { createCategory, insertRepair } from "./testing/inventory-fixtures";
import {
  directLoanOk,
  lendCamera,
  lendCameraToStudent,
  loanScenario,
  requestOk,
  returnOk,
  travelToDay,
  unitIdOf,
} from "./testing/loan-fixtures";

/**
 * The contract as the spec's clients read it (issue 13, item 6): for every call of §7 in
 * ../shared/spec/borrower-and-shared.md and ../shared/spec/admin.md, the fields the spec's §3 lists for the
 * entity it answers, with the spec's types. Each call is checked twice: against the route's response
 * schema (which is what the OpenAPI document and the typed client are built from), and against a real
 * answer of the server on a desk that has seen every kind of record.
 */

/** `number` is any JSON number; `date` a `YYYY-MM-DD` string; `?` allows null (the record has no such value). */
type Kind = "number" | "string" | "boolean" | "date" | "list" | "object";
type FieldKind = Kind | `${Kind}?`;
type Fields = Record<string, FieldKind>;

const user: Fields = {
  id: "number",
  name: "string",
  surname: "string",
  email: "string",
  matricola: "string?",
  phone: "string?",
  corso_accademico: "string?",
  ruolo: "string",
  penalty_strikes: "number",
  is_blocked: "boolean",
  blocked_reason: "string?",
};

const studentItem: Fields = {
  id: "number",
  nome: "string",
  note: "string?",
  posizione: "string?",
  scaffale: "string?",
  categoria_id: "number?",
  categoria_nome: "string?",
  categoria_madre: "string?",
  categoria_figlia: "string?",
  quantita_totale: "number",
  unita_disponibili: "number",
  stato_effettivo: "string",
  tipo_prestito: "string",
  immagine_url: "string?",
  corsi_assegnati: "list",
};

const deskItem: Fields = {
  ...studentItem,
  seriale: "string?",
  data_aggiunta: "string",
  hasMultipleUnits: "boolean",
  unita: "list",
};

const unit: Fields = {
  id: "number",
  codice_univoco: "string",
  stato: "string",
  prestito_corrente_id: "number?",
  note: "string?",
};

const idAndName: Fields = { id: "number", nome: "string" };

const loan: Fields = {
  id: "number",
  inventario_id: "number",
  stato: "string",
  data_uscita: "date",
  data_rientro: "date",
  articolo_nome: "string",
  oggetto_nome: "string",
  note: "string?",
  utente_nome: "string?",
  utente_cognome: "string?",
  utente_nome_reale: "string?",
  utente_email: "string?",
  giorni_ritardo: "number",
};

const deskLoan: Fields = {
  ...loan,
  oggetto_id: "number",
  unita: "list",
  penalty_strikes: "number",
  is_blocked: "boolean",
};

const request: Fields = {
  id: "number",
  stato: "string",
  oggetto_nome: "string",
  articolo_nome: "string",
  dal: "date",
  al: "date",
  note: "string?",
  created_at: "string",
  tipo_utilizzo: "string?",
  unit_id: "number",
  motivo_rifiuto: "string?",
};

const deskRequest: Fields = { ...request, utente_nome: "string?", utente_cognome: "string?" };

const report: Fields = {
  id: "number",
  tipo: "string",
  urgenza: "string",
  messaggio: "string",
  stato: "string",
  created_at: "string",
  handled_at: "string?",
  inventario_id: "number?",
  inventario_nome: "string?",
  unit_id: "number?",
  prestito_id: "number?",
  user_id: "number?",
};

const repair: Fields = {
  id: "number",
  articolo_nome: "string",
  note: "string?",
  descrizione: "string?",
  created_at: "string",
  data_inizio: "date?",
  data_fine: "date?",
  priorita: "string",
  stato: "string",
};

const resetRequest: Fields = {
  id: "number",
  email: "string",
  user_name: "string?",
  user_surname: "string?",
  user_email: "string?",
  requested_at: "string",
};

const alerts: Fields = {
  scorte_basse: "list",
  prestiti_scaduti: "list",
  scadenze_oggi: "list",
  scadenze_domani: "list",
  da_ritirare: "list",
  totale_avvisi: "number",
};

const lowStock: Fields = {
  id: "number",
  nome: "string",
  unita_disponibili: "number",
  stato_scorte: "string",
  motivo: "string",
  percentuale_disponibile: "number",
};

const overdueLoan: Fields = { id: "number", oggetto_nome: "string", utente_nome: "string?", data_rientro: "date" };

const penaltyRecord: Fields = {
  id: "number",
  articolo_nome: "string?",
  motivo: "string",
  strike_assegnati: "number",
  giorni_ritardo: "number",
  created_at: "string",
  created_by_name: "string?",
  created_by_surname: "string?",
};

const unitLoan: Fields = {
  chi: "string",
  utente_email: "string?",
  data_uscita: "date",
  data_rientro: "date",
  stato: "string",
  note: "string?",
};

/** A call of §7: what it answers (`list` of `fields`, one `object`, or one object whose `nested` fields are lists). */
interface Call {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The path as the route table has it. */
  route: string;
  /** The path called, with the scenario's ids. */
  path: (desk: Desk) => string;
  as: "student" | "admin" | "anonymous";
  body?: (desk: Desk) => unknown;
  answer: "list" | "object";
  fields: Fields;
  /** Fields of the answer that are lists of records, with the records' fields. */
  nested?: Record<string, Fields>;
  /** The answer's records sit under this field (`{ user }`). */
  under?: string;
}

/** A GET call answering a list of `fields` records, made at `path` (the route itself unless told). */
const listCall = (as: Call["as"], route: string, fields: Fields, path: string | Call["path"] = route): Call => ({
  method: "GET",
  route,
  path: typeof path === "string" ? () => path : path,
  as,
  answer: "list",
  fields,
});

/** The student signs in; the answer is checked once as a whole and once for its `user`. */
const studentSignIn: Omit<Call, "fields"> = {
  method: "POST",
  route: "/api/auth/login",
  path: () => "/api/auth/login",
  as: "anonymous",
  body: (desk) => ({ email: desk.student.email, username: desk.student.email, password: desk.student.password }),
  answer: "object",
};

const calls: Call[] = [
  // borrower-and-shared.md §7
  { ...studentSignIn, fields: { token: "string", user: "object" } },
  { ...studentSignIn, under: "user", fields: user },
  {
    method: "GET",
    route: "/api/auth/me",
    path: () => "/api/auth/me",
    as: "student",
    answer: "object",
    under: "user",
    fields: user,
  },
  listCall("student", "/api/inventario/disponibili", studentItem),
  listCall(
    "student",
    "/api/inventario/:id/disponibili",
    unit,
    (desk) => `/api/inventario/${desk.cameraId}/disponibili`,
  ),
  listCall("admin", "/api/inventario/:id/units", unit, (desk) => `/api/inventario/${desk.cameraId}/units`),
  listCall("student", "/api/categorie-semplici", idAndName),
  listCall("student", "/api/corsi", idAndName),
  listCall("student", "/api/richieste/mie", request),
  listCall("student", "/api/prestiti/mie", loan),
  listCall(
    "admin",
    "/api/prestiti/:id/units",
    { id: "number", codice_univoco: "string" },
    (desk) => `/api/prestiti/${desk.overdueLoanId}/units`,
  ),
  {
    method: "GET",
    route: "/api/prestiti/unit/:unitId",
    path: (desk) => `/api/prestiti/unit/${desk.overdueUnitId}`,
    as: "admin",
    answer: "object",
    fields: unitLoan,
  },
  listCall("student", "/api/segnalazioni/mie", report),
  {
    method: "GET",
    route: "/api/penalties/user/:userId",
    path: (desk) => `/api/penalties/user/${desk.student.id}`,
    as: "admin",
    answer: "object",
    fields: { userInfo: "object", penalties: "list" },
    nested: { penalties: penaltyRecord },
  },
  {
    method: "GET",
    route: "/api/penalties/user/:userId",
    path: (desk) => `/api/penalties/user/${desk.student.id}`,
    as: "admin",
    answer: "object",
    under: "userInfo",
    fields: { penalty_strikes: "number", is_blocked: "boolean", blocked_reason: "string?" },
  },
  // admin.md §7
  listCall("admin", "/api/inventario", deskItem),
  listCall("admin", "/api/auth/users", user),
  listCall("admin", "/api/auth/password-reset-requests", resetRequest),
  listCall("admin", "/api/richieste", deskRequest, "/api/richieste?all=1"),
  listCall("admin", "/api/prestiti", deskLoan, "/api/prestiti?all=1"),
  listCall("admin", "/api/riparazioni", repair),
  listCall("admin", "/api/segnalazioni", report),
  {
    method: "GET",
    route: "/api/avvisi",
    path: () => "/api/avvisi",
    as: "admin",
    answer: "object",
    fields: alerts,
    nested: { scorte_basse: lowStock, prestiti_scaduti: overdueLoan },
  },
  listCall(
    "admin",
    "/api/stats/top-users",
    { id: "number", name: "string", surname: "string", corso_accademico: "string?", count: "number" },
    "/api/stats/top-users?period=30",
  ),
  listCall(
    "admin",
    "/api/stats/top-items",
    { id: "number", nome: "string", categoria_madre: "string?", categoria_figlia: "string?", count: "number" },
    "/api/stats/top-items?period=30",
  ),
  listCall(
    "admin",
    "/api/stats/top-departments",
    { corso_accademico: "string", count: "number" },
    "/api/stats/top-departments?period=30",
  ),
  listCall(
    "admin",
    "/api/stats/monthly-requests",
    { day: "string", label: "string", count: "number" },
    "/api/stats/monthly-requests?period=30",
  ),
  listCall(
    "admin",
    "/api/stats/monthly-requests",
    { month: "string", label: "string", count: "number" },
    "/api/stats/monthly-requests?period=365",
  ),
];

// ── The desk every call is made on ───────────────────────────────────────────────────────────────

interface Desk {
  client: TestClient;
  admin: string;
  student: { token: string; id: number; email: string; password: string };
  cameraId: number;
  overdueLoanId: number;
  overdueUnitId: number;
}

/**
 * A desk with a late return (a penalty), an overdue loan and one due today, a pending request, a fault
 * report, a repair and a password-reset request, so that every list of §7 has at least one record.
 */
async function deskWithEveryRecord(): Promise<Desk> {
  const scenario = await loanScenario();
  const { client, ctx, admin, student, classmate, camera, tablet } = scenario;
  const lateLoan = await lendCameraToStudent(scenario);
  travelToDay(ctx, "2026-03-12");
  await returnOk(client, admin, lateLoan);
  const overdueLoanId = await lendCamera(scenario, { unit: 1, to: classmate, dueBack: "2026-03-13" });
  travelToDay(ctx, "2026-03-16");
  const tabletLoan = await directLoanOk(client, admin, {
    inventario_id: tablet.id,
    unita_ids: [unitIdOf(tablet)],
    utente_id: student.user.id,
    tipo_utilizzo: "interno",
  });
  await requestOk(client, student.token, { unit_id: unitIdOf(camera, 2), dal: "2026-03-17", al: "2026-03-18" });
  const report = await client.post(
    "/api/segnalazioni",
    {
      tipo: "guasto",
      urgenza: "alta",
      messaggio: "Il flash non scatta",
      inventario_id: tablet.id,
      unit_id: unitIdOf(tablet),
      prestito_id: tabletLoan,
    },
    student.token,
  );
  expect(report.body).toMatchObject({ id: expect.any(Number) });
  insertRepair(ctx, { itemId: camera.id, unitId: unitIdOf(camera) });
  await createCategory(client, admin, "Fotografia - Obiettivi");
  await client.post("/api/auth/forgot-password", { email: classmate.user.email });
  return {
    client,
    admin,
    student: { token: student.token, id: student.user.id, email: student.user.email, password: student.password },
    cameraId: camera.id,
    overdueLoanId,
    overdueUnitId: unitIdOf(camera, 1),
  };
}

// ── Reading answers ──────────────────────────────────────────────────────────────────────────────

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function kindOfValue(value: unknown): Kind | "null" {
  if (value === null) return "null";
  if (Array.isArray(value)) return "list";
  if (typeof value === "string") return ISO_DAY.test(value) ? "date" : "string";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  return "object";
}

/** What is wrong with one record of an answer: a missing field, or a value of another type. */
function valueMismatches(record: Json, fields: Fields): string[] {
  const wrong: string[] = [];
  for (const [name, expected] of Object.entries(fields)) {
    const kind = expected.replace("?", "") as Kind;
    if (!(name in record)) {
      wrong.push(`${name}: missing`);
      continue;
    }
    const actual = kindOfValue(record[name]);
    if (actual === "null" && expected.endsWith("?")) continue;
    const fits = actual === kind || (kind === "string" && actual === "date");
    if (!fits) wrong.push(`${name}: ${JSON.stringify(record[name])} is not a ${kind}`);
  }
  return wrong;
}

function recordsOf(call: Call, body: Json): Json[] {
  const answer = call.under ? body[call.under] : body;
  return call.answer === "list" ? (answer as Json[]) : [answer];
}

// ── Reading schemas (TypeBox JSON schema, as Elysia keeps it on the route) ───────────────────────

interface Schema {
  type?: string | string[];
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
}

/** The kinds a schema admits: a union admits what each member does. */
function kindsOfSchema(schema: Schema): Set<Kind | "null"> {
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((member) => [...kindsOfSchema(member)]));
  const values = schema.enum ?? ("const" in schema ? [schema.const] : null);
  if (values) return new Set(values.map(kindOfValue).map((kind) => (kind === "date" ? "string" : kind)));
  const kinds = new Set<Kind | "null">();
  for (const type of [schema.type ?? []].flat()) {
    if (type === "integer" || type === "number") kinds.add("number");
    else if (type === "string") kinds.add(schema.pattern === ISO_DAY.source ? "date" : "string");
    else if (type === "array") kinds.add("list");
    else if (type === "null" || type === "boolean" || type === "object") kinds.add(type);
  }
  return kinds;
}

/** The success answer's schema of a route. */
function responseSchemaOf(hooks: { response?: unknown }): Schema | null {
  const response = hooks.response as (Schema & Record<string, Schema>) | undefined;
  if (!response) return null;
  if (response.type || response.anyOf) return response;
  return response["200"] ?? null;
}

/** The record schema of an answer: a list's items (the array member of a list-or-page union), or the object. */
function recordSchemaOf(call: Call, answer: Schema): Schema | null {
  const whole = call.under ? answer.properties?.[call.under] : answer;
  if (!whole) return null;
  if (call.answer === "object") return whole.anyOf?.find((member) => member.type === "object") ?? whole;
  const list = whole.type === "array" ? whole : whole.anyOf?.find((member) => member.type === "array");
  return list?.items ?? null;
}

function schemaMismatches(record: Schema, fields: Fields): string[] {
  const wrong: string[] = [];
  for (const [name, expected] of Object.entries(fields)) {
    const property = record.properties?.[name];
    if (!property) {
      wrong.push(`${name}: not in the schema`);
      continue;
    }
    const kinds = kindsOfSchema(property);
    const kind = expected.replace("?", "") as Kind;
    const fits = kinds.has(kind) || (kind === "string" && kinds.has("date"));
    if (!fits) wrong.push(`${name}: the schema says ${[...kinds].join(" | ")}, the spec ${kind}`);
  }
  return wrong;
}

const nameOf = (call: Call) =>
  `${call.method} ${call.route}${call.under ? ` → ${call.under}` : ""} (${Object.keys(call.fields).slice(0, 3).join(", ")}…)`;

describe("the contract of the spec's calls (§7)", () => {
  let desk: Desk;
  beforeAll(async () => {
    desk = await deskWithEveryRecord();
  });

  const tokenFor = (call: Call) =>
    call.as === "admin" ? desk.admin : call.as === "student" ? desk.student.token : undefined;

  it.each(calls.map((call) => [nameOf(call), call] as const))(
    "%s: the real answer carries the spec's fields",
    async (_name, call) => {
      const answer = await desk.client.call(call.method, call.path(desk), {
        body: call.body?.(desk),
        token: tokenFor(call),
      });
      expect(answer.status).toBe(200);
      const records = recordsOf(call, answer.body);
      expect(records.length).toBeGreaterThan(0);
      expect(records.flatMap((record) => valueMismatches(record, call.fields))).toEqual([]);
      for (const [field, fields] of Object.entries(call.nested ?? {})) {
        const nestedRecords = records.flatMap((record) => record[field] as Json[]);
        expect({ field, count: nestedRecords.length > 0 }).toEqual({ field, count: true });
        expect(nestedRecords.flatMap((record) => valueMismatches(record, fields))).toEqual([]);
      }
    },
  );

  it.each(calls.map((call) => [nameOf(call), call] as const))(
    "%s: the response schema declares the spec's fields",
    (_name, call) => {
      const route = desk.client.app.routes.find((entry) => entry.method === call.method && entry.path === call.route);
      expect(route).toBeDefined();
      const answer = responseSchemaOf(route?.hooks as { response?: unknown });
      expect({ route: call.route, declared: answer !== null }).toEqual({ route: call.route, declared: true });
      const record = answer && recordSchemaOf(call, answer);
      expect({ route: call.route, record: record !== null }).toEqual({ route: call.route, record: true });
      expect(schemaMismatches(record ?? {}, call.fields)).toEqual([]);
      for (const [field, fields] of Object.entries(call.nested ?? {})) {
        const items = record?.properties?.[field]?.items;
        expect({ field, declared: Boolean(items) }).toEqual({ field, declared: true });
        expect(schemaMismatches(items ?? {}, fields)).toEqual([]);
      }
    },
  );
});

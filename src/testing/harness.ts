import { createApp } from "../app";
import type { AppContext } from "../context";
import { createMemoryContext } from "../memory-context";
import { createPasswordHasher } from "../modules/auth/passwords";
import { createOrPromoteAdmin } from "../modules/auth/service";

/**
 * A fresh, migrated PrestaLab with its clock at `now`: in memory, or in `file` for what needs a second
 * connection (the import worker, threads of one test).
 */
export function createTestContext(now = new Date("2026-03-10T09:00:00Z"), file = ":memory:"): AppContext {
  return createMemoryContext({
    startAt: now,
    file,
    passwords: createPasswordHasher({ cost: "fast" }),
    jwtSecret: "test-secret-0123456789abcdef0123456789",
  });
}

export interface Json {
  // biome-ignore lint/suspicious/noExplicitAny: answers are inspected freely in tests
  [key: string]: any;
}

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

/**
 * A test client over `app.handle`: JSON in, JSON out, with an optional bearer token; `call` also takes
 * headers of its own, such as the address a reverse proxy forwards.
 */
export function createTestClient(ctx: AppContext = createTestContext()) {
  const app = createApp(ctx);
  async function call(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers["content-type"] = "application/json";
    Object.assign(headers, options.headers);
    const response = await app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
    const text = await response.text();
    let parsed: Json = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed, headers: response.headers } satisfies Answer;
  }
  return {
    ctx,
    app,
    get: (path: string, token?: string) => call("GET", path, { token }),
    post: (path: string, body?: unknown, token?: string) => call("POST", path, { body, token }),
    put: (path: string, body?: unknown, token?: string) => call("PUT", path, { body, token }),
    delete: (path: string, token?: string) => call("DELETE", path, { token }),
    call,
  };
}

export type TestClient = ReturnType<typeof createTestClient>;

/** The body of a call the test's setup needs to succeed (200); a refusal stops the test with its answer. */
export async function ok(answer: Promise<Answer>): Promise<Json> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`refused (${status}): ${JSON.stringify(body)}`);
  return body;
}

/** A file downloaded (a PDF, a spreadsheet), with an optional bearer token: its status, headers and bytes. */
export async function downloadFile(client: TestClient, path: string, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response = await client.app.handle(new Request(`http://localhost${path}`, { headers }));
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Every entry of a paged list, gathered page by page (`perPage` at a time) until its `totale`. */
export async function everyPage(client: TestClient, path: string, token: string, perPage: number): Promise<Json[]> {
  const entries: Json[] = [];
  for (let page = 1; ; page++) {
    const answer = await client.get(`${path}?pagina=${page}&per_pagina=${perPage}`, token);
    entries.push(...(answer.body.elementi as Json[]));
    if (entries.length >= answer.body.totale) return entries;
  }
}

let studentCounter = 0;

export function studentData(overrides: Record<string, unknown> = {}) {
  studentCounter++;
  return {
    name: "Giulia",
    surname: "Rossi",
    email: `studente${studentCounter}@accademia.it`,
    password: "Obiettivo-50mm",
    matricola: `M${String(studentCounter).padStart(5, "0")}`,
    corso_accademico: "Fotografia",
    phone: null,
    ruolo: "user",
    ...overrides,
  };
}

/** Registers a student through the public API and returns their token and user. */
export async function registerStudent(client: TestClient, overrides: Record<string, unknown> = {}) {
  const data = studentData(overrides);
  const answer = await client.post("/api/auth/register", data);
  if (answer.status !== 200) throw new Error(`registration failed: ${JSON.stringify(answer.body)}`);
  return { token: answer.body.token as string, user: answer.body.user as Json, password: data.password };
}

/** The sign-in call, `login` (an e-mail or a directory name) sent as both fields the form may fill: the answer, whatever its status. */
export function signIn(client: TestClient, login: string, password: string) {
  return client.post("/api/auth/login", { email: login, username: login, password });
}

/** `count` students of the photography course, registered one after the other. */
export async function photographyStudents(client: TestClient, count: number) {
  const students: Awaited<ReturnType<typeof registerStudent>>[] = [];
  for (let i = 0; i < count; i++) students.push(await registerStudent(client, { corso_accademico: "Fotografia" }));
  return students;
}

/** Creates an administrator directly and signs them in. */
export async function signInAdmin(client: TestClient, email = "desk@accademia.it") {
  const password = "Banco-Prestiti-2026";
  await createOrPromoteAdmin(client.ctx, { email, password, name: "Marta", surname: "Bianchi" });
  const answer = await signIn(client, email, password);
  if (answer.status !== 200) throw new Error(`admin sign-in failed: ${JSON.stringify(answer.body)}`);
  return { token: answer.body.token as string, user: answer.body.user as Json, password };
}

/** A fresh PrestaLab with its desk administrator signed in and one student registered. */
export async function deskAndStudent() {
  const client = createTestClient();
  const admin = await signInAdmin(client);
  const student = await registerStudent(client);
  return { client, admin, student };
}

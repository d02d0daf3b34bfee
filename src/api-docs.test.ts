import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { createTestClient } from "./testing/harness";

/** Route hooks as Elysia keeps them: the schemas a route declares. */
type DeclaredHooks = { response?: unknown; body?: unknown };

type Operation = { security: unknown[] };
type LintProblem = { ruleId: string; severity: string; message: string; location: { pointer: string }[] };

/** What the auth check answers a request without a token (src/http/errors.ts). */
const SESSION_REFUSAL = "Sessione scaduta, accedi di nuovo";

/** Linting and compiling take 1-5 s, more on a busy machine. */
const SLOW_CHECK_MS = 20_000;

const REDOCLY_CLI = join(import.meta.dir, "../node_modules/@redocly/cli/bin/cli.js");

/**
 * A client an integration would write on openapi-typescript's types: it reads a sign-in's token, a
 * refusal's message and a loan's path parameter. The misspelt field proves the types are not `any`.
 */
const TYPED_CLIENT = `import type { paths } from "./api";

type Login = paths["/api/auth/login"]["post"];
type SignIn = Login["responses"][200]["content"]["application/json"];
type Refusal = Login["responses"]["4XX"]["content"]["application/json"];

/** How the client sends a request (fetch in a browser). */
type Send = (method: string, path: string, body?: unknown) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

export async function signIn(send: Send, email: string, password: string): Promise<string> {
  const body: Login["requestBody"]["content"]["application/json"] = { email, password };
  const answer = await send("POST", "/api/auth/login", body);
  if (!answer.ok) throw new Error(((await answer.json()) as Refusal).error);
  return ((await answer.json()) as SignIn).token;
}

export const approvalPath = (id: paths["/api/prestiti/{id}/approva"]["put"]["parameters"]["path"]["id"]) =>
  \`/api/prestiti/\${id}/approva\`;

// @ts-expect-error a sign-in answers \`token\`, not \`tokn\`
export const misspelt = (answer: SignIn) => answer.tokn;
`;

async function inTemporaryDirectory(use: (dir: string) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), "prestalab-openapi-"));
  try {
    await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function documentation() {
  const { app } = createTestClient();
  const answer = await app.handle(new Request("http://localhost/api/docs/json"));
  expect(answer.status).toBe(200);
  return { app, doc: await answer.json() };
}

describe("the API documentation at /api/docs", () => {
  it("lists every registered route with the body and response schemas it declares, or the file it answers", async () => {
    const { app, doc } = await documentation();
    expect(doc.info.title).toBe("PrestaLab API");
    const documented = (path: string, method: string) =>
      doc.paths[path.replace(/:([^/]+)/g, "{$1}")]?.[method.toLowerCase()];
    const routes = app.routes.filter(
      (route) => route.path.startsWith("/api/") && !route.path.startsWith("/api/docs") && !route.path.includes("*"),
    );
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      const operation = documented(route.path, route.method);
      expect({ name, documented: Boolean(operation) }).toEqual({ name, documented: true });
      const hooks = route.hooks as DeclaredHooks;
      if (hooks.body)
        expect({ name, body: Object.keys(operation.requestBody?.content?.["application/json"]?.schema ?? {}) }).toEqual(
          {
            name,
            body: expect.arrayContaining([expect.stringMatching(/^(type|anyOf)$/)]),
          },
        );
      // The success answer: 200, 201 for an extension asked or a waiting-list entry, 202 for an import started as a job, or 302
      // for a redirect.
      const success = (operation.responses?.["200"] ??
        operation.responses?.["201"] ??
        operation.responses?.["202"] ??
        operation.responses?.["302"]) as { content?: object } | undefined;
      // Every route says what it answers: a JSON schema, or the kind of file (fileAnswer).
      const answers = Object.keys(success?.content ?? {});
      expect({ name, answers: answers.length }).toEqual({ name, answers: 1 });
      if (hooks.response) expect({ name, answers }).toEqual({ name, answers: ["application/json"] });
    }
  });

  it("checks every answer without re-encoding it: no answer schema holds a transform (answerInteger, not t.Integer)", () => {
    const { app } = createTestClient();
    const transform = Symbol.for("TypeBox.Transform");
    const holdsTransform = (schema: unknown, seen = new Set<unknown>()): boolean => {
      if (typeof schema !== "object" || schema === null || seen.has(schema)) return false;
      seen.add(schema);
      return transform in schema || Object.values(schema).some((part) => holdsTransform(part, seen));
    };
    const reencoded = app.routes
      .filter((route) => holdsTransform((route.hooks as DeclaredHooks).response))
      .map((route) => `${route.method} ${route.path}`);
    expect(reencoded).toEqual([]);
  });

  it("says who may call each operation, and the bearer scheme it means", async () => {
    const { doc } = await documentation();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/api/prestiti"].post.description).toContain("solo il banco prestiti");
    expect(doc.paths["/api/prestiti"].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/richieste"].post.description).toContain("ogni utente autenticato");
    expect(doc.paths["/api/auth/login"].post.security).toEqual([]);
  });

  it("says a body is required unless the route also takes none (t.Optional, t.MaybeEmpty)", async () => {
    const { doc } = await documentation();
    const required = (path: string, method: string) => doc.paths[path][method].requestBody.required;
    expect(required("/api/prestiti", "post")).toBe(true);
    expect(required("/api/prestiti/{id}/approva", "put")).toBe(false);
    expect(required("/api/segnalazioni/{id}/riparazione", "post")).toBe(false);
  });

  it("documents as public exactly the operations that answer without a token", async () => {
    const { app, doc } = await documentation();
    const mismatches: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, Operation>>))
      for (const [method, operation] of Object.entries(operations)) {
        const url = `http://localhost${path.replace(/\{[^}]+\}/g, "1")}`;
        const answer = await app.handle(new Request(url, { method: method.toUpperCase() }));
        const refused = answer.status === 401 && (await answer.json()).error === SESSION_REFUSAL;
        const documentedPublic = operation.security.length === 0;
        if (refused === documentedPublic) mismatches.push(`${method.toUpperCase()} ${path}`);
      }
    expect(mismatches).toEqual([]);
  });

  it(
    "is valid OpenAPI 3.1: Redocly's recommended rules find no error",
    async () => {
      const { doc } = await documentation();
      await inTemporaryDirectory(async (dir) => {
        await Bun.write(join(dir, "openapi.json"), JSON.stringify(doc));
        const lint = Bun.spawnSync(
          [process.execPath, REDOCLY_CLI, "lint", "openapi.json", "--extends=recommended", "--format=json"],
          { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
        );
        // A document Redocly cannot read at all gets no report, only a reason on stderr.
        expect({ reason: lint.stdout.length ? "" : lint.stderr.toString() }).toEqual({ reason: "" });
        const report = JSON.parse(lint.stdout.toString()) as { problems: LintProblem[] };
        const errors = report.problems
          .filter((problem) => problem.severity === "error")
          .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
        expect(errors).toEqual([]);
        expect(lint.exitCode).toBe(0);
      });
    },
    SLOW_CHECK_MS,
  );

  it(
    "gives a typed client: openapi-typescript's types of it compile, and a client using them does",
    async () => {
      const { doc } = await documentation();
      await inTemporaryDirectory(async (dir) => {
        await Bun.write(join(dir, "api.ts"), astToString(await openapiTS(doc)));
        await Bun.write(join(dir, "client.ts"), TYPED_CLIENT);
        const program = ts.createProgram([join(dir, "client.ts")], {
          strict: true,
          noEmit: true,
          target: ts.ScriptTarget.ES2022,
          lib: ["lib.es2022.d.ts"],
          types: [],
        });
        const problems = ts
          .getPreEmitDiagnostics(program)
          .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
        expect(problems).toEqual([]);
      });
    },
    SLOW_CHECK_MS,
  );

  it("serves a reference page that needs nothing from outside the campus network", async () => {
    const { app } = createTestClient();
    const answer = await app.handle(new Request("http://localhost/api/docs"));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/html");
    const page = await answer.text();
    expect(page).toContain('<html lang="it">');
    expect(page).toContain("/api/prestiti/{id}/approva");
    expect(page).not.toMatch(/<script|<link|https?:\/\//);
  });
});

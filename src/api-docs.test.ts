import { describe, expect, it } from "bun:test";
import { createTestClient } from "./testing/harness";

/** Route hooks as Elysia keeps them: the schemas a route declares. */
type DeclaredHooks = { response?: unknown; body?: unknown };

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
      // The success answer: 200, or 202 for an import started as a job.
      const success = (operation.responses?.["200"] ?? operation.responses?.["202"]) as
        | { content?: object }
        | undefined;
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

  it("says who may call each operation", async () => {
    const { doc } = await documentation();
    expect(doc.paths["/api/prestiti"].post.description).toContain("solo il banco prestiti");
    expect(doc.paths["/api/prestiti"].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/richieste"].post.description).toContain("ogni utente autenticato");
    expect(doc.paths["/api/auth/login"].post.security).toBeUndefined();
  });

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

import { describe, expect, it } from "bun:test";
import { createTestClient } from "./testing/harness";

/** Route hooks as Elysia keeps them: the schemas a route declares. */
type DeclaredHooks = { response?: unknown; query?: unknown; params?: unknown };

describe("the API documentation at /api/docs", () => {
  it("lists every registered route with the response schema it declares", async () => {
    const { app } = createTestClient();
    const answer = await app.handle(new Request("http://localhost/api/docs/json"));
    expect(answer.status).toBe(200);
    const doc = await answer.json();
    expect(doc.info.title).toBe("PrestaLab API");
    const documented = (path: string, method: string) =>
      doc.paths[path.replace(/:([^/]+)/g, "{$1}")]?.[method.toLowerCase()];
    const routes = app.routes.filter((route) => route.path.startsWith("/api") && !route.path.startsWith("/api/docs"));
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const operation = documented(route.path, route.method);
      expect({ route: `${route.method} ${route.path}`, documented: Boolean(operation) }).toEqual({
        route: `${route.method} ${route.path}`,
        documented: true,
      });
      if ((route.hooks as DeclaredHooks).response)
        expect(Object.keys(operation.responses?.["200"]?.content ?? {})).toContain("application/json");
    }
  });

  it("serves a reference page", async () => {
    const { app } = createTestClient();
    const answer = await app.handle(new Request("http://localhost/api/docs"));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/html");
    // Relative to /api/docs: the document at /api/docs/json.
    expect(await answer.text()).toContain('"url":"docs/json"');
  });
});

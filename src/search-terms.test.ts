/**
 * A NUL character in a search term, on every route that searches: FTS5 read the term only up to it and
 * failed, so each such search answered 500 and was shown on Sistema as an incident. The routes are found
 * through the app's own query schemas, so a new searching route is covered (and listed) here too.
 */
import { describe, expect, it } from "bun:test";
import { createItem } from "./testing/inventory-fixtures";
import { approvedCameraRequest, day, loanScenario, requestOk, unitIdOf } from "./testing/loan-fixtures";

/** The query fields that hold a search term. */
const SEARCH_FIELDS = ["search", "cerca", "q"];
const TERMS = ["\u0000", "a\u0000", "Can\u0000", "\u0000\u0000\u0000", "Foto\u0000camera", "\u0000%_"];

async function academyWithLoans() {
  const scenario = await loanScenario();
  const { client, student, camera } = scenario;
  await approvedCameraRequest(scenario, day(0), day(3));
  await requestOk(client, student.token, {
    unit_id: unitIdOf(camera, 1),
    dal: day(1),
    al: day(4),
  });
  return scenario;
}

/** Every GET route whose query schema takes a search term, with that field's name. */
function searchingRoutes(client: Awaited<ReturnType<typeof loanScenario>>["client"]) {
  const found = new Map<string, string>();
  for (const route of client.app.routes) {
    if (route.method !== "GET") continue;
    const query = (route.hooks as { query?: { properties?: Record<string, unknown> } } | undefined)?.query;
    const field = SEARCH_FIELDS.find((name) => query?.properties?.[name]);
    if (field) found.set(route.path, field);
  }
  return [...found.entries()].sort(([a], [b]) => a.localeCompare(b));
}

describe("a NUL character in a search term", () => {
  it("is answered below 500 on every searching route, for the desk and for a student, with no incident", async () => {
    const { client, ctx, admin, student } = await academyWithLoans();
    const routes = searchingRoutes(client);
    expect(routes.map(([path]) => path)).toEqual([
      "/api/auth/users",
      "/api/cerca",
      "/api/inventario",
      "/api/inventario/disponibili",
      "/api/prenotazioni",
      // A student's own loans and requests: the same two lists, narrowed to theirs.
      "/api/prestiti",
      "/api/richieste",
    ]);
    const failures: string[] = [];
    for (const [path, field] of routes)
      for (const token of [admin, student.token])
        for (const term of TERMS) {
          const url = `${path}?${field}=${encodeURIComponent(term)}`;
          const answer = await client.get(url, token);
          if (answer.status >= 500) failures.push(`${url} → ${answer.status}`);
        }
    expect(failures).toEqual([]);
    expect(ctx.metrics.incidents()).toEqual([]);
  });

  it("is searched for as a character: it finds the text holding it, and nothing else", async () => {
    const { client, admin } = await loanScenario();
    await createItem(client, admin, { nome: "Cavo", note: "Spina\u0000XLR" });
    const names = async (term: string) =>
      ((await client.get(`/api/inventario?search=${encodeURIComponent(term)}`, admin)).body as Array<{ nome: string }>)
        .map((item) => item.nome)
        .sort();
    expect(await names("a\u0000x")).toEqual(["Cavo"]);
    expect(await names("\u0000")).toEqual(["Cavo"]);
    expect(await names("Canon\u0000")).toEqual([]);
    expect(await names("Canon")).toEqual(["Fotocamera Canon"]);
  });
});

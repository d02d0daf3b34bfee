import { describe, expect, it } from "bun:test";
import { createTestClient, signInAdmin } from "../testing/harness";
import { declaredReads } from "./reads";

/**
 * A list route is a GET under /api whose answer (its 200 schema) is an array, or a union with an array
 * branch: a whole list or its pages. Every one states what it reads, so that the response cache keeps it
 * and a write to one of those resources rebuilds it; one answered anew on every call says "fresh".
 */
function answersAList(schema: unknown): boolean {
  const shape = schema as { type?: string; anyOf?: unknown[] } | undefined;
  return shape?.type === "array" || (shape?.anyOf ?? []).some(answersAList);
}

const { app } = createTestClient();
const getRoutes = app.routes.filter((route) => route.method === "GET" && route.path.startsWith("/api"));

function answerSchema(route: (typeof getRoutes)[number]): unknown {
  // One schema for every status, or one per status.
  const response = (route.hooks as { response?: Record<string, unknown> }).response;
  return response?.[200] ?? response;
}

describe("the routes' declared reads", () => {
  it("finds the lists among the GET routes", () => {
    const lists = getRoutes.filter((route) => answersAList(answerSchema(route))).map((route) => route.path);
    expect(lists).toContain("/api/prestiti");
    expect(lists).toContain("/api/inventario/:id/units");
    expect(lists).not.toContain("/api/inventario/:id");
  });

  it("fails for a list route that declares nothing it reads", () => {
    const undeclared = getRoutes
      .filter((route) => answersAList(answerSchema(route)) && declaredReads(route) === undefined)
      .map((route) => route.path);
    expect(undeclared).toEqual([]);
  });

  it("keeps the answers of every route that names what it reads, and only theirs", () => {
    const kept = getRoutes
      .filter((route) => {
        const reads = declaredReads(route);
        return reads !== undefined && reads !== "fresh";
      })
      .map((route) => route.path)
      .sort();
    expect(kept).toEqual(
      [
        "/api/agenda",
        "/api/attese",
        "/api/attese/mie",
        "/api/audit",
        "/api/auth/password-reset-requests",
        "/api/auth/users",
        "/api/avvisi",
        "/api/avvisi/utente",
        "/api/categorie-semplici",
        "/api/corsi",
        "/api/inventario",
        "/api/inventario/disponibili",
        "/api/inventario/riepilogo",
        "/api/inventario/:id/disponibili",
        "/api/inventario/:id/foto",
        "/api/inventario/:id/units",
        "/api/kit",
        "/api/mancanze",
        "/api/penalties/user/:userId",
        "/api/primi-passi",
        "/api/prenotazioni",
        "/api/prenotazioni/mie",
        "/api/prestiti",
        "/api/prestiti/mie",
        "/api/proroghe",
        "/api/richieste",
        "/api/richieste/mie",
        "/api/riparazioni",
        "/api/riparazioni/riepilogo",
        "/api/segnalazioni",
        "/api/segnalazioni/mie",
        "/api/segnalazioni/riepilogo",
        "/api/stats",
        "/api/stats/categories",
        "/api/stats/domanda",
        "/api/stats/domanda/articoli/:id/settimane",
        "/api/stats/monthly-requests",
        "/api/stats/top-departments",
        "/api/stats/top-items",
        "/api/stats/top-users",
        "/api/utenti/:id/scheda",
      ].sort(),
    );
  });

  it("answers a kept list with its version, and a fresh one without", async () => {
    const client = createTestClient();
    const kept = await client.get("/api/corsi");
    expect(kept.headers.get("etag")).toMatch(/^W\//);
    expect(kept.headers.get("cache-control")).toBe("private, no-cache");
    const { token } = await signInAdmin(client);
    const fresh = await client.get("/api/corsi/tutti", token);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("etag")).toBeNull();
    expect(fresh.headers.get("cache-control")).toBe("no-store");
  });
});

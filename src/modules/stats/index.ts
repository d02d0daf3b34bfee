import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { basicCounts, categoryShare, periodQuery, topDepartment, topItem, topUser, trendBucket } from "./model";
import { basicStats, periodOf, requestsByCategory, requestTrend, topDepartments, topItems, topUsers } from "./service";

export function statsModule(ctx: AppContext, tokens: TokenService) {
  // The period's rankings and trend count requests, named by their items, courses and borrowers.
  const overPeriod = { auth: "admin", reads: ["inventory", "requests", "users"], query: periodQuery } as const;
  return new Elysia({ prefix: "/stats" })
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .get("", () => basicStats(ctx), {
      auth: "admin",
      reads: ["inventory", "loans", "requests", "users", "repairs", "reports"],
      response: basicCounts,
    })
    .get("/top-users", ({ query }) => topUsers(ctx, periodOf(query)), { ...overPeriod, response: t.Array(topUser) })
    .get("/top-items", ({ query }) => topItems(ctx, periodOf(query)), { ...overPeriod, response: t.Array(topItem) })
    .get("/top-departments", ({ query }) => topDepartments(ctx, periodOf(query)), {
      ...overPeriod,
      response: t.Array(topDepartment),
    })
    .get("/categories", ({ query }) => requestsByCategory(ctx, periodOf(query)), {
      ...overPeriod,
      response: t.Array(categoryShare),
    })
    .get("/monthly-requests", ({ query }) => requestTrend(ctx, periodOf(query)), {
      ...overPeriod,
      response: t.Array(trendBucket),
    });
}

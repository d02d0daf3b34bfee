import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import {
  basicStats,
  parsePeriod,
  requestsByCategory,
  requestTrend,
  topDepartments,
  topItems,
  topUsers,
} from "./service";

const periodQuery = t.Object({ period: t.Optional(t.String()) });

export function statsModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/stats" })
    .use(authPlugin(tokens))
    .get("", () => basicStats(ctx), { auth: "admin" })
    .get("/top-users", ({ query }) => topUsers(ctx, parsePeriod(query.period)), { auth: "admin", query: periodQuery })
    .get("/top-items", ({ query }) => topItems(ctx, parsePeriod(query.period)), { auth: "admin", query: periodQuery })
    .get("/top-departments", ({ query }) => topDepartments(ctx, parsePeriod(query.period)), {
      auth: "admin",
      query: periodQuery,
    })
    .get("/categories", ({ query }) => requestsByCategory(ctx, parsePeriod(query.period)), {
      auth: "admin",
      query: periodQuery,
    })
    .get("/monthly-requests", ({ query }) => requestTrend(ctx, parsePeriod(query.period)), {
      auth: "admin",
      query: periodQuery,
    });
}

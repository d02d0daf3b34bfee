import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { alerts, alertsQuery } from "./model";
import { adminAlerts, userAlerts } from "./service";

export function alertsModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/avvisi" })
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .get("", ({ query }) => adminAlerts(ctx, query.limite === undefined ? undefined : Number(query.limite)), {
      auth: "admin",
      query: alertsQuery,
      reads: ["inventory", "loans", "requests", "repairs", "users"],
      response: alerts,
    })
    .get("/utente", ({ actor }) => userAlerts(ctx, actor.id), {
      auth: "signed-in",
      reads: ["inventory", "loans", "users"],
      response: alerts,
    });
}

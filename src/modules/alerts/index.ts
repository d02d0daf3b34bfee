import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { alerts } from "./model";
import { adminAlerts, userAlerts } from "./service";

export function alertsModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/avvisi" })
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .get("", () => adminAlerts(ctx), {
      auth: "admin",
      reads: ["inventory", "loans", "requests", "repairs", "users"],
      response: alerts,
    })
    .get("/utente", ({ actor }) => userAlerts(ctx, actor.id), {
      auth: "signed-in",
      reads: ["inventory", "loans", "users"],
      response: alerts,
    });
}

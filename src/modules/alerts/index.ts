import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { alerts } from "./model";
import { adminAlerts, userAlerts } from "./service";

export function alertsModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/avvisi" })
    .use(authPlugin(tokens))
    .get("", () => adminAlerts(ctx), { auth: "admin", response: alerts })
    .get("/utente", ({ actor }) => userAlerts(ctx, actor.id), { auth: "signed-in", response: alerts });
}

import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { bookingRules as rulesOf } from "../../domain/academy-settings";
import { authPlugin, type TokenService } from "../../http/auth";
import { bookingRules, settings, settingsChange } from "./model";
import { readSettings, shownSettings, updateSettings } from "./service";

export function settingsModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia()
    .use(authPlugin(tokens))
    .get("/impostazioni", () => shownSettings(readSettings(ctx.db)), { auth: "admin", response: settings })
    .put("/impostazioni", ({ actor, body }) => shownSettings(updateSettings(ctx, actor, body)), {
      auth: "admin",
      body: settingsChange,
      response: settings,
    })
    .get("/impostazioni/regole", () => rulesOf(readSettings(ctx.db)), { auth: "signed-in", response: bookingRules });
}

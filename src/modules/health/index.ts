import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { BUILD, VERSION } from "../../domain/version";

export function healthModule(ctx: AppContext) {
  return new Elysia().get("/health", () => ({
    ok: true,
    appName: ctx.appName,
    version: VERSION,
    build: BUILD,
    clock: ctx.clock.shifted ? "shifted" : "real",
    now: ctx.clock.now().toISOString(),
    today: ctx.clock.today(),
  }));
}

import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { BUILD, VERSION } from "../../domain/version";
import { healthAnswer } from "./model";

export function healthModule(ctx: AppContext) {
  return new Elysia().get(
    "/health",
    () => ({
      ok: true,
      appName: ctx.appName,
      version: VERSION,
      build: BUILD,
      clock: ctx.clock.shifted ? ("shifted" as const) : ("real" as const),
      now: ctx.clock.now().toISOString(),
      today: ctx.clock.today(),
    }),
    { response: healthAnswer },
  );
}

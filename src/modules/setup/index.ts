import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { setupChecklist as setupChecklistAnswer } from "./model";
import { setupChecklist } from "./service";

/** The setup checklist of a new academy (the desk's dashboard); a student gets 403. */
export function setupModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia()
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .get("/primi-passi", () => setupChecklist(ctx), {
      auth: "admin",
      // Courses bump "inventory" (migration 0006), their changes are read from "audit"; the public address
      // and the mail server are settings, or the environment, which changes only with a restart (a new
      // process, which the cache's versions carry).
      reads: ["settings", "inventory", "audit"],
      response: setupChecklistAnswer,
    });
}

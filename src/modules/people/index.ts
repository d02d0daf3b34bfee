import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { agenda } from "./agenda";
import { agendaAnswer, agendaQuery, studentParams, studentSheet as studentSheetAnswer } from "./model";
import { studentSheet } from "./student-sheet";

/**
 * The desk's views across modules: one student whole (`/utenti/:id/scheda`) and every booking by day
 * (`/agenda`). Both are the desk's alone; a student gets 403.
 */
export function peopleModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia()
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .get("/utenti/:id/scheda", ({ actor, params }) => studentSheet(ctx, actor, Number(params.id)), {
      auth: "admin",
      // Penalties bump "users" (migration 0006); sets and mancanze bump "sets" (0027).
      reads: ["users", "loans", "requests", "sets", "inventory", "repairs"],
      params: studentParams,
      response: studentSheetAnswer,
    })
    .get("/agenda", ({ query }) => agenda(ctx, query), {
      auth: "admin",
      reads: ["loans", "requests", "sets", "inventory", "users", "repairs"],
      query: agendaQuery,
      response: agendaAnswer,
    });
}

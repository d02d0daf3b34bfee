import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { searchQuery, searchResults } from "./model";
import { searchEverything } from "./service";

/** The desk's global search (Ctrl-K): items, unit codes, students and open loans as one types. */
export function searchModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia()
    .use(authPlugin(tokens))
    .get("/cerca", ({ actor, query }) => searchEverything(ctx, actor, query.q), {
      auth: "admin",
      query: searchQuery,
      response: searchResults,
    });
}

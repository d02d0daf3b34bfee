import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { messageAnswer } from "../schemas";
import { emptySearchBody } from "./model";
import { recordEmptySearch } from "./searches";

export function demandModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia()
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .post("/domanda/ricerche", ({ actor, body }) => recordEmptySearch(ctx, actor, body), {
      auth: "signed-in",
      body: emptySearchBody,
      response: messageAnswer,
    });
}

import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { penaltyUserParams, unblockAnswer, unblockBody, userPenaltiesAnswer } from "./model";
import { unblockUser, userPenalties } from "./service";

export function penaltiesModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/penalties" })
    .use(authPlugin(tokens))
    .get("/user/:userId", ({ actor, params }) => userPenalties(ctx, actor, Number(params.userId)), {
      auth: "signed-in",
      params: penaltyUserParams,
      response: userPenaltiesAnswer,
    })
    .post("/unblock-user", ({ actor, body }) => unblockUser(ctx, actor, body), {
      auth: "admin",
      body: unblockBody,
      response: unblockAnswer,
    });
}

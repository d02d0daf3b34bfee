import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import {
  manualPenaltyBody,
  penaltyChangeAnswer,
  penaltyChangeBody,
  penaltyParams,
  penaltyStatsAnswer,
  penaltyUserParams,
  unblockAnswer,
  unblockBody,
  userPenaltiesAnswer,
} from "./model";
import { assignManualPenalty, changePenalty, deletePenalty, penaltyStats, unblockUser, userPenalties } from "./service";

export function penaltiesModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/penalties" })
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .get("/user/:userId", ({ actor, params }) => userPenalties(ctx, actor, Number(params.userId)), {
      auth: "signed-in",
      // A penalty written bumps "users" (migration 0006), beside the borrower's own row.
      reads: ["users"],
      params: penaltyUserParams,
      response: userPenaltiesAnswer,
    })
    .post("/unblock-user", ({ actor, body }) => unblockUser(ctx, actor, body), {
      auth: "admin",
      body: unblockBody,
      response: unblockAnswer,
    })
    .get("/stats", () => penaltyStats(ctx), { auth: "admin", response: penaltyStatsAnswer })
    .post("/assign-manual", ({ actor, body }) => assignManualPenalty(ctx, actor, body), {
      auth: "admin",
      body: manualPenaltyBody,
      response: penaltyChangeAnswer,
    })
    .put("/:id", ({ actor, body, params }) => changePenalty(ctx, actor, Number(params.id), body), {
      auth: "admin",
      params: penaltyParams,
      body: penaltyChangeBody,
      response: penaltyChangeAnswer,
    })
    .delete("/:id", ({ actor, params }) => deletePenalty(ctx, actor, Number(params.id)), {
      auth: "admin",
      params: penaltyParams,
      response: penaltyChangeAnswer,
    });
}

import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import {
  createdRepair,
  newRepair,
  repairChange,
  repairParams,
  repairsSummary as repairsSummaryAnswer,
  repairView,
} from "./model";
import { createRepair, loadRepairViews, repairsSummary, updateRepair } from "./service";

export function repairsModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/riparazioni" })
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .get("", () => loadRepairViews(ctx.db), {
      auth: "admin",
      reads: ["repairs", "inventory"],
      response: t.Array(repairView),
    })
    .get("/riepilogo", () => repairsSummary(ctx.db), {
      auth: "admin",
      reads: ["repairs"],
      response: repairsSummaryAnswer,
    })
    .post("", ({ actor, body }) => createRepair(ctx, actor, body), {
      auth: "admin",
      body: newRepair,
      response: createdRepair,
    })
    .put("/:id", ({ actor, body, params }) => updateRepair(ctx, actor, Number(params.id), body), {
      auth: "admin",
      params: repairParams,
      body: repairChange,
      response: repairView,
    });
}

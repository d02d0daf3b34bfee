import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { createdRepair, repairFromReportDetails } from "../repairs/model";
import { newReport, reportMove, reportParams, reportsSummary as reportsSummaryAnswer, reportView } from "./model";
import { createReport, listReports, repairFromReport, reportsSummary, updateReport } from "./service";

export function reportsModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/segnalazioni" })
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .get("", ({ actor }) => listReports(ctx, actor, true), {
      auth: "admin",
      reads: ["reports", "inventory", "users"],
      response: t.Array(reportView),
    })
    .get("/riepilogo", () => reportsSummary(ctx.db), {
      auth: "admin",
      reads: ["reports", "inventory", "users"],
      response: reportsSummaryAnswer,
    })
    .get("/mie", ({ actor }) => listReports(ctx, actor, false), {
      auth: "signed-in",
      reads: ["reports", "inventory", "users"],
      response: t.Array(reportView),
    })
    .post("", ({ actor, body }) => createReport(ctx, actor, body), {
      auth: "signed-in",
      body: newReport,
      response: reportView,
    })
    .put("/:id", ({ actor, body, params }) => updateReport(ctx, actor, Number(params.id), body), {
      auth: "admin",
      params: reportParams,
      body: reportMove,
      response: reportView,
    })
    .post(
      "/:id/riparazione",
      ({ actor, body, params }) => repairFromReport(ctx, actor, Number(params.id), body ?? {}),
      {
        auth: "admin",
        params: reportParams,
        body: t.Optional(repairFromReportDetails),
        response: createdRepair,
      },
    );
}

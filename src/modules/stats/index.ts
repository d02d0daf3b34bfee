import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { demandExportOffThread, demandReportOffThread } from "../../read-jobs";
import { gzippedJsonAnswer, readsPlugin } from "../../read-model";
import { fileAnswer, idParams } from "../schemas";
import { demandItemWeeks, demandPeriod } from "./demand";
import { CSV_TYPE, XLSX_TYPE } from "./demand-export";
import {
  type DemandQuery,
  demandItemWeeks as demandItemWeeksAnswer,
  demandQuery,
  demandReport as demandReportAnswer,
} from "./demand-model";
import { basicCounts, categoryShare, periodQuery, topDepartment, topItem, topUser, trendBucket } from "./model";
import { basicStats, periodOf, requestsByCategory, requestTrend, topDepartments, topItems, topUsers } from "./service";

/** The demand report reads the demand events and queues, the bookings, the units, repairs and closures. */
const DEMAND_READS = ["demand", "requests", "loans", "inventory", "repairs", "users", "settings"] as const;

/**
 * The demand report, computed and encoded on the read worker (src/read-jobs.ts). The period is checked
 * here first, so that a bad one gets its 400 at once. The worker's gzip goes out as it is, never checked
 * against the answer schema again (`never` says so); in memory (tests) the report itself is checked.
 */
async function demandAnswer(ctx: AppContext, query: DemandQuery) {
  demandPeriod(ctx.clock.today(), query);
  const report = await demandReportOffThread(ctx, query);
  if (report instanceof Uint8Array) return gzippedJsonAnswer(report) as never;
  return report;
}

export function statsModule(ctx: AppContext, tokens: TokenService) {
  // The period's rankings and trend count requests, named by their items, courses and borrowers.
  const overPeriod = { auth: "admin", reads: ["inventory", "requests", "users"], query: periodQuery } as const;
  return (
    new Elysia({ prefix: "/stats" })
      .use(authPlugin(tokens))
      .use(readsPlugin)
      .get("", () => basicStats(ctx), {
        auth: "admin",
        reads: ["inventory", "loans", "requests", "users", "repairs", "reports"],
        response: basicCounts,
      })
      .get("/top-users", ({ query }) => topUsers(ctx, periodOf(query)), { ...overPeriod, response: t.Array(topUser) })
      .get("/top-items", ({ query }) => topItems(ctx, periodOf(query)), { ...overPeriod, response: t.Array(topItem) })
      .get("/top-departments", ({ query }) => topDepartments(ctx, periodOf(query)), {
        ...overPeriod,
        response: t.Array(topDepartment),
      })
      .get("/categories", ({ query }) => requestsByCategory(ctx, periodOf(query)), {
        ...overPeriod,
        response: t.Array(categoryShare),
      })
      .get("/domanda", ({ query }) => demandAnswer(ctx, query), {
        auth: "admin",
        reads: DEMAND_READS,
        query: demandQuery,
        response: demandReportAnswer,
      })
      // One item's weeks for the chart, with the report's filters: computed here, as it reads one item's rows.
      .get("/domanda/articoli/:id/settimane", ({ params, query }) => demandItemWeeks(ctx, query, Number(params.id)), {
        auth: "admin",
        reads: DEMAND_READS,
        params: idParams("Articolo non valido"),
        query: demandQuery,
        response: demandItemWeeksAnswer,
      })
      .get(
        "/domanda/export",
        async ({ query }) => {
          const { dal, al } = demandPeriod(ctx.clock.today(), query);
          const csv = query.formato === "csv";
          const body = await demandExportOffThread(ctx, query, csv ? "csv" : "xlsx");
          return new Response(body, {
            headers: {
              "content-type": csv ? CSV_TYPE : XLSX_TYPE,
              "content-disposition": `attachment; filename="domanda-${dal}-${al}.${csv ? "csv" : "xlsx"}"`,
              "cache-control": "no-store",
            },
          });
        },
        {
          auth: "admin",
          query: t.Object({
            ...demandQuery.properties,
            formato: t.Optional(t.UnionEnum(["xlsx", "csv"], { error: "Formato non valido: usa xlsx o csv" })),
          }),
          detail: fileAnswer(XLSX_TYPE, "Il rapporto sulla domanda come foglio di calcolo (o CSV con formato=csv)"),
        },
      )
      .get("/monthly-requests", ({ query }) => requestTrend(ctx, periodOf(query)), {
        ...overPeriod,
        response: t.Array(trendBucket),
      })
  );
}

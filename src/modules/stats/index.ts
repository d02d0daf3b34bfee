import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { fileAnswer } from "../schemas";
import { demandReport } from "./demand";
import { CSV_TYPE, demandCsv, demandWorkbook, XLSX_TYPE } from "./demand-export";
import { demandQuery, demandReport as demandReportAnswer } from "./demand-model";
import { basicCounts, categoryShare, periodQuery, topDepartment, topItem, topUser, trendBucket } from "./model";
import { basicStats, periodOf, requestsByCategory, requestTrend, topDepartments, topItems, topUsers } from "./service";

/** The demand report reads the demand events and queues, the bookings, the units, repairs and closures. */
const DEMAND_READS = ["demand", "requests", "loans", "inventory", "repairs", "users", "settings"] as const;

export function statsModule(ctx: AppContext, tokens: TokenService) {
  // The period's rankings and trend count requests, named by their items, courses and borrowers.
  const overPeriod = { auth: "admin", reads: ["inventory", "requests", "users"], query: periodQuery } as const;
  return new Elysia({ prefix: "/stats" })
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
    .get("/domanda", ({ query }) => demandReport(ctx, query), {
      auth: "admin",
      reads: DEMAND_READS,
      query: demandQuery,
      response: demandReportAnswer,
    })
    .get(
      "/domanda/export",
      async ({ query }) => {
        const report = demandReport(ctx, query);
        const csv = query.formato === "csv";
        const body = csv ? demandCsv(report) : new Uint8Array(await demandWorkbook(report));
        return new Response(body, {
          headers: {
            "content-type": csv ? CSV_TYPE : XLSX_TYPE,
            "content-disposition": `attachment; filename="domanda-${report.dal}-${report.al}.${csv ? "csv" : "xlsx"}"`,
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
    });
}

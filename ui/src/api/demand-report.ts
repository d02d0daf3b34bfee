import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { DemandQuery } from "../../../src/modules/stats/model";
import { answerOf, apiDownload, server } from "../lib/api";
import { saveFile } from "../lib/save-file";
import { statsKeys } from "./stats";

// The demand report (Statistiche → Domanda): GET /api/stats/domanda and its export
// GET /api/stats/domanda/export (Excel, or CSV with formato=csv).

export type { DemandItem, DemandItemWeeks, DemandReport } from "../../../src/modules/stats/model";

/** The report's filters as the screen holds them: empty text means "not filtered". */
export interface DemandFilters {
  dal: string;
  al: string;
  corso: string;
  categoria: string;
}

/** Only the filters that are set travel to the server. */
function queryOf(filters: DemandFilters): DemandQuery {
  const query: DemandQuery = {};
  if (filters.dal) query.dal = filters.dal;
  if (filters.al) query.al = filters.al;
  if (filters.corso) query.corso = filters.corso;
  if (filters.categoria) query.categoria = filters.categoria;
  return query;
}

// The previous answer stays on screen, dimmed, while the new filters' arrives.
export function useDemandReport(filters: DemandFilters) {
  const query = queryOf(filters);
  return useQuery({
    queryKey: [...statsKeys.all, "domanda", query] as const,
    queryFn: () => answerOf(server.api.stats.domanda.get({ query })),
    placeholderData: keepPreviousData,
  });
}

/** One item's weeks for the chart, with the report's filters (GET /api/stats/domanda/articoli/:id/settimane). */
export function useDemandItemWeeks(filters: DemandFilters, itemId: number) {
  const query = queryOf(filters);
  return useQuery({
    queryKey: [...statsKeys.all, "domanda", "settimane", itemId, query] as const,
    queryFn: () => answerOf(server.api.stats.domanda.articoli({ id: itemId }).settimane.get({ query })),
    placeholderData: keepPreviousData,
  });
}

export type DemandExportFormat = "xlsx" | "csv";

/** Downloads the report with the screen's filters; a failure is thrown for the button to say. */
export async function downloadDemandReport(filters: DemandFilters, formato: DemandExportFormat) {
  const search = new URLSearchParams({ ...queryOf(filters), formato });
  const { blob, fileName } = await apiDownload(
    `/api/stats/domanda/export?${search}`,
    "Errore durante l'esportazione del rapporto",
  );
  saveFile(blob, fileName ?? `domanda.${formato}`);
}

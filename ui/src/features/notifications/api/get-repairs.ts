import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { POLL_INTERVAL_MS } from "./get-requests";

export interface RepairSummary {
  id: number;
  stato: string;
  oggetto_nome: string;
}

/** Repairs, polled only while desktop notifications are on (to announce new ones). */
export function useRepairs(enabled: boolean) {
  return useQuery({
    queryKey: ["riparazioni"],
    queryFn: () => apiRequest<RepairSummary[]>("/api/riparazioni"),
    refetchInterval: POLL_INTERVAL_MS,
    enabled,
  });
}

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { POLL_INTERVAL_MS } from "./get-requests";

export interface ReportSummary {
  id: number;
  tipo: string;
  messaggio: string;
  utente_nome: string | null;
  utente_cognome: string | null;
}

/** Fault reports, polled only while desktop notifications are on (to announce new ones). */
export function useReports(enabled: boolean) {
  return useQuery({
    queryKey: ["segnalazioni"],
    queryFn: () => apiRequest<ReportSummary[]>("/api/segnalazioni"),
    refetchInterval: POLL_INTERVAL_MS,
    enabled,
  });
}

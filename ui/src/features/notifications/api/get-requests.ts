import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** The fields of a loan request that a notification tells about. */
export interface RequestSummary {
  id: number;
  stato: string;
  oggetto_nome: string;
  codice_univoco: string;
  dal: string;
  al: string;
  created_at: string;
  utente_nome: string | null;
  utente_cognome: string | null;
}

export const POLL_INTERVAL_MS = 300_000;

/** Every request, polled every 300 seconds (same cache as the desk's own lists). */
export function useRequests() {
  return useQuery({
    queryKey: ["richieste"],
    queryFn: () => apiRequest<RequestSummary[]>("/api/richieste?all=1"),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

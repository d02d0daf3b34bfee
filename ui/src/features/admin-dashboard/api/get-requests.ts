import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { usePendingRequests } from "../../../lib/pending-requests";

export interface LoanRequest {
  id: number;
  stato: string;
  oggetto_nome: string;
  inventario_id: number;
  unit_id: number;
  codice_univoco: string;
  dal: string;
  al: string;
  note: string | null;
  tipo_utilizzo: "interno" | "esterno" | null;
  created_at: string;
  utente_nome: string | null;
  utente_cognome: string | null;
  utente_email: string | null;
  penalty_strikes: number;
  is_blocked: boolean;
}

/** One page of a list from the server, with the count of the whole list. */
export interface RequestPage {
  elementi: LoanRequest[];
  totale: number;
  pagina: number;
  per_pagina: number;
}

const RECENT_REQUESTS_SHOWN = 5;

/** As often as the notifications poll the pending requests, so the two never tell different stories. */
const RECENT_POLL_INTERVAL_MS = 300_000;

/**
 * The newest requests, with the number of all requests ever made: one small page, however long the
 * history. The counter and the recent list share it.
 */
export function useRecentRequests() {
  return useQuery({
    queryKey: ["richieste", "recenti"],
    queryFn: () => apiRequest<RequestPage>(`/api/richieste?all=1&pagina=1&per_pagina=${RECENT_REQUESTS_SHOWN}`),
    refetchInterval: RECENT_POLL_INTERVAL_MS,
  });
}

/** The requests still waiting for the desk (shared with the loans screen and the notifications). */
export function usePendingDeskRequests() {
  return usePendingRequests<LoanRequest>();
}

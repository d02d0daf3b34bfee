import { usePendingRequests } from "../../../lib/pending-requests";

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

/**
 * The pending requests, polled every 300 seconds: notifications and desktop alerts tell only about
 * requests still waiting (same cache as the desk's own pending list).
 */
export function usePendingRequestSummaries() {
  return usePendingRequests<RequestSummary>({ refetchInterval: POLL_INTERVAL_MS });
}

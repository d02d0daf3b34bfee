import { useQuery } from "@tanstack/react-query";
import { REQUEST_STATE, type RequestState } from "../../../src/domain/bookings";
import type { UsageType } from "../../../src/domain/loan-types";
import { apiRequest } from "../lib/api";
import { DESK_POLL_INTERVAL_MS } from "../lib/desk-poll";

// Loan requests: GET /api/richieste (the desk's lists) and GET /api/richieste/mie (a student's own).

/** Every key starts with "richieste", so a decision that invalidates the requests refreshes them all. */
export const richiesteKeys = {
  all: ["richieste"] as const,
  /** One poll serves the loans screen, the dashboard counter and the notifications. */
  pending: ["richieste", REQUEST_STATE.pending] as const,
  recent: ["richieste", "recenti"] as const,
  mine: ["richieste", "mie"] as const,
};

/** A student's own request, as "I Miei Prestiti" and the student dashboard show it. */
export interface MyRequest {
  id: number;
  stato: RequestState;
  oggetto_nome: string;
  codice_univoco: string;
  dal: string;
  al: string;
  note: string | null;
  tipo_utilizzo: UsageType | null;
  motivo_rifiuto: string | null;
  created_at: string;
}

/** A request as the desk sees it, with the requester and their penalty standing. */
export interface LoanRequest extends MyRequest {
  inventario_id: number;
  unit_id: number;
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

/**
 * The requests waiting for the desk (`?all=1&stato=in_attesa`): few at any time, so the whole list comes as
 * one array and each screen filters it itself; who polls says how often.
 */
export function usePendingRequests(options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: richiesteKeys.pending,
    queryFn: () => apiRequest<LoanRequest[]>("/api/richieste?all=1&stato=in_attesa"),
    refetchInterval: options.refetchInterval,
  });
}

const RECENT_REQUESTS_SHOWN = 5;

/**
 * The newest requests, with the number of all requests ever made: one small page, however long the
 * history. Polled as often as the notifications poll the pending ones, so the two never tell different stories.
 */
export function useRecentRequests() {
  return useQuery({
    queryKey: richiesteKeys.recent,
    queryFn: () => apiRequest<RequestPage>(`/api/richieste?all=1&pagina=1&per_pagina=${RECENT_REQUESTS_SHOWN}`),
    refetchInterval: DESK_POLL_INTERVAL_MS,
  });
}

export function useMyRequests() {
  return useQuery({ queryKey: richiesteKeys.mine, queryFn: () => apiRequest<MyRequest[]>("/api/richieste/mie") });
}

import { useQuery } from "@tanstack/react-query";
import { answerOf, server } from "../lib/api";

// Alerts: GET /api/avvisi (the desk's dashboard and notifications) and GET /api/avvisi/utente (a student's
// own loans, on their dashboard).

export type { Alerts, LoanAlert, LowStockAlert } from "../../../src/modules/alerts/model";

/** Every key starts with "avvisi", so a write that invalidates the alerts refreshes both. */
export const avvisiKeys = {
  all: ["avvisi"] as const,
  firsts: (limit: number) => ["avvisi", "primi", limit] as const,
  mine: ["avvisi", "utente"] as const,
};

/**
 * The desk's alerts: every one (the notifications poll them, a card's detail dialog lists them), or with
 * `limit` each list's first entries and the counts of all (the dashboard's cards), a bounded answer at any
 * size of the academy.
 */
export function useAlerts(options: { refetchInterval?: number; limit?: number } = {}) {
  const { limit } = options;
  return useQuery({
    queryKey: limit === undefined ? avvisiKeys.all : avvisiKeys.firsts(limit),
    queryFn: () => answerOf(server.api.avvisi.get(limit === undefined ? {} : { query: { limite: String(limit) } })),
    refetchInterval: options.refetchInterval,
  });
}

export function useMyAlerts() {
  return useQuery({ queryKey: avvisiKeys.mine, queryFn: () => answerOf(server.api.avvisi.utente.get()) });
}

import { useQuery } from "@tanstack/react-query";
import { answerOf, server } from "../lib/api";

// Alerts: GET /api/avvisi (the desk's dashboard and notifications) and GET /api/avvisi/utente (a student's
// own loans, on their dashboard).

export type { Alerts, LoanAlert, LowStockAlert } from "../../../src/modules/alerts/model";

/** Every key starts with "avvisi", so a write that invalidates the alerts refreshes both. */
export const avvisiKeys = {
  all: ["avvisi"] as const,
  mine: ["avvisi", "utente"] as const,
};

/** The notifications poll it; the dashboard reads it when shown. */
export function useAlerts(options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: avvisiKeys.all,
    queryFn: () => answerOf(server.api.avvisi.get()),
    refetchInterval: options.refetchInterval,
  });
}

export function useMyAlerts() {
  return useQuery({ queryKey: avvisiKeys.mine, queryFn: () => answerOf(server.api.avvisi.utente.get()) });
}

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { POLL_INTERVAL_MS } from "./get-requests";

export interface LowStockAlert {
  id: number;
  nome: string;
  motivo: string;
  stato_scorte: string;
}

export interface OverdueLoanAlert {
  id: number;
  oggetto_nome: string;
  utente_nome: string;
  data_rientro: string;
  giorni_ritardo: number;
}

export interface Alerts {
  scorte_basse: LowStockAlert[];
  prestiti_scaduti: OverdueLoanAlert[];
}

/** The desk's alerts, polled together with the requests. */
export function useAlerts() {
  return useQuery({
    queryKey: ["avvisi"],
    queryFn: () => apiRequest<Alerts>("/api/avvisi"),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { statsKey } from "./stats-period";

export interface BasicStats {
  totale_articoli: number;
  utenti_registrati: number;
  richieste_totali: number;
  prestiti_attivi: number;
}

export function useBasicStats() {
  return useQuery({
    queryKey: [...statsKey, "basic"],
    queryFn: () => apiRequest<BasicStats>("/api/stats"),
  });
}

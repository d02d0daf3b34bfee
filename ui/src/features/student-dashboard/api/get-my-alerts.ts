import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export interface LoanAlert {
  id: number;
  oggetto_nome: string;
  data_rientro: string;
  giorni_ritardo: number;
}

export interface MyAlerts {
  prestiti_scaduti: LoanAlert[];
  scadenze_oggi: LoanAlert[];
  scadenze_domani: LoanAlert[];
  totale_avvisi: number;
}

export function useMyAlerts() {
  return useQuery({ queryKey: ["avvisi", "utente"], queryFn: () => apiRequest<MyAlerts>("/api/avvisi/utente") });
}

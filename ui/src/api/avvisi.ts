import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../lib/api";

// The desk's alerts: GET /api/avvisi (the dashboard's important alerts and the notifications).

export const avvisiKeys = {
  all: ["avvisi"] as const,
};

export interface LowStockAlert {
  id: number;
  nome: string;
  unita_disponibili: number;
  quantita_totale: number;
  stato_scorte: string;
  motivo: string;
  percentuale_disponibile: number;
  prima_data_rientro: string | null;
}

export interface LoanAlert {
  id: number;
  oggetto_nome: string;
  utente_nome: string;
  utente_email: string | null;
  data_rientro: string;
  giorni_ritardo: number;
}

export interface Alerts {
  scorte_basse: LowStockAlert[];
  prestiti_scaduti: LoanAlert[];
  scadenze_oggi: LoanAlert[];
  scadenze_domani: LoanAlert[];
  totale_avvisi: number;
}

/** The notifications poll it; the dashboard reads it when shown. */
export function useAlerts(options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: avvisiKeys.all,
    queryFn: () => apiRequest<Alerts>("/api/avvisi"),
    refetchInterval: options.refetchInterval,
  });
}

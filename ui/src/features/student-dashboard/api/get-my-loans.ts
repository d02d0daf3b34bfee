import { useQuery } from "@tanstack/react-query";
import type { StoredLoanState } from "../../../../../src/domain/loan-rules";
import { apiRequest } from "../../../lib/api";

export interface DashboardLoan {
  id: number;
  oggetto_nome: string;
  unita: string[];
  data_rientro: string;
  stato: StoredLoanState;
  giorni_ritardo: number;
}

/** Keyed by API path, shared with "I Miei Prestiti". */
export function useMyLoans() {
  return useQuery({
    queryKey: ["prestiti", "mie"],
    queryFn: () => apiRequest<DashboardLoan[]>("/api/prestiti/mie"),
  });
}

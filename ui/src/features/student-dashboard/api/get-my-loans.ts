import { useQuery } from "@tanstack/react-query";
import type { LoanState } from "../../../../../src/domain/bookings";
import { apiRequest } from "../../../lib/api";

export interface DashboardLoan {
  id: number;
  oggetto_nome: string;
  unita: string[];
  data_rientro: string;
  stato: LoanState;
  giorni_ritardo: number;
}

/** Keyed by API path, shared with "I Miei Prestiti". */
export function useMyLoans() {
  return useQuery({
    queryKey: ["prestiti", "mie"],
    queryFn: () => apiRequest<DashboardLoan[]>("/api/prestiti/mie"),
  });
}

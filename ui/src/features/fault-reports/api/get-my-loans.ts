import { useQuery } from "@tanstack/react-query";
import type { LoanState } from "../../../../../src/domain/bookings";
import { apiRequest } from "../../../lib/api";

export interface MyLoan {
  id: number;
  inventario_id: number;
  oggetto_nome: string;
  unita: string[];
  unita_ids: number[];
  stato: LoanState;
  data_uscita: string;
  data_rientro: string;
}

/** The student's loans; a fault can only be reported on one still open. */
export function useMyLoans() {
  return useQuery({
    queryKey: ["prestiti", "mie"],
    queryFn: () => apiRequest<MyLoan[]>("/api/prestiti/mie"),
  });
}

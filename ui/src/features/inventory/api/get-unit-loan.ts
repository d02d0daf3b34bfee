import { useQuery } from "@tanstack/react-query";
import type { LoanState } from "../../../../../src/domain/bookings";
import { apiRequest } from "../../../lib/api";

/** The open loan that holds a unit. */
export interface UnitLoan {
  id: number;
  codice_univoco: string | null;
  articolo_nome: string;
  chi: string;
  utente_nome_reale: string;
  utente_email: string | null;
  data_uscita: string;
  data_rientro: string;
  stato: LoanState;
  note: string | null;
}

export function useUnitLoan(unitId: number) {
  return useQuery({
    queryKey: ["unit-loan", unitId],
    queryFn: () => apiRequest<UnitLoan>(`/api/prestiti/unit/${unitId}`),
  });
}

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export interface LoanUnit {
  id: number;
  codice_univoco: string;
  note: string | null;
}

export function useLoanUnits(loanId: number | null) {
  return useQuery({
    queryKey: ["prestiti", loanId, "units"],
    queryFn: () => apiRequest<LoanUnit[]>(`/api/prestiti/${loanId}/units`),
    enabled: loanId !== null,
  });
}

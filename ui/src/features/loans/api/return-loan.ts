import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export interface ReturnAnswer {
  message: string;
  giorni_ritardo: number;
  /** The strikes this return earned, the borrower's total and whether it blocked them. */
  penalty: { strike_assegnati: number; totale: number; bloccato: boolean } | null;
}

/** Ends a loan today; a late return may add strikes and block the borrower. */
export function useReturnLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (loanId: number) =>
      apiRequest<ReturnAnswer>(`/api/prestiti/${loanId}/restituisci`, {
        method: "PUT",
        fallbackError: "Errore nella restituzione",
      }),
    onSettled: () => {
      for (const key of ["prestiti", "avvisi", "inventario", "users"])
        queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

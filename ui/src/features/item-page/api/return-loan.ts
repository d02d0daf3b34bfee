import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** The desk records that a loan came back; every list showing loans or units reloads. */
export function useReturnLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (loanId: number) =>
      apiRequest<{ message: string }>(`/api/prestiti/${loanId}/restituisci`, {
        method: "PUT",
        fallbackError: "Errore nella restituzione del prestito",
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["prestiti"] }),
        queryClient.invalidateQueries({ queryKey: ["inventario"] }),
      ]),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UsageType } from "../../../../../src/domain/loan-types";
import { apiRequest } from "../../../lib/api";

export interface DirectLoanInput {
  inventario_id: number;
  utente_id: number;
  chi: string;
  data_uscita: string;
  data_rientro: string;
  unita_ids: number[];
  tipo_utilizzo: UsageType | null;
  note: string;
  /** Records the hand-over too (only for a loan starting today). */
  consegna: boolean;
}

/** The desk lends units straight to a borrower, without a request. */
export function useCreateLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DirectLoanInput) =>
      apiRequest<{ message: string; loanId: number }>("/api/prestiti", {
        method: "POST",
        body: input,
        fallbackError: "Errore nella creazione prestito",
      }),
    onSuccess: () => {
      for (const key of ["prestiti", "avvisi", "inventario"]) queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

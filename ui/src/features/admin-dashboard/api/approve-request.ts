import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export interface ApprovalAnswer {
  message: string;
  loanId: number;
  penaltyInfo?: { hasStrikes: boolean; strikes: number; warning: string | null };
}

/** Approving creates the active loan; every list that shows requests, loans or stock changes. */
export function useApproveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) =>
      apiRequest<ApprovalAnswer>(`/api/prestiti/${requestId}/approva`, {
        method: "PUT",
        fallbackError: "Errore nell'approvazione",
      }),
    onSettled: () => {
      for (const key of ["richieste", "prestiti", "avvisi", "inventario"])
        queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "./api";

export interface ApprovalAnswer {
  message: string;
  loanId: number;
  penaltyInfo?: { hasStrikes: boolean; strikes: number; warning: string | null };
}

/**
 * Approving creates the active loan, of the requested unit or of `unitId` (another unit of the item free
 * for the dates); every list that shows requests, loans or stock changes.
 */
export function useApproveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, unitId }: { requestId: number; unitId?: number }) =>
      apiRequest<ApprovalAnswer>(`/api/prestiti/${requestId}/approva`, {
        method: "PUT",
        body: unitId === undefined ? undefined : { unit_id: unitId },
        fallbackError: "Errore nell'approvazione",
      }),
    onSettled: () => {
      for (const key of ["richieste", "prestiti", "avvisi", "inventario"])
        queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

/**
 * Refusing with a reason. The spec has the dashboard send it as `motivo_rifiuto` and the loans screen
 * as `motivazione` (the server reads both): each screen names its field.
 */
export function useRejectRequest(reasonField: "motivo_rifiuto" | "motivazione") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, reason }: { requestId: number; reason: string }) =>
      apiRequest<{ message: string }>(`/api/prestiti/${requestId}/rifiuta`, {
        method: "PUT",
        body: { [reasonField]: reason },
        fallbackError: "Errore nel rifiuto",
      }),
    onSettled: () => {
      for (const key of ["richieste", "inventario"]) queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export function useRejectRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, reason }: { requestId: number; reason: string }) =>
      apiRequest<{ message: string }>(`/api/prestiti/${requestId}/rifiuta`, {
        method: "PUT",
        body: { motivo_rifiuto: reason },
        fallbackError: "Errore nel rifiuto",
      }),
    onSettled: () => {
      for (const key of ["richieste", "inventario"]) queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

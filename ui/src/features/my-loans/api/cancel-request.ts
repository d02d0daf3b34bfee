import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** Withdraws one of the student's own pending requests, which frees its unit for those dates. */
export function useCancelRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string }>(`/api/richieste/${id}`, {
        method: "DELETE",
        fallbackError: "Errore nell'annullamento della richiesta",
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["richieste"] }),
        queryClient.invalidateQueries({ queryKey: ["inventario"] }),
      ]),
  });
}

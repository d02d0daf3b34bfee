import { useMutation, useQueryClient } from "@tanstack/react-query";
import { categorieKeys } from "../../../api/categorie";
import { inventarioKeys } from "../../../api/inventario";
import { apiRequest } from "../../../lib/api";

/** Deletes a category; its items move to "nessuna categoria" (`spostati` says how many). */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string; spostati: number }>(`/api/categorie-semplici/${id}`, {
        method: "DELETE",
        fallbackError: "Errore nell'eliminazione categoria",
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: categorieKeys.all });
      queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
    },
  });
}

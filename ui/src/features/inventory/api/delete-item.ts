import { useMutation, useQueryClient } from "@tanstack/react-query";
import { categorieKeys } from "../../../api/categorie";
import { inventarioKeys } from "../../../api/inventario";
import { apiRequest } from "../../../lib/api";

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string }>(`/api/inventario/${id}`, {
        method: "DELETE",
        fallbackError: "Errore nell'eliminazione",
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
      queryClient.invalidateQueries({ queryKey: categorieKeys.all });
    },
  });
}

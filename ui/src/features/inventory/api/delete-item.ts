import { useMutation, useQueryClient } from "@tanstack/react-query";
import { categorieKeys } from "../../../api/categorie";
import { apiRequest } from "../../../lib/api";
import { inventoryKey } from "./get-inventory";

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string }>(`/api/inventario/${id}`, {
        method: "DELETE",
        fallbackError: "Errore nell'eliminazione",
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: inventoryKey });
      queryClient.invalidateQueries({ queryKey: categorieKeys.all });
    },
  });
}

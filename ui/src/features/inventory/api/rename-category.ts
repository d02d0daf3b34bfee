import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Category } from "../../../api/categorie";
import { categorieKeys } from "../../../api/categorie";
import { inventarioKeys } from "../../../api/inventario";
import { apiRequest } from "../../../lib/api";

export function useRenameCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, nome }: { id: number; nome: string }) =>
      apiRequest<Category>(`/api/categorie-semplici/${id}`, {
        method: "PUT",
        body: { nome },
        fallbackError: "Errore nella modifica categoria",
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: categorieKeys.all });
      // Item cards show the category's name.
      queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
    },
  });
}

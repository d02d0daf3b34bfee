import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Category } from "../../../api/categorie";
import { categorieKeys } from "../../../api/categorie";
import { apiRequest } from "../../../lib/api";

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nome: string) =>
      apiRequest<Category>("/api/categorie-semplici", {
        method: "POST",
        body: { nome },
        fallbackError: "Errore nella creazione categoria",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categorieKeys.all }),
  });
}

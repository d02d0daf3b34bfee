import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import type { Category } from "../types";
import { categoriesKey } from "./get-categories";

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nome: string) =>
      apiRequest<Category>("/api/categorie-semplici", {
        method: "POST",
        body: { nome },
        fallbackError: "Errore nella creazione categoria",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}

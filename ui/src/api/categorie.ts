import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CategoryWithCount } from "../../../src/modules/inventory/model";
import { answerOf, server } from "../lib/api";
import { inventarioKeys } from "./inventario";

// The categories: GET/POST/PUT/DELETE /api/categorie-semplici (the inventory's filters and wizard, the
// student's catalogue).

/** One key for every reader, so renaming or deleting a category refreshes the catalogue's filter too. */
export const categorieKeys = {
  all: ["categorie"] as const,
};

/** A category as the list shows it, with how many listed items use it. */
export type Category = CategoryWithCount;

export function useCategories() {
  return useQuery({
    queryKey: categorieKeys.all,
    queryFn: () => answerOf(server.api["categorie-semplici"].get()),
  });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nome: string) =>
      answerOf(server.api["categorie-semplici"].post({ nome }), "Errore nella creazione categoria"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categorieKeys.all }),
  });
}

/** Item cards show the category's name, and a deleted category's items move to none: the lists change too. */
function useCategoryChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: categorieKeys.all });
      queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
    },
  });
}

export function useRenameCategory() {
  return useCategoryChange(({ id, nome }: { id: number; nome: string }) =>
    answerOf(server.api["categorie-semplici"]({ id: String(id) }).put({ nome }), "Errore nella modifica categoria"),
  );
}

/** Deletes a category; its items move to "nessuna categoria" (`spostati` says how many). */
export function useDeleteCategory() {
  return useCategoryChange((id: number) =>
    answerOf(server.api["categorie-semplici"]({ id: String(id) }).delete(), "Errore nell'eliminazione categoria"),
  );
}

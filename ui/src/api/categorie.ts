import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../lib/api";

// The categories: GET /api/categorie-semplici (the inventory's filters and wizard, the student's catalogue).

/** One key for every reader, so renaming or deleting a category refreshes the catalogue's filter too. */
export const categorieKeys = {
  all: ["categorie"] as const,
};

export interface Category {
  id: number;
  nome: string;
  /** How many listed items use it. */
  oggetti: number;
}

export function useCategories() {
  return useQuery({ queryKey: categorieKeys.all, queryFn: () => apiRequest<Category[]>("/api/categorie-semplici") });
}

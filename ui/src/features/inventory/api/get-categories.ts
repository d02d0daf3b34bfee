import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import type { Category } from "../types";

export const categoriesKey = ["inventory-categories"];

export function useCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: () => apiRequest<Category[]>("/api/categorie-semplici"),
  });
}

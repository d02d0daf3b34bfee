import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export interface Category {
  id: number;
  nome: string;
}

export function useCategories() {
  return useQuery({
    queryKey: ["categorie-semplici"],
    queryFn: () => apiRequest<Category[]>("/api/categorie-semplici"),
  });
}

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** The dashboard only counts the items. */
export function useInventory() {
  return useQuery({
    queryKey: ["inventario"],
    queryFn: () => apiRequest<{ id: number }[]>("/api/inventario"),
  });
}

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import type { InventoryItem } from "../types";

export const inventoryKey = ["inventory"];

/** Every item with its units; the screen filters and sorts on the client, so typing never waits. */
export function useInventory() {
  return useQuery({
    queryKey: inventoryKey,
    queryFn: () => apiRequest<InventoryItem[]>("/api/inventario"),
  });
}

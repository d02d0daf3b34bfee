import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import type { InventoryItem } from "../types";
import { inventoryKey } from "./get-inventory";

/** Marks a unit lost, or found again. */
export function useSetUnitLost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, unitId, lost }: { itemId: number; unitId: number; lost: boolean }) =>
      apiRequest<InventoryItem>(`/api/inventario/${itemId}/units/${unitId}`, {
        method: "PUT",
        body: { perso: lost },
        fallbackError: "Errore nell'aggiornamento dell'unità",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKey }),
  });
}

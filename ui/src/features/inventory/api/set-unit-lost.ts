import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InventoryItem } from "../../../api/inventario";
import { inventarioKeys } from "../../../api/inventario";
import { apiRequest } from "../../../lib/api";

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventarioKeys.all }),
  });
}

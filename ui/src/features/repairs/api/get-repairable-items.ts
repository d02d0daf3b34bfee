import { useQuery } from "@tanstack/react-query";
import type { UnitState } from "../../../../../src/domain/unit-state";
import { apiRequest } from "../../../lib/api";

export interface InventoryUnit {
  id: number;
  codice_univoco: string;
  stato: UnitState;
  note: string | null;
}

export interface InventoryItem {
  id: number;
  nome: string;
  categoria_nome: string | null;
  posizione: string | null;
  unita: InventoryUnit[];
}

/** The inventory screen reads the same list under the same key. */
export const inventoryKey = ["inventory"];

/** The inventory with its units' states, for choosing what goes into repair. */
export function useRepairableItems() {
  return useQuery({
    queryKey: inventoryKey,
    queryFn: () => apiRequest<InventoryItem[]>("/api/inventario"),
  });
}

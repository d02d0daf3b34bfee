import { useQuery } from "@tanstack/react-query";
import type { LoanType } from "../../../../../src/domain/loan-types";
import type { ItemState } from "../../../../../src/domain/unit-state";
import { apiRequest } from "../../../lib/api";

/** An item of the student's course, as the first step of the wizard needs it. */
export interface RequestableItem {
  id: number;
  nome: string;
  categoria_nome: string | null;
  unita_disponibili: number;
  stato_effettivo: ItemState;
  tipo_prestito: LoanType;
}

// Query keys follow the API path, so every student screen reading the same list shares one cache entry
// and a mutation can refresh them all by path prefix.
const requestableItemsKey = ["inventario", "disponibili"];

export function useRequestableItems() {
  return useQuery({
    queryKey: requestableItemsKey,
    queryFn: () => apiRequest<RequestableItem[]>("/api/inventario/disponibili"),
  });
}

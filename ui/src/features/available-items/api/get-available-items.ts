import { useQuery } from "@tanstack/react-query";
import type { LoanType } from "../../../../../src/domain/loan-types";
import type { ItemState } from "../../../../../src/domain/unit-state";
import { apiRequest } from "../../../lib/api";

/** An item of the student's course, as its card shows it. */
export interface AvailableItem {
  id: number;
  nome: string;
  note: string | null;
  posizione: string | null;
  categoria_id: number | null;
  categoria_nome: string | null;
  quantita_totale: number;
  unita_disponibili: number;
  stato_effettivo: ItemState;
  tipo_prestito: LoanType;
  immagine_url: string | null;
}

/** Keyed by API path, shared with every student screen that reads this list. */
export function useAvailableItems() {
  return useQuery({
    queryKey: ["inventario", "disponibili"],
    queryFn: () => apiRequest<AvailableItem[]>("/api/inventario/disponibili"),
  });
}

import { useQuery } from "@tanstack/react-query";
import type { LoanType } from "../../../../../src/domain/loan-types";
import { apiRequest } from "../../../lib/api";

export interface InventoryItem {
  id: number;
  nome: string;
  note: string | null;
  categoria_nome: string | null;
  tipo_prestito: LoanType;
  stato_effettivo: string;
  quantita_totale: number;
  unita_disponibili: number;
}

export function useItems() {
  return useQuery({
    queryKey: ["inventario"],
    queryFn: () => apiRequest<InventoryItem[]>("/api/inventario"),
  });
}

import { useQuery } from "@tanstack/react-query";
import type { LoanType } from "../../../../../src/domain/loan-types";
import type { ItemState, UnitState } from "../../../../../src/domain/unit-state";
import { apiRequest } from "../../../lib/api";

export interface ItemUnit {
  id: number;
  codice_univoco: string;
  stato: UnitState;
  /** The open loan holding the unit (desk only). */
  prestito_corrente_id: number | null;
  note: string | null;
}

/** An item as `GET /api/inventario/:id` shows it (students only reach their course's items). */
export interface ItemDetails {
  id: number;
  nome: string;
  note: string | null;
  posizione: string | null;
  categoria_nome: string | null;
  immagine_url: string | null;
  tipo_prestito: LoanType;
  stato_effettivo: ItemState;
  quantita_totale: number;
  unita_disponibili: number;
  corsi_assegnati: string[];
  unita: ItemUnit[];
}

export function useItem(itemId: number | null) {
  return useQuery({
    queryKey: ["inventario", itemId],
    queryFn: () => apiRequest<ItemDetails>(`/api/inventario/${itemId}`),
    enabled: itemId !== null,
  });
}

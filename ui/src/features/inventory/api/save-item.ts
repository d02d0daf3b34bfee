import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoanType } from "../../../../../src/domain/loan-types";
import { categorieKeys } from "../../../api/categorie";
import type { InventoryItem } from "../../../api/inventario";
import { inventarioKeys } from "../../../api/inventario";
import { apiRequest } from "../../../lib/api";

/** What the item wizard sends, on creation and on editing alike. */
export interface ItemPayload {
  nome: string;
  quantita_totale: number;
  posizione: string;
  fornitore: string;
  seriale: string;
  checklist: string;
  note: string;
  immagine_url: string;
  tipo_prestito: LoanType;
  /** Course names; the first is the item's categoria_madre. */
  corsi_assegnati: string[];
  categoria_madre: string;
  categoria_id: number | null;
  /** Existing units keep their id, so the server reconciles them by id and never by position. */
  unita: Array<{ id?: number; codice_univoco: string; note: string }>;
}

/** Creates an item (no id) or updates one (with id). */
export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: ItemPayload }) =>
      apiRequest<InventoryItem>(id === undefined ? "/api/inventario" : `/api/inventario/${id}`, {
        method: id === undefined ? "POST" : "PUT",
        body: payload,
        fallbackError: "Errore nel salvataggio",
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
      queryClient.invalidateQueries({ queryKey: categorieKeys.all });
    },
  });
}

import { useQuery } from "@tanstack/react-query";
import type { Priority, RepairState } from "../../../../../src/domain/repairs";
import { apiRequest } from "../../../lib/api";

export interface Repair {
  id: number;
  inventario_id: number;
  articolo_nome: string;
  unit_id: number;
  codice_univoco: string;
  descrizione: string;
  /** The technical notes (the same text as `note_tecniche`). */
  note: string | null;
  note_tecniche: string | null;
  priorita: Priority;
  stato: RepairState;
  data_inizio: string;
  data_fine: string | null;
  segnalazione_id: number | null;
  created_at: string;
}

/** Shared with the dashboard and the notifications, which read the same list. */
export const repairsKey = ["riparazioni"];

export function useRepairs() {
  return useQuery({
    queryKey: repairsKey,
    queryFn: () => apiRequest<Repair[]>("/api/riparazioni"),
  });
}

import { useQuery } from "@tanstack/react-query";
import type { Priority, RepairState } from "../../../src/domain/repairs";
import { apiRequest } from "../lib/api";

// Repairs: GET /api/riparazioni (the dashboard counter, the notifications, Riparazioni).

export const riparazioniKeys = {
  all: ["riparazioni"] as const,
};

export interface Repair {
  id: number;
  inventario_id: number;
  articolo_nome: string;
  /** The item's name (the same text as `articolo_nome`). */
  oggetto_nome: string;
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

/** Every repair; the notifications poll it only while they may announce new ones. */
export function useRepairs(options: { refetchInterval?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: riparazioniKeys.all,
    queryFn: () => apiRequest<Repair[]>("/api/riparazioni"),
    refetchInterval: options.refetchInterval,
    enabled: options.enabled,
  });
}

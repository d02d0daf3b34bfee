import { useQuery } from "@tanstack/react-query";
import type { Priority, ReportState, ReportType } from "../../../src/domain/repairs";
import { apiRequest } from "../lib/api";

// Fault reports as the desk sees them: GET /api/segnalazioni (the dashboard, the notifications, Riparazioni).

export const segnalazioniKeys = {
  all: ["segnalazioni"] as const,
};

/** A fault report, with its reporter. */
export interface Report {
  id: number;
  tipo: ReportType;
  urgenza: Priority;
  messaggio: string;
  stato: ReportState;
  created_at: string;
  handled_at: string | null;
  inventario_id: number;
  inventario_nome: string;
  unit_id: number;
  codice_univoco: string;
  prestito_id: number | null;
  riparazione_id: number | null;
  user_id: number | null;
  utente_nome: string | null;
  utente_cognome: string | null;
  utente_email: string | null;
}

/** Every fault report, newest first; the notifications poll it only while they may announce new ones. */
export function useReports(options: { refetchInterval?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: segnalazioniKeys.all,
    queryFn: () => apiRequest<Report[]>("/api/segnalazioni"),
    refetchInterval: options.refetchInterval,
    enabled: options.enabled,
  });
}

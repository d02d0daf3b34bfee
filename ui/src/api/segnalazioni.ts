import { useQuery } from "@tanstack/react-query";
import type { Priority, ReportState, ReportType } from "../../../src/domain/repairs";
import { apiRequest } from "../lib/api";

// Fault reports: GET /api/segnalazioni (the desk's dashboard, notifications and Riparazioni) and
// GET /api/segnalazioni/mie (a student's own, on the dashboard and the fault form).

/** Every key starts with "segnalazioni", so a change that invalidates the reports refreshes them all. */
export const segnalazioniKeys = {
  all: ["segnalazioni"] as const,
  mine: ["segnalazioni", "mie"] as const,
};

/** One of the student's own fault reports. */
export interface MyReport {
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
}

export function useMyReports() {
  return useQuery({ queryKey: segnalazioniKeys.mine, queryFn: () => apiRequest<MyReport[]>("/api/segnalazioni/mie") });
}

/** A fault report as the desk sees it, with its reporter and the repair it led to. */
export interface Report extends MyReport {
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

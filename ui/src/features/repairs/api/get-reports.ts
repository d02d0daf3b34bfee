import { useQuery } from "@tanstack/react-query";
import type { Priority, ReportState, ReportType } from "../../../../../src/domain/repairs";
import { apiRequest } from "../../../lib/api";

/** A fault report as the desk sees it, with its reporter. */
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

/** Shared with the dashboard and the notifications, which read the same list. */
export const reportsKey = ["segnalazioni"];

export function useReports() {
  return useQuery({
    queryKey: reportsKey,
    queryFn: () => apiRequest<Report[]>("/api/segnalazioni"),
  });
}

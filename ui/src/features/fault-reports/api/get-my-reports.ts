import { useQuery } from "@tanstack/react-query";
import type { Priority, ReportState, ReportType } from "../../../../../src/domain/repairs";
import { apiRequest } from "../../../lib/api";

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

/** Shared with the student dashboard, which counts the same reports. */
export const myReportsKey = ["segnalazioni", "mie"];

export function useMyReports() {
  return useQuery({
    queryKey: myReportsKey,
    queryFn: () => apiRequest<MyReport[]>("/api/segnalazioni/mie"),
  });
}

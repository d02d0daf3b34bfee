import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export interface FaultReport {
  id: number;
  tipo: string;
  urgenza: string;
  messaggio: string;
  stato: string;
  inventario_nome: string;
  utente_nome: string | null;
  utente_cognome: string | null;
  created_at: string;
}

/** Every fault report, newest first. */
export function useReports() {
  return useQuery({
    queryKey: ["segnalazioni"],
    queryFn: () => apiRequest<FaultReport[]>("/api/segnalazioni"),
  });
}

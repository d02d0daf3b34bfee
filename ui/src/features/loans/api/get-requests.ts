import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export interface LoanRequest {
  id: number;
  stato: string;
  inventario_id: number;
  oggetto_nome: string;
  codice_univoco: string;
  dal: string;
  al: string;
  note: string | null;
  tipo_utilizzo: "interno" | "esterno" | null;
  motivo_rifiuto: string | null;
  created_at: string;
  utente_nome: string | null;
  utente_cognome: string | null;
  utente_email: string | null;
  penalty_strikes: number;
  is_blocked: boolean;
}

export function useRequests() {
  return useQuery({
    queryKey: ["richieste"],
    queryFn: () => apiRequest<LoanRequest[]>("/api/richieste?all=1"),
  });
}

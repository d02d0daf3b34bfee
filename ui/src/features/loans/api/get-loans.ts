import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export type LoanState = "attivo" | "scaduto" | "restituito";

export interface Loan {
  id: number;
  inventario_id: number;
  oggetto_nome: string;
  unita: string[];
  utente_nome: string;
  utente_cognome: string;
  utente_nome_reale: string;
  utente_email: string | null;
  data_uscita: string;
  data_rientro: string;
  data_restituzione: string | null;
  stato: LoanState;
  giorni_ritardo: number;
  note: string | null;
  tipo_utilizzo: "interno" | "esterno" | null;
  penalty_strikes: number;
  is_blocked: boolean;
  richiesta_id: number | null;
}

export function useLoans() {
  return useQuery({
    queryKey: ["prestiti"],
    queryFn: () => apiRequest<Loan[]>("/api/prestiti?all=1"),
  });
}

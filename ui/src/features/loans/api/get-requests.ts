import { usePendingRequests } from "../../../lib/pending-requests";

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

/** The requests waiting for the desk: few at any time, so the screen filters them itself. */
export function usePendingLoanRequests() {
  return usePendingRequests<LoanRequest>();
}

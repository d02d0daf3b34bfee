import { useQuery } from "@tanstack/react-query";
import type { LoanState } from "../../../../../src/domain/bookings";
import type { LoanPhase } from "../../../../../src/domain/loan-rules";
import { apiRequest } from "../../../lib/api";

export interface MyLoan {
  id: number;
  oggetto_nome: string;
  unita: string[];
  data_uscita: string;
  data_rientro: string;
  data_restituzione: string | null;
  /** Already the effective state: an open loan past its due date arrives as `scaduto`. */
  stato: LoanState;
  giorni_ritardo: number;
  note: string | null;
  /** Waiting to be collected at the desk, out, overdue, back or cancelled. */
  fase: LoanPhase;
}

/** Keyed by API path, shared with the dashboard's view of the same list. */
export function useMyLoans() {
  return useQuery({ queryKey: ["prestiti", "mie"], queryFn: () => apiRequest<MyLoan[]>("/api/prestiti/mie") });
}

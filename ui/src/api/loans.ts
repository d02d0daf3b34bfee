import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LoanState } from "../../../src/domain/bookings";
import type { LoanPhase } from "../../../src/domain/loan-rules";
import type { UsageType } from "../../../src/domain/loan-types";
import { apiDownload, apiRequest } from "../lib/api";
import { saveFile } from "../lib/save-file";

/** Loans: the shape every screen shows, and the desk's actions on them (lend, hand over, cancel, return). */

/** Every key starts with "prestiti", so a loan change that invalidates the loans refreshes these too. */
export const prestitiKeys = {
  all: ["prestiti"] as const,
  mine: ["prestiti", "mie"] as const,
  returnPreview: (loanId: number, query: string) => ["prestiti", loanId, "anteprima", query] as const,
};

/** A student's own loan (`GET /api/prestiti/mie`), as the dashboard, "I Miei Prestiti" and the fault form show it. */
export interface MyLoan {
  id: number;
  inventario_id: number;
  oggetto_nome: string;
  unita: string[];
  unita_ids: number[];
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

/** A loan as the desk sees it: the borrower, their penalty standing, and the hand-over and returns so far. */
export interface Loan extends MyLoan {
  utente_nome: string;
  utente_cognome: string;
  utente_nome_reale: string;
  utente_email: string | null;
  tipo_utilizzo: UsageType | null;
  penalty_strikes: number;
  is_blocked: boolean;
  richiesta_id: number | null;
  consegnato_il: string | null;
  consegnato_da: string | null;
  annullato_il: string | null;
  /** Units already given back while the loan stays open (a partial return). */
  unita_restituite: number[];
  /** The item's accessories, one per line. */
  checklist: string | null;
}

export function useMyLoans() {
  return useQuery({ queryKey: prestitiKeys.mine, queryFn: () => apiRequest<MyLoan[]>("/api/prestiti/mie") });
}

/** Everything lending, a hand-over, a cancellation or a return changes on other screens. */
function useRefreshAfterLoanChange() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of ["prestiti", "avvisi", "inventario", "users", "riparazioni", "segnalazioni", "banco"])
      queryClient.invalidateQueries({ queryKey: [key] });
  };
}

export interface DirectLoanInput {
  inventario_id: number;
  utente_id: number;
  chi: string;
  data_uscita: string;
  data_rientro: string;
  unita_ids: number[];
  tipo_utilizzo: UsageType | null;
  note: string;
  /** Records the hand-over too (only for a loan starting today). */
  consegna: boolean;
}

/** The desk lends units straight to a borrower, without a request. */
export function useCreateLoan() {
  const refresh = useRefreshAfterLoanChange();
  return useMutation({
    mutationFn: (input: DirectLoanInput) =>
      apiRequest<{ message: string; loanId: number }>("/api/prestiti", {
        method: "POST",
        body: input,
        fallbackError: "Errore nella creazione prestito",
      }),
    onSuccess: refresh,
  });
}

export type ReturnCondition = "ok" | "danneggiato" | "incompleto";

export interface ReturnPreview {
  giorni_ritardo: number;
  strike: number;
  blocco: boolean;
  unita_rimanenti: number;
}

export interface ReturnAnswer extends ReturnPreview {
  message: string;
  concluso: boolean;
  riparazioni_ids: number[];
  penalty: { strike_assegnati: number; totale: number; bloccato: boolean } | null;
  prestito: Loan;
}

export function useHandOver() {
  const refresh = useRefreshAfterLoanChange();
  return useMutation({
    mutationFn: (loanId: number) =>
      apiRequest<{ message: string; prestito: Loan }>(`/api/prestiti/${loanId}/consegna`, {
        method: "PUT",
        fallbackError: "Errore nella registrazione della consegna",
      }),
    onSettled: refresh,
  });
}

export function useCancelLoan() {
  const refresh = useRefreshAfterLoanChange();
  return useMutation({
    mutationFn: (loanId: number) =>
      apiRequest<{ message: string; prestito: Loan }>(`/api/prestiti/${loanId}/annulla`, {
        method: "PUT",
        fallbackError: "Errore nell'annullamento del prestito",
      }),
    onSettled: refresh,
  });
}

export interface ReturnInput {
  loanId: number;
  unitIds?: number[];
  condition: ReturnCondition;
  note: string;
}

/** Takes back some or all units of a loan, with their condition. */
export function useReturnUnits() {
  const refresh = useRefreshAfterLoanChange();
  return useMutation({
    mutationFn: ({ loanId, unitIds, condition, note }: ReturnInput) =>
      apiRequest<ReturnAnswer>(`/api/prestiti/${loanId}/restituisci`, {
        method: "PUT",
        body: {
          ...(unitIds ? { unita_ids: unitIds } : {}),
          condizione: condition,
          ...(note.trim() ? { nota: note.trim() } : {}),
        },
        fallbackError: "Errore nella restituzione",
      }),
    onSettled: refresh,
  });
}

/** What returning `unitIds` (all still out when absent) would give: the server's own rule. */
export function useReturnPreview(loanId: number, unitIds: number[] | undefined) {
  const query = unitIds ? `?unita=${unitIds.join(",")}` : "";
  return useQuery({
    queryKey: prestitiKeys.returnPreview(loanId, query),
    queryFn: () =>
      apiRequest<ReturnPreview>(`/api/prestiti/${loanId}/anteprima-restituzione${query}`, {
        fallbackError: "Anteprima della restituzione non disponibile",
      }),
    enabled: unitIds === undefined || unitIds.length > 0,
  });
}

/** Saves the loan's receipt (PDF) for the desk or the borrower. */
export async function downloadReceipt(loanId: number) {
  const { blob, fileName } = await apiDownload(`/api/prestiti/${loanId}/ricevuta`, "Ricevuta non disponibile");
  saveFile(blob, fileName ?? `ricevuta-prestito-${loanId}.pdf`);
}

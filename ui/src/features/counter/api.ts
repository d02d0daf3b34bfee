import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDownload, apiRequest } from "../../lib/api";
import { saveFile } from "../inventory/utils/save-file";
import type { Loan } from "../loans/api/get-loans";

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

export interface ScannedUnit {
  id: number;
  codice_univoco: string;
  inventario_id: number;
  oggetto_nome: string;
  checklist: string | null;
  stato: string;
  azione: "restituzione" | "consegna" | "prestito" | "non_disponibile";
  prestito: Loan | null;
}

/** Everything a hand-over, cancellation or return changes on other screens. */
function useRefreshAfterCounter() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of ["prestiti", "avvisi", "inventario", "users", "riparazioni", "segnalazioni", "banco"])
      queryClient.invalidateQueries({ queryKey: [key] });
  };
}

export function useHandOver() {
  const refresh = useRefreshAfterCounter();
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
  const refresh = useRefreshAfterCounter();
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
  const refresh = useRefreshAfterCounter();
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
    queryKey: ["prestiti", loanId, "anteprima", query],
    queryFn: () =>
      apiRequest<ReturnPreview>(`/api/prestiti/${loanId}/anteprima-restituzione${query}`, {
        fallbackError: "Anteprima della restituzione non disponibile",
      }),
    enabled: unitIds === undefined || unitIds.length > 0,
  });
}

export function scanCode(code: string) {
  return apiRequest<{ unita: ScannedUnit[] }>(`/api/banco/scansione?codice=${encodeURIComponent(code)}`, {
    fallbackError: "Codice non trovato",
  });
}

/** Saves the loan's receipt (PDF) for the desk or the borrower. */
export async function downloadReceipt(loanId: number) {
  const { blob, fileName } = await apiDownload(`/api/prestiti/${loanId}/ricevuta`, "Ricevuta non disponibile");
  saveFile(blob, fileName ?? `ricevuta-prestito-${loanId}.pdf`);
}

/** Saves an A4 sheet of labels (PDF) for the units. */
export async function downloadLabels(unitIds: number[]) {
  const { blob, fileName } = await apiDownload(
    `/api/etichette?unita=${unitIds.join(",")}`,
    "Etichette non disponibili",
  );
  saveFile(blob, fileName ?? "etichette.pdf");
}

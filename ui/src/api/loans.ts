import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LOAN_STATE } from "../../../src/domain/bookings";
import type { LoanSortKey } from "../../../src/domain/loan-sorting";
import type { DirectLoanBody, ReturnBody } from "../../../src/modules/loans/model";
import type { TableSort } from "../components/sortable-table";
import { answerOf, apiDownload, nextPageOf, pageOf, server } from "../lib/api";
import { saveFile } from "../lib/save-file";

/** Loans: a student's own, the desk's lists, and the desk's actions on them (lend, hand over, cancel, return). */

/** The loan lists the desk pages through: open loans (active and overdue) and returned ones. */
/** The server's loan lists: every open loan, the returned ones, and the desk's day (`LoanDayFilter`). */
export type LoanList = "in_corso" | typeof LOAN_STATE.returned | LoanDayFilter;

/** The open loans the desk deals with today: to be collected, due today, overdue. */
export type LoanDayFilter = "da_ritirare_oggi" | "in_scadenza_oggi" | typeof LOAN_STATE.overdue;

/** Every key starts with "prestiti", so a loan change that invalidates the loans refreshes these too. */
export const prestitiKeys = {
  all: ["prestiti"] as const,
  mine: ["prestiti", "mie"] as const,
  list: (list: LoanList, search: string, sort: TableSort<LoanSortKey> | null) =>
    ["prestiti", "elenco", list, search, sort] as const,
  count: (list: LoanList) => ["prestiti", "conteggio", list] as const,
  units: (loanId: number | null) => ["prestiti", loanId, "units"] as const,
  unitLoan: (unitId: number) => ["prestiti", "unita", unitId] as const,
  one: (loanId: number) => ["prestiti", "uno", loanId] as const,
  returnPreview: (loanId: number, unitIds: number[] | undefined) =>
    ["prestiti", loanId, "anteprima", unitIds?.join(",") ?? "tutte"] as const,
};

export function useMyLoans() {
  return useQuery({ queryKey: prestitiKeys.mine, queryFn: () => answerOf(server.api.prestiti.mie.get()) });
}

/** Cards per page: years of completed loans must never come at once. */
const LOAN_PAGE_SIZE = 30;

function loanPage(list: LoanList, page: number, size: number, search = "", sort: TableSort<LoanSortKey> | null = null) {
  const query = {
    all: "1",
    stato: list,
    pagina: String(page),
    per_pagina: String(size),
    ...(search ? { cerca: search } : {}),
    ...(sort ? { ordina: sort.key, verso: sort.direction } : {}),
  };
  return answerOf(server.api.prestiti.get({ query })).then(pageOf);
}

/**
 * A loan list page by page, the server filtering by `search` and ordering (open loans by due date,
 * returned ones newest first, unless `sort` asks otherwise). While another search is on its way, the
 * previous results stay on screen.
 */
export function useLoanPages(
  list: LoanList,
  search: string,
  enabled: boolean,
  sort: TableSort<LoanSortKey> | null = null,
) {
  return useInfiniteQuery({
    queryKey: prestitiKeys.list(list, search, sort),
    queryFn: ({ pageParam }) => loanPage(list, pageParam, LOAN_PAGE_SIZE, search, sort),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // Only a new search keeps the old results meanwhile: another tab's cards must not stand in.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === list ? previous : undefined),
    enabled,
  });
}

/** How many loans a list holds, whatever is searched: a one-row page, for the tab's count. */
export function useLoanCount(list: LoanList, enabled: boolean) {
  return useQuery({
    queryKey: prestitiKeys.count(list),
    queryFn: async () => (await loanPage(list, 1, 1)).totale,
    enabled,
  });
}

/** The units of a loan (a student's own, or any for the desk), e.g. to say which one is faulty. */
export function useLoanUnits(loanId: number | null) {
  return useQuery({
    queryKey: prestitiKeys.units(loanId),
    queryFn: () => answerOf(server.api.prestiti({ id: loanId ?? 0 }).units.get()),
    enabled: loanId !== null,
  });
}

/** One loan whole (GET /api/prestiti/:id): what the return and extension dialogs work on. */
export function useLoan(loanId: number) {
  return useQuery({
    queryKey: prestitiKeys.one(loanId),
    queryFn: () => answerOf(server.api.prestiti({ id: loanId }).get(), "Errore nel caricamento del prestito"),
  });
}

/** The desk reminds the student to bring a loan back: a notification and an e-mail, once a day. */
export function useRemindReturn() {
  return useMutation({
    mutationFn: (loanId: number) =>
      answerOf(server.api.prestiti({ id: loanId }).promemoria.post(), "Errore nell'invio del promemoria"),
  });
}

/** Everything lending, a hand-over, a cancellation or a return changes on other screens. */
function useRefreshAfterLoanChange() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of ["prestiti", "avvisi", "inventario", "users", "riparazioni", "segnalazioni", "banco", "mancanze"])
      queryClient.invalidateQueries({ queryKey: [key] });
  };
}

/** The desk lends units straight to a borrower, without a request. */
export function useCreateLoan() {
  const refresh = useRefreshAfterLoanChange();
  return useMutation({
    mutationFn: (input: DirectLoanBody) => answerOf(server.api.prestiti.post(input), "Errore nella creazione prestito"),
    onSuccess: refresh,
  });
}

export function useHandOver() {
  const refresh = useRefreshAfterLoanChange();
  return useMutation({
    mutationFn: (loanId: number) =>
      answerOf(server.api.prestiti({ id: loanId }).consegna.put(), "Errore nella registrazione della consegna"),
    onSettled: refresh,
  });
}

export function useCancelLoan() {
  const refresh = useRefreshAfterLoanChange();
  return useMutation({
    mutationFn: (loanId: number) =>
      answerOf(server.api.prestiti({ id: loanId }).annulla.put(), "Errore nell'annullamento del prestito"),
    onSettled: refresh,
  });
}

export interface ReturnInput {
  loanId: number;
  /** Every unit still out when absent. */
  unitIds?: number[];
  condition?: ReturnBody["condizione"];
  note?: string;
  /** The item's accessories that did not come back: each becomes an open mancanza. */
  missingAccessories?: string[];
}

/** Takes back some or all units of a loan, with their condition (all fine when not said). */
export function useReturnUnits() {
  const refresh = useRefreshAfterLoanChange();
  return useMutation({
    mutationFn: ({ loanId, unitIds, condition, note = "", missingAccessories = [] }: ReturnInput) => {
      const body: ReturnBody = {
        ...(unitIds ? { unita_ids: unitIds } : {}),
        ...(condition ? { condizione: condition } : {}),
        ...(note.trim() ? { nota: note.trim() } : {}),
        ...(missingAccessories.length > 0 ? { accessori_mancanti: missingAccessories } : {}),
      };
      return answerOf(server.api.prestiti({ id: loanId }).restituisci.put(body), "Errore nella restituzione");
    },
    onSettled: refresh,
  });
}

/** What returning `unitIds` (all still out when absent) would give: the server's own rule. */
export function useReturnPreview(loanId: number, unitIds: number[] | undefined) {
  return useQuery({
    queryKey: prestitiKeys.returnPreview(loanId, unitIds),
    queryFn: () =>
      answerOf(
        server.api
          .prestiti({ id: loanId })
          ["anteprima-restituzione"].get({ query: unitIds ? { unita: unitIds.join(",") } : {} }),
        "Anteprima della restituzione non disponibile",
      ),
    enabled: unitIds === undefined || unitIds.length > 0,
  });
}

/** Saves the loan's receipt (PDF) for the desk or the borrower. */
export async function downloadReceipt(loanId: number) {
  const { blob, fileName } = await apiDownload(`/api/prestiti/${loanId}/ricevuta`, "Ricevuta non disponibile");
  saveFile(blob, fileName ?? `ricevuta-prestito-${loanId}.pdf`);
}

/** The open loan that holds a unit (GET /api/prestiti/unit/:unitId). */
export function useUnitLoan(unitId: number) {
  return useQuery({
    queryKey: prestitiKeys.unitLoan(unitId),
    queryFn: () => answerOf(server.api.prestiti.unit({ unitId: String(unitId) }).get()),
  });
}

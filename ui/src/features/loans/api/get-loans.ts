import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { LOAN_STATE } from "../../../../../src/domain/bookings";
import type { LoanSortKey } from "../../../../../src/domain/loan-sorting";
import type { Loan } from "../../../api/loans";
import type { TableSort } from "../../../components/sortable-table";
import { apiRequest } from "../../../lib/api";

/** The loan lists the desk pages through: open loans (active and overdue) and returned ones. */
export type LoanList = "in_corso" | typeof LOAN_STATE.returned;

/** One page of a list from the server, with the count of the whole (filtered) list. */
export interface LoanPage {
  elementi: Loan[];
  totale: number;
  pagina: number;
  per_pagina: number;
}

/** Cards per page: years of completed loans must never come at once. */
const LOAN_PAGE_SIZE = 30;

function loanListPath(
  list: LoanList,
  page: number,
  size: number,
  search = "",
  sort: TableSort<LoanSortKey> | null = null,
): string {
  const query = new URLSearchParams({ all: "1", stato: list, pagina: String(page), per_pagina: String(size) });
  if (search) query.set("cerca", search);
  if (sort) {
    query.set("ordina", sort.key);
    query.set("verso", sort.direction);
  }
  return `/api/prestiti?${query}`;
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
    queryKey: ["prestiti", "elenco", list, search, sort],
    queryFn: ({ pageParam }) => apiRequest<LoanPage>(loanListPath(list, pageParam, LOAN_PAGE_SIZE, search, sort)),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagina * last.per_pagina < last.totale ? last.pagina + 1 : undefined),
    // Only a new search keeps the old results meanwhile: another tab's cards must not stand in.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === list ? previous : undefined),
    enabled,
  });
}

/** How many loans a list holds, whatever is searched: a one-row page, for the tab's count. */
export function useLoanCount(list: LoanList, enabled: boolean) {
  return useQuery({
    queryKey: ["prestiti", "conteggio", list],
    queryFn: async () => (await apiRequest<LoanPage>(loanListPath(list, 1, 1))).totale,
    enabled,
  });
}

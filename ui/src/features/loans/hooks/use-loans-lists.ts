import { LOAN_STATE } from "../../../../../src/domain/bookings";
import type { LoanSortKey, RequestSortKey } from "../../../../../src/domain/loan-sorting";
import { type LoanDayFilter, type LoanList, useLoanCount, useLoanPages } from "../../../api/loans";
import { useNewestPendingRequests, usePendingRequestPages, useWaitingBookingsCount } from "../../../api/richieste";
import type { TableSort } from "../../../components/sortable-table";
import type { LoansTab } from "./use-loans-address";

/**
 * The server's lists behind the loans screen's tabs, and each tab's count. The tabs page through the
 * server's lists; each loan tab's count is the list's unsearched total, read from the shown list when no
 * search narrows it, else from a one-row page.
 */
export function useLoansLists(options: {
  tab: LoansTab;
  search: string;
  loanSort: TableSort<LoanSortKey> | null;
  requestSort: TableSort<RequestSortKey> | null;
  linkedRequestId: number | null;
  /** The active tab narrowed to one list of the desk's day. */
  dayFilter?: LoanDayFilter | null;
}) {
  const { tab, search } = options;
  const dayFilter = options.dayFilter ?? null;
  const loanList: LoanList = tab === "completati" ? LOAN_STATE.returned : (dayFilter ?? "in_corso");
  const loans = useLoanPages(loanList, search, tab !== "in_attesa", options.loanSort);
  const openCount = useLoanCount("in_corso", tab !== "attivi" || search !== "" || dayFilter !== null);
  const returnedCount = useLoanCount(LOAN_STATE.returned, tab !== "completati" || search !== "");
  const loanPages = loans.data?.pages ?? [];
  const matchingLoans = loanPages.at(-1)?.totale ?? 0;
  const unsearchedTotal =
    tab !== "in_attesa" && !search && !loans.isPlaceholderData && loans.data ? matchingLoans : undefined;
  const countOf = (list: LoanList, count: number | undefined) =>
    (list === loanList && unsearchedTotal !== undefined ? unsearchedTotal : count) ?? 0;

  // A linked request (a notification's) is among the newest pending ones, or on the tab's pages.
  const requests = usePendingRequestPages(search, options.requestSort, tab === "in_attesa");
  const newestPending = useNewestPendingRequests();
  const requestPages = requests.data?.pages ?? [];
  const shownRequests = requestPages.flatMap((page) => page.elementi);
  const matchingRequests = requestPages.at(-1)?.totale ?? 0;
  const { linkedRequestId } = options;
  const linkedRequest = linkedRequestId
    ? [...shownRequests, ...(newestPending.data?.elementi ?? [])].find((request) => request.id === linkedRequestId)
    : undefined;
  // Each set once, as the desk decides it: the request list's total counts every line of a set.
  const pendingCount = useWaitingBookingsCount().data ?? 0;

  const counts: Record<LoansTab, number> = {
    attivi: countOf("in_corso", openCount.data),
    in_attesa: pendingCount,
    completati: countOf(LOAN_STATE.returned, returnedCount.data),
  };
  return {
    loans,
    shownLoans: loanPages.flatMap((page) => page.elementi),
    matchingLoans,
    requests,
    shownRequests,
    matchingRequests,
    linkedRequest,
    counts,
  };
}

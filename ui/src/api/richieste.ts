import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { REQUEST_STATE } from "../../../src/domain/bookings";
import type { RequestSortKey } from "../../../src/domain/loan-sorting";
import type { RequestBody } from "../../../src/modules/loans/model";
import type { TableSort } from "../components/sortable-table";
import { answerOf, nextPageOf, pageOf, server } from "../lib/api";
import { DESK_POLL_INTERVAL_MS } from "../lib/desk-poll";

// Loan requests: the desk's lists and decisions (GET /api/richieste, approva, rifiuta), a student's own
// (GET /api/richieste/mie), asking and withdrawing.

/** Every key starts with "richieste", so a decision that invalidates the requests refreshes them all. */
export const richiesteKeys = {
  all: ["richieste"] as const,
  /** The loans screen's pending tab, page by page, as searched and sorted. */
  pendingPages: (search: string, sort: TableSort<RequestSortKey> | null) =>
    ["richieste", REQUEST_STATE.pending, "pagine", search, sort] as const,
  /** One poll serves the dashboard counter, the notifications and the desktop alerts. */
  newestPending: ["richieste", REQUEST_STATE.pending, "newest"] as const,
  recent: ["richieste", "recenti"] as const,
  /** How many bookings wait for a decision, each set once. */
  waitingCount: ["richieste", REQUEST_STATE.pending, "conteggio"] as const,
  mine: ["richieste", "mie"] as const,
};

/** Cards per page of the pending tab. */
const PENDING_PAGE_SIZE = 30;

/**
 * The requests waiting for the desk, page by page, the server searching and ordering them (newest first
 * unless `sort` asks otherwise). At five times the default academy 9,837 requests wait: their whole list was
 * 6 MB of JSON. While another search is on its way, the previous results stay on screen.
 */
export function usePendingRequestPages(search: string, sort: TableSort<RequestSortKey> | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: richiesteKeys.pendingPages(search, sort),
    queryFn: ({ pageParam }) =>
      answerOf(
        server.api.richieste.get({
          query: {
            all: "1",
            stato: REQUEST_STATE.pending,
            pagina: String(pageParam),
            per_pagina: String(PENDING_PAGE_SIZE),
            ...(search ? { cerca: search } : {}),
            ...(sort ? { ordina: sort.key, verso: sort.direction } : {}),
          },
        }),
      ).then(pageOf),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    placeholderData: (previous) => previous,
    enabled,
  });
}

/**
 * The newest pending requests the desk's bell and desktop alerts read. They tell only of requests from the
 * last 24 hours (spec), a day's worth at any academy's counter.
 */
const NEWEST_PENDING_READ = 100;

/**
 * The newest pending requests, with how many wait in all: one page, however many wait. At five times the
 * default academy 9,837 requests wait, and their whole list (640 kB gzipped, 5 MB of JSON), polled by the
 * bell on every admin screen, held the browser for about a second each time it came in.
 */
export function useNewestPendingRequests(options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: richiesteKeys.newestPending,
    queryFn: () =>
      answerOf(
        server.api.richieste.get({
          query: { all: "1", stato: REQUEST_STATE.pending, pagina: "1", per_pagina: String(NEWEST_PENDING_READ) },
        }),
      ).then(pageOf),
    refetchInterval: options.refetchInterval,
  });
}

/**
 * How many bookings wait for the desk's decision (GET /api/banco/in-attesa): a set of many lines counts
 * once, as the desk decides it once. Polled as the bell's page is, so the two never tell different stories.
 */
export function useWaitingBookingsCount() {
  return useQuery({
    queryKey: richiesteKeys.waitingCount,
    queryFn: () => answerOf(server.api.banco["in-attesa"].get()).then((answer) => answer.totale),
    refetchInterval: DESK_POLL_INTERVAL_MS,
  });
}

const RECENT_REQUESTS_SHOWN = 5;

/**
 * The newest requests, with the number of all requests ever made: one small page, however long the
 * history. Polled as often as the notifications poll the pending ones, so the two never tell different stories.
 */
export function useRecentRequests() {
  return useQuery({
    queryKey: richiesteKeys.recent,
    queryFn: () =>
      answerOf(
        server.api.richieste.get({ query: { all: "1", pagina: "1", per_pagina: String(RECENT_REQUESTS_SHOWN) } }),
      ).then(pageOf),
    refetchInterval: DESK_POLL_INTERVAL_MS,
  });
}

export function useMyRequests() {
  return useQuery({ queryKey: richiesteKeys.mine, queryFn: () => answerOf(server.api.richieste.mie.get()) });
}

/** A new request changes the student's requests and the availability of the unit and its item. */
function useRefreshAfterRequestChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: richiesteKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["inventario"] }),
    ]);
}

/** A student asks for a unit, or (`unit_id` null) for any unit of the item free for the dates. */
export function useCreateRequest() {
  const refresh = useRefreshAfterRequestChange();
  return useMutation({
    mutationFn: (input: RequestBody) =>
      answerOf(server.api.richieste.post(input), "Errore nella creazione della richiesta"),
    onSuccess: refresh,
  });
}

/** Withdraws one of the student's own pending requests, which frees its unit for those dates. */
export function useCancelRequest() {
  const refresh = useRefreshAfterRequestChange();
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(server.api.richieste({ id }).delete(), "Errore nell'annullamento della richiesta"),
    onSuccess: refresh,
  });
}

/**
 * Approving creates the active loan, of the requested unit or of `unitId` (another unit of the item free
 * for the dates); every list that shows requests, loans or stock changes.
 */
export function useApproveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, unitId }: { requestId: number; unitId?: number }) =>
      answerOf(
        server.api.prestiti({ id: requestId }).approva.put(unitId === undefined ? undefined : { unit_id: unitId }),
        "Errore nell'approvazione",
      ),
    onSettled: () => {
      for (const key of ["richieste", "prestiti", "avvisi", "inventario"])
        queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

/**
 * Refusing with a reason. The spec has the dashboard send it as `motivo_rifiuto` and the loans screen
 * as `motivazione` (the server reads both): each screen names its field.
 */
export function useRejectRequest(reasonField: "motivo_rifiuto" | "motivazione") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, reason }: { requestId: number; reason: string }) =>
      answerOf(
        server.api
          .prestiti({ id: requestId })
          .rifiuta.put(reasonField === "motivo_rifiuto" ? { motivo_rifiuto: reason } : { motivazione: reason }),
        "Errore nel rifiuto",
      ),
    onSettled: () => {
      for (const key of ["richieste", "inventario"]) queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

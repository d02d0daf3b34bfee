import { useQuery } from "@tanstack/react-query";
import { REQUEST_STATE } from "../../../src/domain/bookings";
import { apiRequest } from "./api";

/** Every hook that reads pending requests shares this key, so one poll serves them all. */
export const PENDING_REQUESTS_KEY = ["richieste", REQUEST_STATE.pending] as const;

/**
 * The requests waiting for the desk (`GET /api/richieste?all=1&stato=in_attesa`): few at any time, so the
 * whole list comes as one array. The loans screen, the dashboard counter and the notifications share this
 * call and its cache; each names the fields it reads and, when it polls, how often.
 */
export function usePendingRequests<T extends { id: number }>(options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: PENDING_REQUESTS_KEY,
    queryFn: () => apiRequest<T[]>("/api/richieste?all=1&stato=in_attesa"),
    refetchInterval: options.refetchInterval,
  });
}

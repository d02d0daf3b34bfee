import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { type StatsPeriod, statsKey } from "./stats-period";

/** One bar of the trend: a day (30 days), an ISO week (90 days) or a month (a year), oldest first. */
export interface TrendBucket {
  /** "DD/MM" for days and weeks (the week's Monday), "MM/YYYY" for months. */
  label: string;
  /** The bucket's first day, YYYY-MM-DD. */
  inizio: string;
  count: number;
}

// No placeholder from the previous period: its labels would be read with the new period's format.
export function useRequestTrend(period: StatsPeriod) {
  return useQuery({
    queryKey: [...statsKey, "monthly-requests", period],
    queryFn: () => apiRequest<TrendBucket[]>(`/api/stats/monthly-requests?period=${period}`),
  });
}

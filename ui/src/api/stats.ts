import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Period } from "../../../src/modules/stats/model";
import { answerOf, server } from "../lib/api";

// Statistics: GET /api/stats (the plain counts) and the period's top fives and request trend.

export type {
  BasicCounts,
  CategoryShare,
  Period as StatsPeriod,
  TopDepartment,
  TopItem,
  TopUser,
  TrendBucket,
} from "../../../src/modules/stats/model";

/** Every statistics query lives under "stats", so one refresh can reach them all. */
export const statsKeys = {
  all: ["stats"] as const,
  basic: ["stats", "basic"] as const,
  overPeriod: (name: string, period: Period) => ["stats", name, period] as const,
};

const periodQuery = (period: Period) => ({ query: { period: `${period}` as const } });
type PeriodQuery = ReturnType<typeof periodQuery>;

export function useBasicStats() {
  return useQuery({ queryKey: statsKeys.basic, queryFn: () => answerOf(server.api.stats.get()) });
}

/** A ranking over the period: it keeps showing the previous period's until the new one arrives. */
function usePeriodRanking<Ranking>(name: string, period: Period, fetch: (query: PeriodQuery) => Promise<Ranking>) {
  return useQuery({
    queryKey: statsKeys.overPeriod(name, period),
    queryFn: () => fetch(periodQuery(period)),
    placeholderData: keepPreviousData,
  });
}

export function useTopUsers(period: Period) {
  return usePeriodRanking("top-users", period, (query) => answerOf(server.api.stats["top-users"].get(query)));
}

export function useTopItems(period: Period) {
  return usePeriodRanking("top-items", period, (query) => answerOf(server.api.stats["top-items"].get(query)));
}

export function useTopDepartments(period: Period) {
  return usePeriodRanking("top-departments", period, (query) =>
    answerOf(server.api.stats["top-departments"].get(query)),
  );
}

export function useCategoryDistribution(period: Period) {
  return usePeriodRanking("categories", period, (query) => answerOf(server.api.stats.categories.get(query)));
}

// No placeholder from the previous period: its labels would be read with the new period's format.
export function useRequestTrend(period: Period) {
  return useQuery({
    queryKey: statsKeys.overPeriod("monthly-requests", period),
    queryFn: () => answerOf(server.api.stats["monthly-requests"].get(periodQuery(period))),
  });
}

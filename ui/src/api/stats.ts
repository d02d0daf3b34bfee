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

export function useBasicStats() {
  return useQuery({ queryKey: statsKeys.basic, queryFn: () => answerOf(server.api.stats.get()) });
}

// A ranking keeps showing the previous period's until the new one arrives.
export function useTopUsers(period: Period) {
  return useQuery({
    queryKey: statsKeys.overPeriod("top-users", period),
    queryFn: () => answerOf(server.api.stats["top-users"].get(periodQuery(period))),
    placeholderData: keepPreviousData,
  });
}

export function useTopItems(period: Period) {
  return useQuery({
    queryKey: statsKeys.overPeriod("top-items", period),
    queryFn: () => answerOf(server.api.stats["top-items"].get(periodQuery(period))),
    placeholderData: keepPreviousData,
  });
}

export function useTopDepartments(period: Period) {
  return useQuery({
    queryKey: statsKeys.overPeriod("top-departments", period),
    queryFn: () => answerOf(server.api.stats["top-departments"].get(periodQuery(period))),
    placeholderData: keepPreviousData,
  });
}

export function useCategoryDistribution(period: Period) {
  return useQuery({
    queryKey: statsKeys.overPeriod("categories", period),
    queryFn: () => answerOf(server.api.stats.categories.get(periodQuery(period))),
    placeholderData: keepPreviousData,
  });
}

// No placeholder from the previous period: its labels would be read with the new period's format.
export function useRequestTrend(period: Period) {
  return useQuery({
    queryKey: statsKeys.overPeriod("monthly-requests", period),
    queryFn: () => answerOf(server.api.stats["monthly-requests"].get(periodQuery(period))),
  });
}

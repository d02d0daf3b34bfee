import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { type StatsPeriod, statsKey } from "./stats-period";

/** Requests for the items of one parent category (the item's first course). */
export interface CategoryShare {
  categoria: string;
  count: number;
}

export function useCategoryDistribution(period: StatsPeriod) {
  return useQuery({
    queryKey: [...statsKey, "categories", period],
    queryFn: () => apiRequest<CategoryShare[]>(`/api/stats/categories?period=${period}`),
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { type StatsPeriod, statsKey } from "./stats-period";

export interface TopItem {
  id: number;
  nome: string;
  categoria_madre: string | null;
  categoria_figlia: string | null;
  count: number;
}

export function useTopItems(period: StatsPeriod) {
  return useQuery({
    queryKey: [...statsKey, "top-items", period],
    queryFn: () => apiRequest<TopItem[]>(`/api/stats/top-items?period=${period}`),
    placeholderData: keepPreviousData,
  });
}

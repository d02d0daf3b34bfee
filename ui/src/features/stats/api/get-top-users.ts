import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { type StatsPeriod, statsKey } from "./stats-period";

export interface TopUser {
  id: number;
  name: string;
  surname: string;
  corso_accademico: string | null;
  count: number;
}

export function useTopUsers(period: StatsPeriod) {
  return useQuery({
    queryKey: [...statsKey, "top-users", period],
    queryFn: () => apiRequest<TopUser[]>(`/api/stats/top-users?period=${period}`),
    placeholderData: keepPreviousData,
  });
}

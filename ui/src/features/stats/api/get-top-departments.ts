import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { type StatsPeriod, statsKey } from "./stats-period";

export interface TopDepartment {
  corso_accademico: string;
  /** How many different students of the course made requests. */
  studenti: number;
  count: number;
}

export function useTopDepartments(period: StatsPeriod) {
  return useQuery({
    queryKey: [...statsKey, "top-departments", period],
    queryFn: () => apiRequest<TopDepartment[]>(`/api/stats/top-departments?period=${period}`),
    placeholderData: keepPreviousData,
  });
}

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** How many items of a catalogue query there are: a one-row page, never the list. */
async function catalogueCount(filter: string) {
  const answer = await apiRequest<{ totale: number }>(`/api/inventario/disponibili?${filter}pagina=1&per_pagina=1`);
  return answer.totale;
}

/** The items of the student's course, and how many of them are free now. */
export function useCourseItemCounts() {
  return useQuery({
    queryKey: ["inventario", "disponibili", "conteggi"],
    queryFn: async () => {
      const [total, available] = await Promise.all([catalogueCount(""), catalogueCount("stato=disponibile&")]);
      return { total, available };
    },
  });
}

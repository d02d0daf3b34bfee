import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MIN_SEARCH_LENGTH } from "../../../../../src/domain/search";
import type { SearchResults } from "../../../../../src/modules/search/model";
import { apiRequest } from "../../../lib/api";

export type { SearchResults };

/** The desk's search as one types: nothing is asked under two characters. */
export function useGlobalSearch(term: string) {
  const text = term.trim();
  return useQuery({
    queryKey: ["cerca", text],
    queryFn: () => apiRequest<SearchResults>(`/api/cerca?q=${encodeURIComponent(text)}`),
    enabled: text.length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

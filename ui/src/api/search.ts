import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MIN_SEARCH_LENGTH } from "../../../src/domain/search";
import { answerOf, server } from "../lib/api";

// The desk's search over items, units, students, loans and requests: GET /api/cerca.

export const cercaKeys = {
  term: (term: string) => ["cerca", term] as const,
};

/** The desk's search as one types: nothing is asked under two characters. */
export function useGlobalSearch(term: string) {
  const text = term.trim();
  return useQuery({
    queryKey: cercaKeys.term(text),
    queryFn: () => answerOf(server.api.cerca.get({ query: { q: text } })),
    enabled: text.length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

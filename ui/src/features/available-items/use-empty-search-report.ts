import { useEffect, useRef } from "react";
import { recordEmptySearch } from "../../api/attese";
import { useDebouncedValue } from "../../lib/use-debounced-value";

/**
 * How long a search must stay on screen without results before it counts as demand: the words typed on
 * the way to a search that finds something are no demand.
 */
export const EMPTY_SEARCH_SETTLE_MS = 1_000;

/**
 * Tells the server, once per distinct search on this screen, that the catalogue found nothing for
 * `emptyTerm` (empty while the search finds something). Only the words are sent; the server knows who asks.
 */
export function useEmptySearchReport(emptyTerm: string) {
  const settled = useDebouncedValue(emptyTerm, EMPTY_SEARCH_SETTLE_MS);
  const reported = useRef(new Set<string>());
  useEffect(() => {
    const key = settled.toLocaleLowerCase("it");
    if (!key || reported.current.has(key)) return;
    reported.current.add(key);
    // The report serves the desk's statistics: a failure to send it is no concern of the student's.
    recordEmptySearch(settled).catch(() => {});
  }, [settled]);
}

import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "./button";

/** Rows a long list renders at first and adds with each "Mostra altri": years of data never render at once. */
export const LIST_PAGE_SIZE = 50;

/**
 * How many rows of a list to render. It starts at one page and grows by one page on `showMore`; a new
 * `resetKey` (another tab, search or filter) starts again from one page.
 */
export function useShownCount(resetKey: string, pageSize = LIST_PAGE_SIZE) {
  const [state, setState] = useState({ key: resetKey, count: pageSize });
  const count = state.key === resetKey ? state.count : pageSize;
  return { count, showMore: () => setState({ key: resetKey, count: count + pageSize }) };
}

/** "N di M mostrati" and the "Mostra altri" button, under a list that has more rows than it shows. */
export function ShowMore({
  shown,
  total,
  onMore,
  busy,
}: {
  shown: number;
  total: number;
  onMore: () => void;
  busy?: boolean;
}) {
  if (shown >= total) return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-2 text-sm text-slate-500">
      <p>
        {shown} di {total} mostrati
      </p>
      <Button variant="secondary" onClick={onMore} busy={busy}>
        Mostra altri
      </Button>
    </div>
  );
}

/** `ShowMore` under a list the server pages: "Mostra altri" asks for its next page, busy until it arrives. */
export function ShowMorePages({
  pages,
  shown,
  total,
}: {
  pages: Pick<UseInfiniteQueryResult, "fetchNextPage" | "isFetchingNextPage">;
  shown: number;
  total: number;
}) {
  return <ShowMore shown={shown} total={total} onMore={() => pages.fetchNextPage()} busy={pages.isFetchingNextPage} />;
}

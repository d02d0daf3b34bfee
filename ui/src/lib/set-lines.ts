import type { RequestView } from "../../../src/modules/loans/model";

/**
 * A request that is a line of a set of more than one line carries the set's id: the desk decides such a
 * set as a whole on its own card, so a list of requests shows the set once instead of each line again.
 */
export function standsAlone(request: Pick<RequestView, "prenotazione_id">): boolean {
  return request.prenotazione_id === null;
}

/** A row of a list of requests: one request on its own, or every listed line of one set. */
export type RequestRow = { kind: "request"; request: RequestView } | { kind: "set"; id: number; lines: RequestView[] };

/** The requests in their order, the lines of a set gathered where its first line stands. */
export function requestRows(requests: readonly RequestView[]): RequestRow[] {
  const rows: RequestRow[] = [];
  const setRows = new Map<number, RequestView[]>();
  for (const request of requests) {
    const setId = request.prenotazione_id;
    if (setId === null) {
      rows.push({ kind: "request", request });
      continue;
    }
    const lines = setRows.get(setId);
    if (lines) lines.push(request);
    else {
      const first = [request];
      setRows.set(setId, first);
      rows.push({ kind: "set", id: setId, lines: first });
    }
  }
  return rows;
}

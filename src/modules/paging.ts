import { badRequest } from "../http/errors";

/**
 * The paging convention of every long list: `pagina` (from 1) and `per_pagina` (1–200, default 50) turn
 * a list's answer into `{ elementi, totale, pagina, per_pagina }`; without them the spec's plain call
 * answers the whole array.
 */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export interface PageQuery {
  pagina?: string;
  per_pagina?: string;
}

export interface Page {
  number: number;
  size: number;
}

export interface PagedAnswer<T> {
  elementi: T[];
  totale: number;
  pagina: number;
  per_pagina: number;
}

function positiveInteger(value: string, message: string): number {
  const number = Number(value);
  if (!/^\d{1,9}$/.test(value) || number < 1) throw badRequest(message);
  return number;
}

/** The page asked for, or null for the whole list. */
export function pageOf(query: PageQuery): Page | null {
  if (query.pagina === undefined && query.per_pagina === undefined) return null;
  const number = query.pagina === undefined ? 1 : positiveInteger(query.pagina, "Pagina non valida");
  const size =
    query.per_pagina === undefined
      ? DEFAULT_PAGE_SIZE
      : positiveInteger(query.per_pagina, `Elementi per pagina non validi (da 1 a ${MAX_PAGE_SIZE})`);
  if (size > MAX_PAGE_SIZE) throw badRequest(`Elementi per pagina non validi (da 1 a ${MAX_PAGE_SIZE})`);
  return { number, size };
}

/** One page of rows already in order, with the total. */
export function pageOfRows<T>(rows: T[], page: Page): PagedAnswer<T> {
  const start = (page.number - 1) * page.size;
  return {
    elementi: rows.slice(start, start + page.size),
    totale: rows.length,
    pagina: page.number,
    per_pagina: page.size,
  };
}

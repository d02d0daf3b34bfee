import { and, asc, desc, eq, inArray, type like, lt, or, type SQL, sql } from "drizzle-orm";
import { inventario, prestiti, prestitiUnita, richieste, unita, users } from "../../db/schema";
import { qualified } from "../../db/sql";
import { isIsoDate } from "../../domain/dates";
import { badRequest } from "../../http/errors";
import type { Selection } from "./views";

/**
 * The filtered and paged form of the loan and request lists. The plain calls of the spec
 * (`GET /api/prestiti?all=1`, `GET /api/richieste?all=1`) still answer the whole list as an array; any of
 * `stato`, `cerca`, `dal`, `al` narrows it, and `pagina` (with `per_pagina`) turns the answer into one page:
 * `{ elementi, totale, pagina, per_pagina }`, so screens stay fast with years of history.
 */
export interface ListQuery {
  all?: string;
  stato?: string;
  cerca?: string;
  dal?: string;
  al?: string;
  pagina?: string;
  per_pagina?: string;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const LOAN_LIST_STATES = ["in_corso", "attivo", "scaduto", "restituito"] as const;
export const REQUEST_LIST_STATES = ["in_attesa", "approvata", "rifiutata", "annullata"] as const;
type LoanListState = (typeof LOAN_LIST_STATES)[number];
type RequestListState = (typeof REQUEST_LIST_STATES)[number];

export interface Page {
  number: number;
  size: number;
}

export interface ListFilter {
  where: SQL | undefined;
  orderBy: SQL[];
  page: Page | null;
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

function pageOf(query: ListQuery): Page | null {
  if (query.pagina === undefined && query.per_pagina === undefined) return null;
  const number = query.pagina === undefined ? 1 : positiveInteger(query.pagina, "Pagina non valida");
  const size =
    query.per_pagina === undefined
      ? DEFAULT_PAGE_SIZE
      : positiveInteger(query.per_pagina, `Elementi per pagina non validi (da 1 a ${MAX_PAGE_SIZE})`);
  if (size > MAX_PAGE_SIZE) throw badRequest(`Elementi per pagina non validi (da 1 a ${MAX_PAGE_SIZE})`);
  return { number, size };
}

function stateOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | null {
  if (value === undefined || value === "") return null;
  if (!(allowed as readonly string[]).includes(value)) throw badRequest("Stato non valido");
  return value as T;
}

function periodOf(query: ListQuery): { from: string | null; to: string | null } {
  const from = query.dal || null;
  const to = query.al || null;
  if ((from && !isIsoDate(from)) || (to && !isIsoDate(to))) throw badRequest("Data non valida (formato AAAA-MM-GG)");
  if (from && to && from > to) throw badRequest("La data di inizio deve precedere quella di fine");
  return { from, to };
}

/** `%term%` for LIKE, with the wildcards of the term itself escaped (ESCAPE '\'). */
function likePattern(query: ListQuery): string | null {
  const term = query.cerca?.trim();
  if (!term) return null;
  if (term.length > 100) throw badRequest("Testo di ricerca troppo lungo (massimo 100 caratteri)");
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** `EXISTS (subquery)`: drizzle's own `exists` leaves a raw subquery without its parentheses. */
const exists = (subquery: SQL) => sql`exists (${subquery})`;

const contains = (column: SQL | Parameters<typeof like>[0], pattern: string) =>
  sql`${column} LIKE ${pattern} ESCAPE '\\'`;

function borrowerMatches(pattern: string, userId: SQL) {
  return exists(
    sql`SELECT 1 FROM ${users} WHERE ${qualified(users.id)} = ${userId} AND (${contains(qualified(users.name), pattern)} OR ${contains(qualified(users.surname), pattern)} OR ${contains(qualified(users.email), pattern)} OR ${contains(sql`${qualified(users.name)} || ' ' || ${qualified(users.surname)}`, pattern)})`,
  );
}

function itemMatches(pattern: string, itemId: SQL) {
  return exists(
    sql`SELECT 1 FROM ${inventario} WHERE ${qualified(inventario.id)} = ${itemId} AND ${contains(qualified(inventario.nome), pattern)}`,
  );
}

/** Filters, order and page of `GET /api/prestiti` for `today` (overdue is computed, as in the views). */
export function loanListFilter(query: ListQuery, today: string): ListFilter {
  const state = stateOf<LoanListState>(query.stato, LOAN_LIST_STATES);
  const { from, to } = periodOf(query);
  const pattern = likePattern(query);
  const open = inArray(prestiti.stato, ["attivo", "scaduto"]);
  const conditions: Array<SQL | undefined> = [
    state === "in_corso" ? open : undefined,
    state === "attivo" ? and(eq(prestiti.stato, "attivo"), sql`${prestiti.dataRientro} >= ${today}`) : undefined,
    state === "scaduto"
      ? or(eq(prestiti.stato, "scaduto"), and(eq(prestiti.stato, "attivo"), lt(prestiti.dataRientro, today)))
      : undefined,
    state === "restituito" ? eq(prestiti.stato, "restituito") : undefined,
    // A loan belongs to a period when it was out during any day of it.
    to ? sql`${prestiti.dataUscita} <= ${to}` : undefined,
    from ? sql`coalesce(${prestiti.dataRestituzione}, ${prestiti.dataRientro}) >= ${from}` : undefined,
    pattern
      ? or(
          contains(prestiti.chi, pattern),
          contains(prestiti.utenteEmail, pattern),
          itemMatches(pattern, qualified(prestiti.inventarioId)),
          borrowerMatches(pattern, qualified(prestiti.utenteId)),
          exists(
            sql`SELECT 1 FROM ${prestitiUnita} JOIN ${unita} ON ${qualified(unita.id)} = ${qualified(prestitiUnita.unitId)} WHERE ${qualified(prestitiUnita.prestitoId)} = ${qualified(prestiti.id)} AND ${contains(qualified(unita.codiceUnivoco), pattern)}`,
          ),
        )
      : undefined,
  ];
  // Open loans by due date (the next to come back first); returned ones by return date, newest first.
  const orderBy =
    state === "in_corso" || state === "attivo" || state === "scaduto"
      ? [asc(prestiti.dataRientro), asc(prestiti.id)]
      : state === "restituito"
        ? [desc(prestiti.dataRestituzione), desc(prestiti.id)]
        : [desc(prestiti.createdAt), desc(prestiti.id)];
  return { where: and(...conditions), orderBy, page: pageOf(query) };
}

/** Filters, order (newest first) and page of `GET /api/richieste`. */
export function requestListFilter(query: ListQuery): ListFilter {
  const state = stateOf<RequestListState>(query.stato, REQUEST_LIST_STATES);
  const { from, to } = periodOf(query);
  const pattern = likePattern(query);
  const conditions: Array<SQL | undefined> = [
    state ? eq(richieste.stato, state) : undefined,
    to ? sql`${richieste.dal} <= ${to}` : undefined,
    from ? sql`${richieste.al} >= ${from}` : undefined,
    pattern
      ? or(
          itemMatches(pattern, qualified(richieste.inventarioId)),
          borrowerMatches(pattern, qualified(richieste.utenteId)),
          exists(
            sql`SELECT 1 FROM ${unita} WHERE ${qualified(unita.id)} = ${qualified(richieste.unitId)} AND ${contains(qualified(unita.codiceUnivoco), pattern)}`,
          ),
        )
      : undefined,
  ];
  return {
    where: and(...conditions),
    orderBy: [desc(richieste.createdAt), desc(richieste.id)],
    page: pageOf(query),
  };
}

/** `?all=1` (or `true`): the desk asks for everyone's rows, not only its own. */
export function wantsAll(query: ListQuery): boolean {
  return query.all === "1" || query.all === "true";
}

/** The rows as an array, or, when a page was asked for, that page with the total count. */
export function pagedList<T>(
  filter: ListFilter,
  where: SQL | undefined,
  load: (selection: Selection) => T[],
  total: () => number,
): T[] | PagedAnswer<T> {
  const { page, orderBy } = filter;
  if (!page) return load({ where, orderBy });
  const elementi = load({ where, orderBy, limit: page.size, offset: (page.number - 1) * page.size });
  return { elementi, totale: total(), pagina: page.number, per_pagina: page.size };
}

import { and, asc, desc, eq, inArray, type like, lt, or, type SQL, sql } from "drizzle-orm";
import { inventario, prestiti, prestitiUnita, richieste, unita, users } from "../../db/schema";
import { qualified } from "../../db/sql";
import { LOAN_STATE, LOAN_STATES, OPEN_LOAN_STATES, REQUEST_STATES } from "../../domain/bookings";
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

/** The stored loan states, and `in_corso` for every open one. */
export const LOAN_LIST_STATES = ["in_corso", ...LOAN_STATES] as const;
export const REQUEST_LIST_STATES = REQUEST_STATES;
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

const contains = (column: SQL | Parameters<typeof like>[0], pattern: string) =>
  sql`${column} LIKE ${pattern} ESCAPE '\\'`;

// The searches below are non-correlated subqueries: SQLite evaluates each once per call, not per row.

/** Users whose name, surname, "name surname" or email contains the term. */
function matchingUsers(pattern: string) {
  return sql`SELECT ${qualified(users.id)} FROM ${users} WHERE ${contains(qualified(users.name), pattern)} OR ${contains(qualified(users.surname), pattern)} OR ${contains(qualified(users.email), pattern)} OR ${contains(sql`${qualified(users.name)} || ' ' || ${qualified(users.surname)}`, pattern)}`;
}

function matchingItems(pattern: string) {
  return sql`SELECT ${qualified(inventario.id)} FROM ${inventario} WHERE ${contains(qualified(inventario.nome), pattern)}`;
}

function matchingUnits(pattern: string) {
  return sql`SELECT ${qualified(unita.id)} FROM ${unita} WHERE ${contains(qualified(unita.codiceUnivoco), pattern)}`;
}

/** Filters, order and page of `GET /api/prestiti` for `today` (overdue is computed, as in the views). */
export function loanListFilter(query: ListQuery, today: string): ListFilter {
  const state = stateOf<LoanListState>(query.stato, LOAN_LIST_STATES);
  const { from, to } = periodOf(query);
  const pattern = likePattern(query);
  const open = inArray(prestiti.stato, OPEN_LOAN_STATES);
  const conditions: Array<SQL | undefined> = [
    state === "in_corso" ? open : undefined,
    state === LOAN_STATE.active
      ? and(eq(prestiti.stato, LOAN_STATE.active), sql`${prestiti.dataRientro} >= ${today}`)
      : undefined,
    state === LOAN_STATE.overdue
      ? or(
          eq(prestiti.stato, LOAN_STATE.overdue),
          and(eq(prestiti.stato, LOAN_STATE.active), lt(prestiti.dataRientro, today)),
        )
      : undefined,
    state === LOAN_STATE.returned ? eq(prestiti.stato, LOAN_STATE.returned) : undefined,
    // A loan belongs to a period when it was out during any day of it.
    to ? sql`${prestiti.dataUscita} <= ${to}` : undefined,
    from ? sql`coalesce(${prestiti.dataRestituzione}, ${prestiti.dataRientro}) >= ${from}` : undefined,
    pattern
      ? or(
          contains(prestiti.chi, pattern),
          contains(prestiti.utenteEmail, pattern),
          sql`${prestiti.inventarioId} IN (${matchingItems(pattern)})`,
          sql`${prestiti.utenteId} IN (${matchingUsers(pattern)})`,
          sql`${prestiti.id} IN (SELECT ${qualified(prestitiUnita.prestitoId)} FROM ${prestitiUnita} WHERE ${qualified(prestitiUnita.unitId)} IN (${matchingUnits(pattern)}))`,
        )
      : undefined,
  ];
  // Open loans by due date (the next to come back first); returned ones by return date, newest first.
  const orderBy =
    state === "in_corso" || state === LOAN_STATE.active || state === LOAN_STATE.overdue
      ? [asc(prestiti.dataRientro), asc(prestiti.id)]
      : state === LOAN_STATE.returned
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
          sql`${richieste.inventarioId} IN (${matchingItems(pattern)})`,
          sql`${richieste.utenteId} IN (${matchingUsers(pattern)})`,
          sql`${richieste.unitId} IN (${matchingUnits(pattern)})`,
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

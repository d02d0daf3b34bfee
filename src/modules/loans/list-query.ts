import { and, asc, desc, eq, inArray, isNull, max, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { inventario, prestiti, prestitiUnita, richieste, users } from "../../db/schema";
import { containsText } from "../../db/search";
import { inIds, qualified } from "../../db/sql";
import {
  LOAN_STATE,
  LOAN_STATES,
  type LoanState,
  OPEN_LOAN_STATES,
  REQUEST_STATES,
  type RequestState,
} from "../../domain/bookings";
import { isIsoDate } from "../../domain/dates";
import type { LoanSortKey, RequestSortKey } from "../../domain/loan-sorting";
import { badRequest } from "../../http/errors";
import {
  idsOf,
  type KeptSearchTotal,
  keptSearchTotal,
  matchingItems,
  matchingUsers,
  unitsOfOtherItems,
  type WholeList,
  wholeList,
} from "../../read-model";
import { type Page, type PagedAnswer, pageOf } from "../paging";
import type { LoanListQuery, RequestListQuery } from "./model";
import { activeLoanCondition, overdueLoanCondition } from "./overdue";
import type { Selection } from "./views";

/**
 * The filtered and paged form of the loan and request lists. The plain calls of the spec
 * (`GET /api/prestiti?all=1`, `GET /api/richieste?all=1`) still answer the whole list as an array; any of
 * `stato`, `cerca`, `dal`, `al` narrows it, and `pagina` (with `per_pagina`) turns the answer into one page:
 * `{ elementi, totale, pagina, per_pagina }`, so screens stay fast with years of history. The query's
 * shape is checked by its schema (model.ts); what is left here are the rules between fields.
 */

export interface ListFilter<State extends string = string> {
  where: SQL | undefined;
  /**
   * With a search: the same condition, written so that SQLite cannot answer it from the searched columns'
   * indexes and walks the list's order instead, stopping at the page (see `pagedList`).
   */
  walkWhere?: SQL;
  /**
   * A search alone (no other filter): its matches split by the way they match (item, borrower, unit…),
   * each part without what an earlier part holds, so that the parts add up to the total and each is
   * counted through its own index; one count over the whole OR gathered every match (25,000 loans for
   * "canon" at five times the default size) into one set first. The first part is the rows of the
   * matching `items`, which the desk's count sums from the counts kept per item.
   */
  countParts?: { items: SQL; parts: SQL[] };
  /** A search alone whose total the desk's list keeps between calls (src/read-model/kept-search.ts), when it can. */
  keptTotal?: KeptSearchTotal;
  orderBy: SQL[];
  /** The same order backwards: a page past the middle is read from the far end. */
  reverseOrderBy: SQL[];
  page: Page | null;
  /**
   * The stored states the list keeps when nothing else narrows it (no search, no period): its total is
   * then the sum of the counts triggers keep per state (`loansInStates`, `requestsInStates`) instead of a
   * count over the history.
   */
  onlyStates?: readonly State[];
}

type OrderTerm = [column: Parameters<typeof asc>[0], direction: "asc" | "desc"];

/** An order and its reverse, for reading a deep page from whichever end is nearer. */
function ordering(...terms: OrderTerm[]): Pick<ListFilter, "orderBy" | "reverseOrderBy"> {
  return {
    orderBy: terms.map(([column, direction]) => (direction === "asc" ? asc(column) : desc(column))),
    reverseOrderBy: terms.map(([column, direction]) => (direction === "asc" ? desc(column) : asc(column))),
  };
}

/** What both lists' queries have in common. */
type CommonQuery = Pick<RequestListQuery, "all" | "cerca" | "dal" | "al">;

function periodOf(query: CommonQuery): { from: string | null; to: string | null } {
  const from = query.dal || null;
  const to = query.al || null;
  if ((from && !isIsoDate(from)) || (to && !isIsoDate(to))) throw badRequest("Data non valida (formato AAAA-MM-GG)");
  if (from && to && from > to) throw badRequest("La data di inizio deve precedere quella di fine");
  return { from, to };
}

function searchTerm(query: CommonQuery): string | null {
  return query.cerca?.trim() || null;
}

// Every search goes through the FTS5 indexes of items, units and people (src/db/search.ts), then reaches
// the loans and requests through their indexed ids: no LIKE over the history.

/** A column as a condition names it; `walk` hides its index from SQLite (unary plus), see ListFilter.walkWhere. */
const column = (name: SQLiteColumn, walk: boolean) => (walk ? sql`+${name}` : sql`${name}`);

/** A way a row matches a search, as a condition; `walk` as in `column`. */
type SearchBranch = (walk: boolean) => SQL | undefined;

/** How a list's rows match a search: through their item (`itemColumn` in `items`), or the other branches. */
interface Search {
  itemColumn: SQLiteColumn;
  items: SQL;
  others: SearchBranch[];
  /** Its total kept between calls; none when units of other items match, whose links move with approvals. */
  keptTotal?: KeptSearchTotal;
}

/** The list's conditions with its search (if any), in ListFilter's forms. */
function searched(
  conditions: Array<SQL | undefined>,
  search: Search | null,
): Pick<ListFilter, "where" | "walkWhere" | "countParts" | "keptTotal"> {
  if (!search) return { where: and(...conditions) };
  const branches: SearchBranch[] = [
    (walk) => sql`${column(search.itemColumn, walk)} IN (${search.items})`,
    ...search.others,
  ];
  const each = branches.map((branch) => branch(false));
  const alone = conditions.every((condition) => condition === undefined);
  return {
    where: and(...conditions, or(...each)),
    walkWhere: and(...conditions, or(...branches.map((branch) => branch(true)))),
    // A condition that is NULL for a row (an account-less borrower's id in a list) did not match it.
    countParts: alone
      ? {
          items: search.items,
          parts: each.map(
            (branch, index) => sql`(${branch}) AND NOT coalesce(${or(...each.slice(0, index)) ?? sql`0`}, 0)`,
          ),
        }
      : undefined,
    keptTotal: alone ? search.keptTotal : undefined,
  };
}

/** What each column of the desk's loan table sorts on. */
const LOAN_SORTS: Record<LoanSortKey, SQL | SQLiteColumn> = {
  oggetto: sql`(SELECT lower(${qualified(inventario.nome)}) FROM ${inventario} WHERE ${qualified(inventario.id)} = ${prestiti.inventarioId})`,
  // A borrower without an account is known by the loan's own name.
  studente: sql`coalesce((SELECT lower(${qualified(users.name)} || ' ' || ${qualified(users.surname)}) FROM ${users} WHERE ${qualified(users.id)} = ${prestiti.utenteId}), lower(${prestiti.chi}))`,
  dal: prestiti.dataUscita,
  al: prestiti.dataRientro,
  restituito: prestiti.dataRestituzione,
};

/** What each column of the desk's table of pending requests sorts on. */
const REQUEST_SORTS: Record<RequestSortKey, SQL | SQLiteColumn> = {
  oggetto: sql`(SELECT lower(${qualified(inventario.nome)}) FROM ${inventario} WHERE ${qualified(inventario.id)} = ${richieste.inventarioId})`,
  studente: sql`(SELECT lower(${qualified(users.name)} || ' ' || ${qualified(users.surname)}) FROM ${users} WHERE ${qualified(users.id)} = ${richieste.utenteId})`,
  dal: richieste.dal,
  al: richieste.al,
  creata: richieste.createdAt,
};

/**
 * The order the desk chose in the table view (`ordina` among `sorts`, then the id the same way), or null
 * for the list's own order.
 */
function chosenOrder<Key extends string>(
  query: { ordina?: Key | ""; verso?: "asc" | "desc" },
  sorts: Record<Key, SQL | SQLiteColumn>,
  id: SQLiteColumn,
): Pick<ListFilter, "orderBy" | "reverseOrderBy"> | null {
  if (!query.ordina) return null;
  const direction = query.verso ?? "asc";
  return ordering([sorts[query.ordina], direction], [id, direction]);
}

/** Filters, order and page of `GET /api/prestiti` for `today` (overdue is computed, as in the views). */
export function loanListFilter(db: Db, query: LoanListQuery, today: string): ListFilter<LoanState> {
  const state = query.stato || null;
  const { from, to } = periodOf(query);
  const term = searchTerm(query);
  const open = inArray(prestiti.stato, OPEN_LOAN_STATES);
  const conditions: Array<SQL | undefined> = [
    state === "in_corso" ? open : undefined,
    state === LOAN_STATE.active ? activeLoanCondition(today) : undefined,
    state === LOAN_STATE.overdue ? overdueLoanCondition(today) : undefined,
    state === LOAN_STATE.returned ? eq(prestiti.stato, LOAN_STATE.returned) : undefined,
    state === "da_ritirare_oggi"
      ? and(open, isNull(prestiti.consegnatoIl), sql`${prestiti.dataUscita} <= ${today}`)
      : undefined,
    state === "in_scadenza_oggi" ? and(open, eq(prestiti.dataRientro, today)) : undefined,
    // A loan belongs to a period when it was out during any day of it.
    to ? sql`${prestiti.dataUscita} <= ${to}` : undefined,
    from ? sql`coalesce(${prestiti.dataRestituzione}, ${prestiti.dataRientro}) >= ${from}` : undefined,
  ];
  const otherUnits = term ? unitsOfOtherItems(db, term) : [];
  // A borrower without an account (or whose account was deleted) is known by the loan's own text only.
  const byOwnName = (term: string) =>
    or(containsText(prestiti.chi, term), containsText(prestiti.utenteEmail, term)) as SQL;
  const search: Search | null = term
    ? {
        itemColumn: prestiti.inventarioId,
        items: matchingItems(term),
        others: [
          (walk) => sql`${column(prestiti.utenteId, walk)} IN (${matchingUsers(term)})`,
          ...(otherUnits.length
            ? [
                (walk: boolean) =>
                  sql`${column(prestiti.id, walk)} IN (SELECT ${qualified(prestitiUnita.prestitoId)} FROM ${prestitiUnita} WHERE ${inIds(prestitiUnita.unitId, otherUnits)})`,
              ]
            : []),
          (walk) => and(sql`${column(prestiti.utenteId, walk)} IS NULL`, byOwnName(term)),
        ],
        keptTotal:
          otherUnits.length === 0
            ? {
                list: "prestiti",
                term,
                rowsBetween: (after, upTo) =>
                  sql`SELECT ${prestiti.inventarioId}, ${prestiti.utenteId}, coalesce(${prestiti.utenteId} IS NULL AND (${byOwnName(term)}), 0)
                        FROM ${prestiti} WHERE ${prestiti.id} > ${after} AND ${prestiti.id} <= ${upTo}`,
              }
            : undefined,
      }
    : null;
  // Open loans by due date (the next to come back first); returned ones by return date, newest first.
  const order =
    chosenOrder(query, LOAN_SORTS, prestiti.id) ??
    (state !== null && state !== LOAN_STATE.returned
      ? ordering([prestiti.dataRientro, "asc"], [prestiti.id, "asc"])
      : state === LOAN_STATE.returned
        ? ordering([prestiti.dataRestituzione, "desc"], [prestiti.id, "desc"])
        : ordering([prestiti.createdAt, "desc"], [prestiti.id, "desc"]));
  const statesOf = { in_corso: OPEN_LOAN_STATES, [LOAN_STATE.returned]: [LOAN_STATE.returned] } as const;
  const onlyStates =
    term || from || to ? undefined : state === null ? LOAN_STATES : statesOf[state as keyof typeof statesOf];
  return { ...searched(conditions, search), ...order, page: pageOf(query), onlyStates };
}

/** Filters, order (newest first, unless the table asks otherwise) and page of `GET /api/richieste`. */
export function requestListFilter(db: Db, query: RequestListQuery): ListFilter<RequestState> {
  const state = query.stato || null;
  const { from, to } = periodOf(query);
  const term = searchTerm(query);
  const conditions: Array<SQL | undefined> = [
    state ? eq(richieste.stato, state) : undefined,
    to ? sql`${richieste.dal} <= ${to}` : undefined,
    from ? sql`${richieste.al} >= ${from}` : undefined,
  ];
  const otherUnits = term ? unitsOfOtherItems(db, term) : [];
  const search: Search | null = term
    ? {
        itemColumn: richieste.inventarioId,
        items: matchingItems(term),
        others: [
          (walk) => sql`${column(richieste.utenteId, walk)} IN (${matchingUsers(term)})`,
          ...(otherUnits.length ? [(walk: boolean) => inIds(column(richieste.unitId, walk), otherUnits)] : []),
        ],
        keptTotal:
          otherUnits.length === 0
            ? {
                list: "richieste",
                term,
                rowsBetween: (after, upTo) =>
                  sql`SELECT ${richieste.inventarioId}, ${richieste.utenteId}, 0
                        FROM ${richieste} WHERE ${richieste.id} > ${after} AND ${richieste.id} <= ${upTo}`,
              }
            : undefined,
      }
    : null;
  return {
    ...searched(conditions, search),
    ...(chosenOrder(query, REQUEST_SORTS, richieste.id) ??
      ordering([richieste.createdAt, "desc"], [richieste.id, "desc"])),
    page: pageOf(query),
    onlyStates: term || from || to ? undefined : state === null ? REQUEST_STATES : [state],
  };
}

/** `?all=1` (or `true`): the desk asks for everyone's rows, not only its own. */
export function wantsAll(query: CommonQuery): boolean {
  return query.all === "1" || query.all === "true";
}

/** A search's total from its parts: the first, everyone's rows of the matching items, from the counts kept per item. */
function countInParts(
  { items, parts }: NonNullable<ListFilter["countParts"]>,
  own: SQL | undefined,
  count: (where: SQL | undefined) => number,
  ofItems: (items: SQL) => number,
): number {
  const [first, ...rest] = parts;
  const throughItems = own === undefined ? ofItems(items) : count(and(own, first));
  return rest.reduce((total, part) => total + count(and(own, part)), throughItems);
}

/**
 * The rows as an array, or, when a page was asked for, that page with the total count: `count` counts the
 * rows that meet a condition, `ofItems` everyone's rows of the items a query selects. A list that writes
 * its rows' JSON itself gives `wholeTexts`, which then answers the whole list in place of `load`.
 */
export function pagedList<T>(
  table: Pick<WholeList<T>, "db" | "table" | "id">,
  filter: ListFilter,
  own: SQL | undefined,
  load: (selection: Selection) => T[],
  count: (where: SQL | undefined) => number,
  ofItems: (items: SQL) => number,
  wholeTexts?: (ids: number[]) => string[],
): T[] | PagedAnswer<T> | Response {
  const { page, orderBy, reverseOrderBy } = filter;
  const where = and(own, filter.where);
  if (!page && wholeTexts) return wholeList({ ...table, where, orderBy, textsOf: wholeTexts });
  if (!page) return wholeList({ ...table, where, orderBy, load: (stretch) => load({ where: stretch, orderBy }) });
  const { countParts, keptTotal } = filter;
  const totale = countParts
    ? own === undefined && keptTotal
      ? keptSearchTotal(table.db, keptTotal, () => countInParts(countParts, own, count, ofItems))
      : countInParts(countParts, own, count, ofItems)
    : count(where);
  const offset = (page.number - 1) * page.size;
  // SQLite walks every skipped row of an OFFSET: a page past the middle is read backwards from the end.
  const fromEnd = totale - offset - page.size;
  const backwards = offset > totale / 2;
  const reach = backwards ? totale - offset : offset + page.size;
  // A search matching many rows (tens of thousands of loans for "canon" at five times the default size)
  // costs less by walking the list's order until the page is full, about reach × rows / matches rows,
  // than by gathering and sorting every match; a rare term, the other way round.
  const rows = () =>
    Number(
      table.db
        .select({ id: max(table.id) })
        .from(table.table)
        .get()?.id ?? 0,
    );
  const walk = filter.walkWhere && reach * rows() < totale * totale ? and(own, filter.walkWhere) : where;
  // The page's ids first, from the list's own table and indexes; then only those rows are joined and
  // built: sorting full joined rows made the open loans' first page join and sort every open loan.
  const ids = backwards
    ? idsOf(
        { ...table, orderBy: reverseOrderBy },
        walk,
        Math.max(0, page.size + Math.min(0, fromEnd)),
        Math.max(0, fromEnd),
      )
    : idsOf({ ...table, orderBy }, walk, page.size, offset);
  const elementi = ids.length ? load({ where: inIds(table.id, ids), orderBy }) : [];
  return { elementi, totale, pagina: page.number, per_pagina: page.size };
}

import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { keptPerTerm, rowsContaining, unitsOfItemsNotNamed } from "../db/search";

/**
 * A desk's loan or request search keeps its total between calls, per connection, and adds only the rows
 * written since: the desk leaves a search open while requests, approvals and returns keep changing the list,
 * and each of those made the next call count every match again (16,000 requests for "canon" at five times
 * the default size). What can change a match that is already counted bumps a version (migration 0022): the
 * searched text of items, units and people, and a loan's or request's deletion or change of the columns a
 * search matches it by. Then the total is counted again from the start. A term's first search still counts
 * all its matches: nothing is known about a term before it is asked.
 */

/** The items and people a term matches, as ids: what tells whether a row written since matches. */
export interface TermMatches {
  items: ReadonlySet<number>;
  users: ReadonlySet<number>;
}

/** The lists whose search totals are kept, by table. */
export type SearchedList = "prestiti" | "richieste";

interface KeptTotal {
  text: number;
  rows: number;
  /** The last row the total counts. */
  upTo: number;
  total: number;
}

/** The totals kept per connection, by list and term: the most recently used. */
const keptTotals = new WeakMap<Db, Map<string, KeptTotal>>();
const KEPT_TOTALS = 200;

interface Stamp {
  text: number;
  rows: number;
  last: number;
}

/** The versions and the list's last row, read in one statement so that they belong to one moment. */
function stampOf(db: Db, list: SearchedList): Stamp {
  const [text, rows, last] = db.values<[number, number, number | null]>(
    sql`SELECT (SELECT version FROM search_versions WHERE name = 'testi'),
               (SELECT version FROM search_versions WHERE name = ${list}),
               (SELECT max(id) FROM ${sql.raw(list)})`,
  )[0] ?? [0, 0, null];
  return { text, rows, last: last ?? 0 };
}

const ids = (db: Db, query: SQL) => db.values<[number]>(query).map(([id]) => id);

/** Users whose name, surname, "name surname", email or matricola contains the term. */
export const matchingUsers = (term: string) => rowsContaining("users_fts", term);
/** Items whose name contains the term. */
export const matchingItems = (term: string) => rowsContaining("inventario_fts", term, ["nome"]);

/**
 * Units whose code holds the term while their item's name does not (see `unitsOfItemsNotNamed`), which
 * every loan or request search reads: a loan or request of a unit whose item matches is already found
 * through its item, and unit codes are mostly made from item names, so this keeps "canon" from reaching the
 * same tens of thousands of loans twice. Usually none are left.
 */
export const unitsOfOtherItems = keptPerTerm(
  (db, term) => ids(db, unitsOfItemsNotNamed(term)),
  (units) => units.length,
);

/**
 * The items and people a term matches, read only when rows were written since a kept total: a term's first
 * search counts its matches in SQL and has no use for them.
 */
export const termMatches = keptPerTerm(
  (db, term): TermMatches => ({
    items: new Set(ids(db, matchingItems(term))),
    users: new Set(ids(db, matchingUsers(term))),
  }),
  (matches) => matches.items.size + matches.users.size,
);

/** How a list's kept total of one search is brought up to date. */
export interface KeptSearchTotal {
  list: SearchedList;
  term: string;
  /**
   * The list's rows after `after`, up to `upTo`, each as its item, its borrower, and 1 when its own text
   * holds the term (a loan to someone without an account), else 0.
   */
  rowsBetween: (after: number, upTo: number) => SQL;
}

/** How many of the rows written between two kept totals the search matches. */
function matchesAmong(db: Db, search: KeptSearchTotal, after: number, upTo: number): number {
  const { items, users } = termMatches(db, search.term);
  return db
    .values<[number, number | null, number]>(search.rowsBetween(after, upTo))
    .filter(([item, user, ownText]) => items.has(item) || (user !== null && users.has(user)) || ownText === 1).length;
}

/** The search's total: the kept one plus the matches among the rows written since, or `countAll()` afresh. */
export function keptSearchTotal(db: Db, search: KeptSearchTotal, countAll: () => number): number {
  const totals = keptTotals.get(db) ?? new Map<string, KeptTotal>();
  keptTotals.set(db, totals);
  const key = `${search.list}\u0000${search.term}`;
  const start = stampOf(db, search.list);
  const known = totals.get(key);
  const total =
    known && known.text === start.text && known.rows === start.rows
      ? known.total + (start.last > known.upTo ? matchesAmong(db, search, known.upTo, start.last) : 0)
      : countAll();
  // Kept only when nothing was written meanwhile: a row landing between two reads is counted next time.
  const end = stampOf(db, search.list);
  if (end.text === start.text && end.rows === start.rows && end.last === start.last) {
    totals.delete(key);
    totals.set(key, { ...start, upTo: start.last, total });
    if (totals.size > KEPT_TOTALS) totals.delete(totals.keys().next().value as string);
  } else totals.delete(key);
  return total;
}

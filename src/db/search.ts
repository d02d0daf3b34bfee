import { type Column, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Substring search through the trigram FTS5 indexes (migration 0006): each one mirrors a table's
 * searchable text under the same rowid, kept in step by triggers. These are the columns searched; an
 * index may hold others for a narrower question (`unitsOfItemsNotNamed`).
 */
export const SEARCH_INDEXES = {
  inventario_fts: ["nome", "seriale", "note"],
  unita_fts: ["codice_univoco"],
  users_fts: ["nome_completo", "email", "matricola"],
} as const;

type SearchIndex = keyof typeof SEARCH_INDEXES;

/** A trigram index answers terms of three characters or more; shorter ones are compared row by row. */
const TRIGRAM = 3;

/**
 * `SELECT rowid …` of the rows whose columns (all of the index's by default) contain `term`, ignoring
 * case: for `IN (…)` in a list's condition.
 */
export function rowsContaining<T extends SearchIndex>(
  index: T,
  term: string,
  columns: ReadonlyArray<(typeof SEARCH_INDEXES)[T][number]> = SEARCH_INDEXES[index],
): SQL {
  const table = sql.raw(index);
  if ([...term].length >= TRIGRAM) {
    const phrase = `{${columns.join(" ")}} : "${term.replaceAll('"', '""')}"`;
    return sql`SELECT rowid FROM ${table} WHERE ${table} MATCH ${phrase}`;
  }
  const anyColumn = sql.join(
    columns.map((column) => containsText(sql.raw(column), term)),
    sql` OR `,
  );
  return sql`SELECT rowid FROM ${table} WHERE (${anyColumn})`;
}

/**
 * `SELECT rowid …` of the units whose code contains `term` while their item's name does not (as
 * `inventario_fts` matches names): `unita_fts` keeps each unit's item name beside its code for this
 * (migration 0021), so FTS5 answers it without reading the units.
 */
export function unitsOfItemsNotNamed(term: string): SQL {
  if ([...term].length >= TRIGRAM) {
    const phrase = `"${term.replaceAll('"', '""')}"`;
    return sql`SELECT rowid FROM unita_fts WHERE unita_fts MATCH ${`{codice_univoco} : ${phrase} NOT {nome_oggetto} : ${phrase}`}`;
  }
  return sql`SELECT rowid FROM unita_fts WHERE ${containsText(sql.raw("codice_univoco"), term)} AND NOT coalesce(${containsText(sql.raw("nome_oggetto"), term)}, 0)`;
}

/** `column LIKE '%term%'`, the term's own wildcards taken literally: for the few rows no index covers. */
export function containsText(column: Column | SQL, term: string): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/** Values kept per term, per connection: the most recently used. */
const KEPT_TERMS = 100;

/** Keeps `value` under `key` as the most recently used, dropping the least recently used beyond `KEPT_TERMS`. */
export function rememberTerm<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  map.set(key, value);
  if (map.size > KEPT_TERMS) map.delete(map.keys().next().value as string);
}

/**
 * The version of the searched text and of what a search's order and tabs read: items' names, serials,
 * notes, dates added and archiving, unit codes, people's names, emails, matricole and roles. Triggers bump
 * it (migration 0022); loans, requests and unit states leave it alone.
 */
export function searchTextVersion(db: Db): number {
  return db.values<[number]>(sql`SELECT version FROM search_versions WHERE name = 'testi'`)[0]?.[0] ?? 0;
}

/**
 * What `build` works out from a term and the searched text alone (which rows match, in which order), kept
 * per connection until that text changes: a search left open on a list is asked again after every loan,
 * request or return, none of which changes it. `variant` tells apart what one term keeps in several forms
 * (one per order, say).
 */
export function keptPerTerm<V>(
  build: (db: Db, term: string, variant: string) => V,
): (db: Db, term: string, variant?: string) => V {
  const kept = new WeakMap<Db, Map<string, { text: number; value: V }>>();
  return (db, term, variant = "") => {
    const terms = kept.get(db) ?? new Map<string, { text: number; value: V }>();
    kept.set(db, terms);
    const text = searchTextVersion(db);
    const key = `${variant}\u0000${term}`;
    const known = terms.get(key);
    const entry = known && known.text === text ? known : { text, value: build(db, term, variant) };
    rememberTerm(terms, key, entry);
    return entry.value;
  };
}

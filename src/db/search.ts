import { type Column, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Substring search through the trigram FTS5 indexes (migration 0006): each one mirrors a table's
 * searchable text under the same rowid, kept in step by triggers. These are the columns searched; an
 * index may hold others for a narrower question (`unitsOfItemsNotNamed`).
 */
export const SEARCH_INDEXES = {
  inventario_fts: ["nome", "seriale", "note", "marca", "modello"],
  unita_fts: ["codice_univoco", "numero_serie", "note"],
  users_fts: ["nome_completo", "email", "matricola"],
} as const;

type SearchIndex = keyof typeof SEARCH_INDEXES;

/** A trigram index answers terms of three characters or more; shorter ones are compared row by row. */
const TRIGRAM = 3;

/**
 * A term FTS5 can look up. FTS5 and LIKE read a term only up to a NUL character (a NUL in a phrase made
 * FTS5 fail: a 500 and an incident), so a term holding one is compared row by row with instr(), which
 * reads it whole: NUL is searched for as the character it is.
 */
const indexable = (term: string) => [...term].length >= TRIGRAM && !term.includes("\u0000");

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
  if (indexable(term)) {
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
 * `SELECT rowid …` of the units whose code, serial or notes contain `term` while their item's name does
 * not (as `inventario_fts` matches names): `unita_fts` keeps each unit's item name beside its code for
 * this (migration 0021), so FTS5 answers it without reading the units.
 */
export function unitsOfItemsNotNamed(term: string): SQL {
  const unitColumns = SEARCH_INDEXES.unita_fts;
  if (indexable(term)) {
    const phrase = `"${term.replaceAll('"', '""')}"`;
    return sql`SELECT rowid FROM unita_fts WHERE unita_fts MATCH ${`{${unitColumns.join(" ")}} : ${phrase} NOT {nome_oggetto} : ${phrase}`}`;
  }
  const anyUnitColumn = sql.join(
    unitColumns.map((column) => sql`coalesce(${containsText(sql.raw(column), term)}, 0)`),
    sql` OR `,
  );
  return sql`SELECT rowid FROM unita_fts WHERE (${anyUnitColumn}) AND NOT coalesce(${containsText(sql.raw("nome_oggetto"), term)}, 0)`;
}

/**
 * `column LIKE '%term%'`, the term's own wildcards taken literally: for the few rows no index covers. A
 * term holding a NUL (see `indexable`) goes to instr() instead, on lower() text: the same ASCII-only
 * case folding as LIKE.
 */
export function containsText(column: Column | SQL, term: string): SQL {
  if (term.includes("\u0000")) return sql`instr(lower(${column}), lower(${term})) > 0`;
  const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
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
 * How many ids the matches kept per term may hold in all, per connection and per kind: about 2 MB of
 * arrays, a few more as sets. A term of one or two letters matches most rows, and a client sending many
 * of them must not fill the server's memory: the least recently used are dropped first.
 */
export const KEPT_MATCH_IDS = 200_000;

interface KeptMatches<V> {
  text: number;
  value: V;
  ids: number;
}

/**
 * What `build` works out from a term and the searched text alone (which rows match, in which order), kept
 * per connection until that text changes: a search left open on a list is asked again after every loan,
 * request or return, none of which changes it. `variant` tells apart what one term keeps in several forms
 * (one per order, say); `idsIn` says how many ids a value holds, for the budget above.
 */
export function keptPerTerm<V>(
  build: (db: Db, term: string, variant: string) => V,
  idsIn: (value: V) => number,
): (db: Db, term: string, variant?: string) => V {
  const kept = new WeakMap<Db, { terms: Map<string, KeptMatches<V>>; ids: number }>();
  return (db, term, variant = "") => {
    const store = kept.get(db) ?? { terms: new Map<string, KeptMatches<V>>(), ids: 0 };
    kept.set(db, store);
    const text = searchTextVersion(db);
    const key = `${variant}\u0000${term}`;
    const known = store.terms.get(key);
    if (known) {
      store.terms.delete(key);
      store.ids -= known.ids;
    }
    const entry = known && known.text === text ? known : fresh(build(db, term, variant), text, idsIn);
    for (const [oldest, value] of store.terms) {
      if (store.ids + entry.ids <= KEPT_MATCH_IDS) break;
      store.terms.delete(oldest);
      store.ids -= value.ids;
    }
    if (entry.ids <= KEPT_MATCH_IDS) {
      store.terms.set(key, entry);
      store.ids += entry.ids;
    }
    return entry.value;
  };
}

function fresh<V>(value: V, text: number, idsIn: (value: V) => number): KeptMatches<V> {
  return { text, value, ids: idsIn(value) };
}

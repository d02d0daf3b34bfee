import { type Column, type SQL, sql } from "drizzle-orm";

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

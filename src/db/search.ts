import { type Column, type SQL, sql } from "drizzle-orm";

/**
 * Substring search through the trigram FTS5 indexes (migration 0006): each one mirrors a table's
 * searchable text under the same rowid, kept in step by triggers.
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

/** `column LIKE '%term%'`, the term's own wildcards taken literally: for the few rows no index covers. */
export function containsText(column: Column | SQL, term: string): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

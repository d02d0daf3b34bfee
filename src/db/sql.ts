import { type Column, getTableName, type Placeholder, type SQL, sql } from "drizzle-orm";

/**
 * A column written as "table"."column". Needed inside correlated subqueries: drizzle leaves columns
 * unqualified in single-table selects, and an unqualified "id" would bind to the subquery's table.
 */
export function qualified(column: Column): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}

/**
 * `column IN (ids)` with the ids bound as one JSON array: drizzle's `inArray` binds one parameter per id,
 * and building and preparing a query with 500 of them cost more than reading the rows. In a prepared query
 * (src/db/prepared.ts) the ids are a placeholder, bound with `idList`.
 */
export function inIds(column: Column | SQL, ids: readonly number[] | Placeholder): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${Array.isArray(ids) ? idList(ids) : ids}))`;
}

/** The value `inIds` binds for a list of ids. */
export function idList(ids: readonly number[]): string {
  return JSON.stringify(ids);
}

/**
 * `('a', 'b')` for a raw SQL `in` test from a list of the domain's constants, written as literals so
 * the planner sees the same query as a hand-written one. Only for constants, never for user input.
 */
export function literalList(values: readonly string[]): SQL {
  return sql.raw(quotedList(values));
}

/** The same list as text, for queries written by hand. */
export function quotedList(values: readonly string[]): string {
  return `(${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ")})`;
}

/**
 * A JSON true or false for `json_object`, by an SQL condition, in a query written by hand. The two
 * constants are parsed once per statement; `json(CASE … 'true' …)` parsed one per row (a fifth of a whole
 * request list's text at five times the academy).
 */
export function jsonBoolean(condition: string): string {
  return `CASE WHEN ${condition} THEN json('true') ELSE json('false') END`;
}

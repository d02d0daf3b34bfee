import { type Column, getTableName, type SQL, sql } from "drizzle-orm";

/**
 * A column written as "table"."column". Needed inside correlated subqueries: drizzle leaves columns
 * unqualified in single-table selects, and an unqualified "id" would bind to the subquery's table.
 */
export function qualified(column: Column): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}

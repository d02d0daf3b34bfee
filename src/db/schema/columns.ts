import { integer, type ReferenceConfig } from "drizzle-orm/sqlite-core";

/** The row id of a table whose rows are named by a number of their own. */
export const rowId = () => integer("id").primaryKey({ autoIncrement: true });

/** The place of a row among its siblings (a kit's lines, an item's courses), first at 0. */
export const position = () => integer("posizione").notNull().default(0);

/**
 * A required link to another table's row, in column `name`. `{ onDelete: "cascade" }` for rows that
 * only make sense with the row they belong to.
 */
export const requiredLink = <Name extends string>(
  name: Name,
  target: ReferenceConfig["ref"],
  actions?: ReferenceConfig["actions"],
) => integer(name).notNull().references(target, actions);

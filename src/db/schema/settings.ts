import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The academy's settings: one row (id 1) holding the JSON of the values the desk has changed. Values not
 * stored take their defaults (src/domain/academy-settings.ts), so a new setting needs no migration.
 */
export const impostazioni = sqliteTable("impostazioni", {
  id: integer("id").primaryKey(),
  valori: text("valori").notNull(),
  updatedAt: text("updated_at").notNull(),
});

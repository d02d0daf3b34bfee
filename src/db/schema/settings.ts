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

/**
 * The last check of the LDAP accounts against the directory (one row, id 1): kept across restarts, so
 * that Sistema still shows it and a restart does not ask the directory again at once. Counts only.
 */
export const controlloDirectory = sqliteTable("controllo_directory", {
  id: integer("id").primaryKey(),
  eseguitoIl: text("eseguito_il").notNull(),
  // The academy's calendar day it ran on (YYYY-MM-DD): a completed check stands for that day.
  giorno: text("giorno").notNull(),
  esito: text("esito", { enum: ["completato", "directory_non_raggiungibile", "certificato_non_valido"] }).notNull(),
  accountControllati: integer("account_controllati").notNull(),
  accountScomparsi: integer("account_scomparsi").notNull(),
});

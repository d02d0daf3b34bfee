import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The tables of the read model: what triggers keep true on every write, so that lists and counts read
 * them instead of counting again. The triggers live in the migrations, where SQLite needs them; what keeps
 * each counter true, and how to rebuild it, is in src/read-model/counters/.
 */

/** A version per resource, bumped by the triggers of migration 0006: the response cache's key. */
export const dataVersions = sqliteTable("data_versions", {
  resource: text("resource").primaryKey(),
  version: integer("version").notNull().default(0),
});

/** The items each write named (migrations 0014, 0020): src/read-model/item-journal.ts reads it. */
export const itemChanges = sqliteTable("item_changes", {
  seq: integer("seq").primaryKey({ autoIncrement: true }),
  inventarioId: integer("inventario_id").notNull(),
});

/** Versions of what can change a search match already counted (migration 0022): src/read-model/kept-search.ts. */
export const searchVersions = sqliteTable("search_versions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull().default(0),
});

/** A counter table's count, kept true by the triggers its file in src/read-model/counters/ names. */
const tally = () => integer("quanti").notNull().default(0);

/** Loans per state (migration 0015). */
export const prestitiPerStato = sqliteTable("prestiti_per_stato", {
  stato: text("stato").primaryKey(),
  quanti: tally(),
});

/** Accounts per role (migration 0015). */
export const usersPerRuolo = sqliteTable("users_per_ruolo", {
  ruolo: text("ruolo").primaryKey(),
  quanti: tally(),
});

/** Open loans per due day (migration 0038). */
export const prestitiApertiPerRientro = sqliteTable("prestiti_aperti_per_rientro", {
  dataRientro: text("data_rientro").primaryKey(),
  quanti: tally(),
});

/** Requests per state (migration 0017). */
export const richiestePerStato = sqliteTable("richieste_per_stato", {
  stato: text("stato").primaryKey(),
  quanti: tally(),
});

/** Loans per item (migration 0018). */
export const prestitiPerOggetto = sqliteTable("prestiti_per_oggetto", {
  inventarioId: integer("inventario_id").primaryKey(),
  quanti: tally(),
});

/** Requests per item (migration 0018). */
export const richiestePerOggetto = sqliteTable("richieste_per_oggetto", {
  inventarioId: integer("inventario_id").primaryKey(),
  quanti: tally(),
});

/** Active items per course (migration 0023). */
export const oggettiPerCorso = sqliteTable("oggetti_per_corso", {
  corsoId: integer("corso_id").primaryKey(),
  quanti: tally(),
});

/*
 * The search indexes: SQLite FTS5 tables with the trigram tokenizer (migrations 0006, 0021), filled by
 * triggers. drizzle-kit cannot write `CREATE VIRTUAL TABLE`: they are declared here for their columns and
 * made by the migrations' own SQL, so a change to one is written by hand as a migration.
 */
export const inventarioFts = sqliteTable("inventario_fts", {
  nome: text("nome"),
  seriale: text("seriale"),
  note: text("note"),
  marca: text("marca"),
  modello: text("modello"),
});

export const unitaFts = sqliteTable("unita_fts", {
  codiceUnivoco: text("codice_univoco"),
  nomeOggetto: text("nome_oggetto"),
  numeroSerie: text("numero_serie"),
  note: text("note"),
});

export const usersFts = sqliteTable("users_fts", {
  nomeCompleto: text("nome_completo"),
  email: text("email"),
  matricola: text("matricola"),
});

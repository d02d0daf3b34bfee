import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { position, requiredLink, rowId } from "./columns";

export const corsi = sqliteTable("corsi", {
  id: rowId(),
  nome: text("nome").notNull().unique(),
  // An archived course keeps its items and students but is no longer offered to new registrations.
  archiviato: integer("archiviato", { mode: "boolean" }).notNull().default(false),
});

export const categorie = sqliteTable("categorie", {
  id: rowId(),
  nome: text("nome").notNull().unique(),
});

export const inventario = sqliteTable(
  "inventario",
  {
    id: rowId(),
    nome: text("nome").notNull(),
    note: text("note"),
    posizione: text("posizione"),
    fornitore: text("fornitore"),
    marca: text("marca"),
    modello: text("modello"),
    // A serial that belongs to the whole item (older records); a unit's own is `unita.numero_serie`.
    seriale: text("seriale"),
    immagineUrl: text("immagine_url"),
    /** Accessories to check at hand-over and return, one per line (e.g. "Batteria\nCaricatore"). */
    checklist: text("checklist"),
    tipoPrestito: text("tipo_prestito", { enum: ["solo_esterno", "solo_interno", "entrambi"] })
      .notNull()
      .default("solo_esterno"),
    // The item's own longest external loan in days, overriding the academy's `durata_massima_giorni`.
    durataMassimaGiorni: integer("durata_massima_giorni"),
    categoriaId: integer("categoria_id").references(() => categorie.id, { onDelete: "set null" }),
    dataAggiunta: text("data_aggiunta").notNull(),
    // An archived item keeps its history (loans, repairs, statistics) but is hidden from every list.
    archivedAt: text("archived_at"),
  },
  (table) => [
    // The list's order, as a person reads it: "lente" before "Zaino".
    index("inventario_nome_idx").on(sql`${table.nome} collate nocase`, table.id),
    index("inventario_categoria_idx").on(table.categoriaId),
  ],
);

export const inventarioCorsi = sqliteTable(
  "inventario_corsi",
  {
    inventarioId: requiredLink("inventario_id", () => inventario.id, { onDelete: "cascade" }),
    corsoId: requiredLink("corso_id", () => corsi.id, { onDelete: "cascade" }),
    // Order of assignment: the first course is the item's categoria_madre.
    posizione: position(),
  },
  (table) => [
    primaryKey({ columns: [table.inventarioId, table.corsoId] }),
    index("inventario_corsi_corso_idx").on(table.corsoId),
  ],
);

export const unita = sqliteTable(
  "unita",
  {
    id: rowId(),
    inventarioId: requiredLink("inventario_id", () => inventario.id, { onDelete: "cascade" }),
    codiceUnivoco: text("codice_univoco").notNull(),
    // textKey(codice_univoco): what makes two codes "the same" (see src/domain/text-key.ts).
    codiceChiave: text("codice_chiave").notNull(),
    note: text("note"),
    numeroSerie: text("numero_serie"),
    /** YYYY-MM-DD. */
    dataAcquisto: text("data_acquisto"),
    /** In euros. */
    valore: real("valore"),
    perso: integer("perso", { mode: "boolean" }).notNull().default(false),
    archivedAt: text("archived_at"),
  },
  (table) => [
    uniqueIndex("unita_codice_chiave_unique").on(table.codiceChiave),
    // Covering for the per-item unit counts: listed units are the ones not archived.
    index("unita_inventario_idx").on(table.inventarioId, table.archivedAt),
  ],
);

/**
 * What the desk chose for a spreadsheet column the last time it imported one: the column's name (as
 * `importColumnKey` folds it) and the field it fills, "" for a column left out on purpose.
 */
export const mappatureImport = sqliteTable("mappature_import", {
  colonna: text("colonna").primaryKey(),
  campo: text("campo").notNull(),
});

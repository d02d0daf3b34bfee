import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { corsi, inventario, unita } from "./inventory";

/** The desk's templates of a set: lines (a model × quantity, or a pinned unit) and untracked accessories. */
export const kit = sqliteTable("kit", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  nome: text("nome").notNull(),
  descrizione: text("descrizione"),
  createdAt: text("created_at").notNull(),
  // A kit with history is archived, never deleted: the sets booked from it keep its name.
  archivedAt: text("archived_at"),
});

export const kitCorsi = sqliteTable(
  "kit_corsi",
  {
    kitId: integer("kit_id")
      .notNull()
      .references(() => kit.id, { onDelete: "cascade" }),
    corsoId: integer("corso_id")
      .notNull()
      .references(() => corsi.id),
  },
  (table) => [primaryKey({ columns: [table.kitId, table.corsoId] }), index("kit_corsi_corso_idx").on(table.corsoId)],
);

export const kitRighe = sqliteTable(
  "kit_righe",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kitId: integer("kit_id")
      .notNull()
      .references(() => kit.id, { onDelete: "cascade" }),
    inventarioId: integer("inventario_id")
      .notNull()
      .references(() => inventario.id),
    quantita: integer("quantita").notNull().default(1),
    // A pinned unit, such as a body always lent with its own cage; null means any free unit of the model.
    unitId: integer("unit_id").references(() => unita.id),
  },
  (table) => [index("kit_righe_kit_idx").on(table.kitId)],
);

export const kitAccessori = sqliteTable(
  "kit_accessori",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kitId: integer("kit_id")
      .notNull()
      .references(() => kit.id, { onDelete: "cascade" }),
    nome: text("nome").notNull(),
    quantita: integer("quantita").notNull().default(1),
  },
  (table) => [index("kit_accessori_kit_idx").on(table.kitId)],
);

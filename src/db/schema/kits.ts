import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { position, requiredLink, rowId } from "./columns";
import { corsi, inventario, unita } from "./inventory";

/**
 * A kit: the desk's template of what a shoot takes (lines of items or pinned units, plus accessories
 * that are not tracked as units). Booking a kit makes a set; the kit itself holds nothing. A deleted kit
 * is archived, so that the sets booked from it keep its name.
 */
export const kit = sqliteTable(
  "kit",
  {
    id: rowId(),
    nome: text("nome").notNull(),
    descrizione: text("descrizione"),
    createdAt: text("created_at").notNull(),
    archivedAt: text("archived_at"),
    /** The name folded for comparison: two live kits may not share it. */
    nomeChiave: text("nome_chiave").notNull().default(""),
    updatedAt: text("updated_at").notNull().default(""),
  },
  (table) => [uniqueIndex("kit_nome_vivo_idx").on(table.nomeChiave).where(sql`archived_at is null`)],
);

export const kitCorsi = sqliteTable(
  "kit_corsi",
  {
    kitId: requiredLink("kit_id", () => kit.id, { onDelete: "cascade" }),
    corsoId: requiredLink("corso_id", () => corsi.id),
    posizione: position(),
  },
  (table) => [primaryKey({ columns: [table.kitId, table.corsoId] }), index("kit_corsi_corso_idx").on(table.corsoId)],
);

/** A line of a kit: `quantita` units of an item, any free ones, or one pinned unit (`unit_id`). */
export const kitRighe = sqliteTable(
  "kit_righe",
  {
    id: rowId(),
    kitId: requiredLink("kit_id", () => kit.id, { onDelete: "cascade" }),
    inventarioId: requiredLink("inventario_id", () => inventario.id),
    quantita: integer("quantita").notNull().default(1),
    // A pinned unit stays in the inventory while a kit names it (see src/modules/kits/pins.ts).
    unitId: integer("unit_id").references(() => unita.id),
    posizione: position(),
  },
  (table) => [
    index("kit_righe_kit_idx").on(table.kitId),
    index("kit_righe_inventario_idx").on(table.inventarioId),
    // The Banco's scan finds the kits a unit is pinned to.
    index("kit_righe_unit_idx").on(table.unitId),
  ],
);

/** Accessories handed out with a kit and ticked at the counter, not tracked as units. */
export const kitAccessori = sqliteTable(
  "kit_accessori",
  {
    id: rowId(),
    kitId: requiredLink("kit_id", () => kit.id, { onDelete: "cascade" }),
    nome: text("nome").notNull(),
    quantita: integer("quantita").notNull().default(1),
    posizione: position(),
  },
  (table) => [index("kit_accessori_kit_idx").on(table.kitId)],
);

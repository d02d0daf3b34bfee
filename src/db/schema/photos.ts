import { blob, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { requiredLink, rowId } from "./columns";
import { inventario, unita } from "./inventory";
import { segnalazioni } from "./repairs";
import { users } from "./users";

/**
 * Photos, re-encoded as JPEG by the server, kept inside the database so that its backup (one file)
 * carries them. An item's photos (`unita_id` set: a photo of that unit) come in upload order; a fault
 * report's photo has `segnalazione_id`, and its item for who may see it. Deleting the item, unit or
 * report deletes its photos.
 */
export const foto = sqliteTable(
  "foto",
  {
    id: rowId(),
    inventarioId: requiredLink("inventario_id", () => inventario.id, { onDelete: "cascade" }),
    unitaId: integer("unita_id").references(() => unita.id, { onDelete: "cascade" }),
    segnalazioneId: integer("segnalazione_id").references(() => segnalazioni.id, { onDelete: "cascade" }),
    jpeg: blob("jpeg", { mode: "buffer" }).notNull(),
    larghezza: integer("larghezza").notNull(),
    altezza: integer("altezza").notNull(),
    caricataDa: integer("caricata_da").references(() => users.id, { onDelete: "set null" }),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("foto_inventario_idx").on(table.inventarioId, table.segnalazioneId),
    index("foto_segnalazione_idx").on(table.segnalazioneId),
  ],
);

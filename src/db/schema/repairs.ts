import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { requiredLink, rowId } from "./columns";
import { inventario, unita } from "./inventory";
import { prestiti } from "./loans";
import { users } from "./users";

export const riparazioni = sqliteTable(
  "riparazioni",
  {
    id: rowId(),
    inventarioId: requiredLink("inventario_id", () => inventario.id),
    unitId: requiredLink("unit_id", () => unita.id),
    descrizione: text("descrizione").notNull(),
    noteTecniche: text("note_tecniche"),
    priorita: text("priorita", { enum: ["bassa", "media", "alta", "critica"] })
      .notNull()
      .default("media"),
    stato: text("stato", { enum: ["in_corso", "completata", "annullata"] })
      .notNull()
      .default("in_corso"),
    dataInizio: text("data_inizio").notNull(),
    dataFine: text("data_fine"),
    segnalazioneId: integer("segnalazione_id"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("riparazioni_unit_stato_idx").on(table.unitId, table.stato),
    index("riparazioni_stato_idx").on(table.stato),
  ],
);

export const segnalazioni = sqliteTable(
  "segnalazioni",
  {
    id: rowId(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    inventarioId: requiredLink("inventario_id", () => inventario.id),
    unitId: requiredLink("unit_id", () => unita.id),
    prestitoId: integer("prestito_id").references(() => prestiti.id, { onDelete: "set null" }),
    tipo: text("tipo", { enum: ["guasto", "danneggiamento", "malfunzionamento", "perdita"] }).notNull(),
    urgenza: text("urgenza", { enum: ["bassa", "media", "alta", "critica"] }).notNull(),
    messaggio: text("messaggio").notNull(),
    stato: text("stato", { enum: ["aperta", "in_corso", "risolta", "chiusa"] })
      .notNull()
      .default("aperta"),
    riparazioneId: integer("riparazione_id").references(() => riparazioni.id, { onDelete: "set null" }),
    handledBy: integer("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: text("handled_at"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("segnalazioni_user_idx").on(table.userId),
    index("segnalazioni_stato_idx").on(table.stato, table.createdAt),
    // The dashboard's newest reports, read from the end of this index whatever the history's length.
    index("segnalazioni_created_idx").on(table.createdAt, table.id),
  ],
);

import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { EXTENSION_STATE, EXTENSION_STATES } from "../../domain/extensions";
import { requiredLink, rowId } from "./columns";
import { prestiti } from "./loans";
import { prenotazioni } from "./sets";
import { users } from "./users";

/**
 * An extension of a loan (`proroga`): a student's request the desk approves or refuses, or the desk's own
 * extension, approved as it is made. A set's extension is one row, on the line it was asked from, and moves
 * every open line of the set. `dal` is the due date it replaces: the history of a loan's due dates.
 */
export const proroghe = sqliteTable(
  "proroghe",
  {
    id: rowId(),
    prestitoId: requiredLink("prestito_id", () => prestiti.id, { onDelete: "cascade" }),
    prenotazioneId: integer("prenotazione_id").references(() => prenotazioni.id),
    // Null once the student's account is deleted.
    utenteId: integer("utente_id").references(() => users.id, { onDelete: "set null" }),
    dal: text("dal").notNull(),
    al: text("al").notNull(),
    motivo: text("motivo"),
    stato: text("stato", { enum: EXTENSION_STATES }).notNull().default(EXTENSION_STATE.pending),
    motivoRifiuto: text("motivo_rifiuto"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: text("created_at").notNull(),
    handledBy: integer("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: text("handled_at"),
  },
  (table) => [
    index("proroghe_prestito_idx").on(table.prestitoId, table.stato),
    index("proroghe_stato_idx").on(table.stato, table.createdAt),
  ],
);

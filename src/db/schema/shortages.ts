import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { rowId } from "./columns";
import { prestiti } from "./loans";
import { prenotazioni } from "./sets";
import { users } from "./users";

/**
 * An accessory that did not come back: open until the desk resolves it. It belongs either to a set
 * (`prenotazione_id`) or to a single loan (`prestito_id`); `utente_id` is the student who owes it, kept on
 * the row so a student's mancanze are read without going through either.
 */
export const mancanze = sqliteTable(
  "mancanze",
  {
    id: rowId(),
    prenotazioneId: integer("prenotazione_id").references(() => prenotazioni.id, { onDelete: "cascade" }),
    prestitoId: integer("prestito_id").references(() => prestiti.id, { onDelete: "cascade" }),
    utenteId: integer("utente_id").references(() => users.id, { onDelete: "set null" }),
    nome: text("nome").notNull(),
    quantita: integer("quantita").notNull(),
    esito: text("esito", { enum: ["restituito", "sostituito", "penalita"] }),
    nota: text("nota"),
    createdAt: text("created_at").notNull(),
    risoltaIl: text("risolta_il"),
    risoltaDa: integer("risolta_da").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    index("mancanze_set_idx").on(table.prenotazioneId),
    index("mancanze_prestito_idx").on(table.prestitoId),
    index("mancanze_utente_idx").on(table.utenteId, table.risoltaIl),
    index("mancanze_aperte_idx").on(table.risoltaIl, table.createdAt),
  ],
);

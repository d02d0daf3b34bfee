import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { requiredLink, rowId } from "./columns";
import { users } from "./users";

export const NOTIFICATION_KINDS = [
  "richiesta_approvata",
  "richiesta_rifiutata",
  "scadenza_domani",
  "prestito_scaduto",
  "prestito_annullato",
  "penalita",
  "account_bloccato",
  "account_sbloccato",
  "segnalazione_aggiornata",
  "mancanza",
  "proroga_approvata",
  "proroga_rifiutata",
  "promemoria_rientro",
  "attesa_offerta",
  "attesa_scaduta",
] as const;

/** A student's stored notification, written by the same transaction as the event it tells of. */
export const notifiche = sqliteTable(
  "notifiche",
  {
    id: rowId(),
    utenteId: requiredLink("utente_id", () => users.id, { onDelete: "cascade" }),
    tipo: text("tipo", { enum: NOTIFICATION_KINDS }).notNull(),
    titolo: text("titolo").notNull(),
    messaggio: text("messaggio").notNull(),
    /** The student's screen that shows what it is about, e.g. `/richieste`. */
    link: text("link"),
    /** Set for events a periodic job may see again (due tomorrow, overdue): one notification each. */
    chiave: text("chiave"),
    lettaAt: text("letta_at"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("notifiche_utente_idx").on(table.utenteId, table.createdAt),
    uniqueIndex("notifiche_chiave_unique").on(table.utenteId, table.chiave).where(sql`chiave is not null`),
  ],
);

import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { DEMAND_EVENT_KINDS, WAIT_STATES } from "../../domain/demand";
import { requiredLink, rowId } from "./columns";
import { inventario, unita } from "./inventory";
import { kit } from "./kits";
import { prenotazioni } from "./sets";
import { users } from "./users";

/**
 * What students wanted and did not get (or did not collect), one row per event, written in the same
 * transaction as the event. `utente_id` and `riferimento_id` are cleared after twelve months (the job
 * "demand-retention", src/modules/demand/events.ts): the report needs the course, never the student, so
 * the course is copied here at the time of the event.
 */
export const domandaEventi = sqliteTable(
  "domanda_eventi",
  {
    id: rowId(),
    tipo: text("tipo", { enum: DEMAND_EVENT_KINDS }).notNull(),
    utenteId: integer("utente_id").references(() => users.id, { onDelete: "set null" }),
    corso: text("corso"),
    inventarioId: integer("inventario_id").references(() => inventario.id),
    kitId: integer("kit_id").references(() => kit.id),
    dal: text("dal"),
    al: text("al"),
    /** The refusal's reason, or the words of a search with no result. */
    testo: text("testo"),
    /** The request, set or loan the event is about, when there is one. */
    riferimentoId: integer("riferimento_id"),
    /** The day of the event in the academy's zone: the report counts by it. */
    giorno: text("giorno").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("domanda_eventi_giorno_idx").on(table.giorno, table.tipo, table.inventarioId),
    index("domanda_eventi_inventario_idx").on(table.inventarioId, table.giorno),
    // The retention job reads only the events still naming a student.
    index("domanda_eventi_utente_idx").on(table.createdAt).where(sql`utente_id is not null`),
  ],
);

/**
 * The waiting list: a student queued for an item or a kit over some dates. A freed unit turns the first
 * entry into a hold (`offerta`, until `scade_il`), which takes its units in every booking check as a
 * pending request does; confirming it turns it into a request (or a set).
 */
export const attese = sqliteTable(
  "attese",
  {
    id: rowId(),
    utenteId: requiredLink("utente_id", () => users.id, { onDelete: "cascade" }),
    inventarioId: integer("inventario_id").references(() => inventario.id),
    kitId: integer("kit_id").references(() => kit.id),
    dal: text("dal").notNull(),
    al: text("al").notNull(),
    /** For an item lent both ways, the use the request will carry once the hold is confirmed. */
    tipoUtilizzo: text("tipo_utilizzo", { enum: ["interno", "esterno"] }),
    stato: text("stato", { enum: WAIT_STATES }).notNull(),
    createdAt: text("created_at").notNull(),
    offertaIl: text("offerta_il"),
    scadeIl: text("scade_il"),
    /** The request (for an item) or set (for a kit) a confirmed hold became. */
    richiestaId: integer("richiesta_id"),
    prenotazioneId: integer("prenotazione_id").references(() => prenotazioni.id),
    chiusaIl: text("chiusa_il"),
  },
  (table) => [
    index("attese_coda_idx").on(table.stato, table.inventarioId, table.kitId, table.createdAt),
    index("attese_utente_idx").on(table.utenteId, table.stato),
  ],
);

/** The units a hold takes while it lasts: one for an item, one per unit of the kit's lines. */
export const atteseUnita = sqliteTable(
  "attese_unita",
  {
    attesaId: requiredLink("attesa_id", () => attese.id, { onDelete: "cascade" }),
    // A unit never lent can be deleted: its hold goes with it.
    unitId: requiredLink("unit_id", () => unita.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.attesaId, table.unitId] }), index("attese_unita_unit_idx").on(table.unitId)],
);

import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { LOAN_STATE, LOAN_STATES, OPEN_LOAN_STATES, REQUEST_STATE, REQUEST_STATES } from "../../domain/bookings";
import { literalList } from "../sql";
import { requiredLink, rowId } from "./columns";
import { inventario, unita } from "./inventory";
import { prenotazioni } from "./sets";
import { users } from "./users";

export const richieste = sqliteTable(
  "richieste",
  {
    id: rowId(),
    utenteId: integer("utente_id").references(() => users.id, { onDelete: "set null" }),
    inventarioId: requiredLink("inventario_id", () => inventario.id),
    unitId: requiredLink("unit_id", () => unita.id),
    dal: text("dal").notNull(),
    al: text("al").notNull(),
    tipoUtilizzo: text("tipo_utilizzo", { enum: ["interno", "esterno"] }),
    note: text("note"),
    stato: text("stato", { enum: REQUEST_STATES }).notNull().default(REQUEST_STATE.pending),
    motivoRifiuto: text("motivo_rifiuto"),
    handledBy: integer("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: text("handled_at"),
    createdAt: text("created_at").notNull(),
    // The set this request is a line of; null for a single request made through the spec's call.
    prenotazioneId: integer("prenotazione_id").references(() => prenotazioni.id),
  },
  (table) => [
    index("richieste_prenotazione_idx").on(table.prenotazioneId),
    index("richieste_unit_stato_idx").on(table.unitId, table.stato, table.dal, table.al),
    index("richieste_utente_idx").on(table.utenteId, table.createdAt),
    index("richieste_stato_created_idx").on(table.stato, table.createdAt),
    // The whole list, newest first, read in stretches (src/read-model/whole-list.ts): (created_at, id) in order.
    // With the columns a search tests, a search's page walks this order from the index alone, reading only
    // the rows it keeps (at five times the default size the rows it passed over were scattered reads).
    index("richieste_created_walk_idx").on(table.createdAt, table.id, table.inventarioId, table.utenteId, table.unitId),
    // A search by item name reaches the requests through their item.
    index("richieste_inventario_idx").on(table.inventarioId),
    // Covering for the statistics: a period's requests are counted per item or borrower from the index alone.
    index("richieste_created_item_user_idx").on(table.createdAt, table.inventarioId, table.utenteId),
    // Covering for the open set: the units held by pending requests.
    index("richieste_stato_al_unit_idx").on(table.stato, table.al, table.unitId, table.inventarioId),
  ],
);

export const prestiti = sqliteTable(
  "prestiti",
  {
    id: rowId(),
    // Null once the borrower's account is deleted: chi and utente_email keep who it was.
    utenteId: integer("utente_id").references(() => users.id, { onDelete: "set null" }),
    chi: text("chi").notNull(),
    utenteEmail: text("utente_email"),
    inventarioId: requiredLink("inventario_id", () => inventario.id),
    richiestaId: integer("richiesta_id").references(() => richieste.id),
    dataUscita: text("data_uscita").notNull(),
    dataRientro: text("data_rientro").notNull(),
    dataRestituzione: text("data_restituzione"),
    tipoUtilizzo: text("tipo_utilizzo", { enum: ["interno", "esterno"] }),
    note: text("note"),
    stato: text("stato", { enum: LOAN_STATES }).notNull().default(LOAN_STATE.active),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: text("created_at").notNull(),
    // Null until the equipment changes hands at the desk: an uncollected loan is never late.
    consegnatoIl: text("consegnato_il"),
    consegnatoDa: integer("consegnato_da").references(() => users.id, { onDelete: "set null" }),
    // A loan never handed over can be cancelled (a no-show): it ends as `restituito` with no return date.
    annullatoIl: text("annullato_il"),
    annullatoDa: integer("annullato_da").references(() => users.id, { onDelete: "set null" }),
    // The set this loan is a line of (through its request); null for a loan outside any set.
    prenotazioneId: integer("prenotazione_id").references(() => prenotazioni.id),
    // The due date first agreed, once an extension (`proroghe`) has moved `data_rientro`; null until then.
    dataRientroOriginale: text("data_rientro_originale"),
    // Days already late when the desk extended an overdue loan: the return counts them with any new lateness.
    giorniRitardoPregressi: integer("giorni_ritardo_pregressi").notNull().default(0),
  },
  (table) => [
    index("prestiti_prenotazione_idx").on(table.prenotazioneId),
    index("prestiti_utente_idx").on(table.utenteId, table.stato),
    // Covering for the desk's alerts: which open loans are due on a day, whether handed over, and their
    // order (newest first), so each kind's count and first loans read no loan row.
    index("prestiti_stato_rientro_idx").on(
      table.stato,
      table.dataRientro,
      table.consegnatoIl,
      table.dataUscita,
      table.createdAt,
    ),
    // The open loans in the alerts' order (due day, then newest first): each kind's first loans are the
    // first entries of its day, with no sort of the whole day (753 loans due today at five times the
    // default academy); the other columns answer whether a loan is told as due without reading it.
    index("prestiti_aperti_per_scadenza_idx")
      .on(table.dataRientro, sql`created_at DESC`, sql`id DESC`, table.consegnatoIl, table.dataUscita)
      .where(sql`stato IN ${literalList(OPEN_LOAN_STATES)}`),
    // The open loans nobody has collected, by start day: the few the alerts tell as to collect, and those
    // the day's counts of loans due leave out.
    index("prestiti_non_consegnati_idx")
      .on(table.dataUscita, table.id, table.dataRientro, table.stato)
      .where(sql`stato IN ${literalList(OPEN_LOAN_STATES)} AND consegnato_il IS NULL`),
    index("prestiti_stato_restituzione_idx").on(table.stato, table.dataRestituzione),
    // Covering for the open set: open loans and when they start, without reading the loan rows; and for
    // the loans nobody collected, whether handed over.
    index("prestiti_stato_uscita_idx").on(table.stato, table.dataUscita, table.inventarioId, table.consegnatoIl),
    index("prestiti_inventario_idx").on(table.inventarioId),
    index("prestiti_richiesta_idx").on(table.richiestaId),
    // The list's own order, (created_at, id), with the columns a search tests first (item, borrower): a
    // search's page walks it without reading the rows it passes over (see richieste_created_walk_idx).
    index("prestiti_created_walk_idx").on(table.createdAt, table.id, table.inventarioId, table.utenteId),
  ],
);

export const prestitiUnita = sqliteTable(
  "prestiti_unita",
  {
    prestitoId: requiredLink("prestito_id", () => prestiti.id, { onDelete: "cascade" }),
    unitId: requiredLink("unit_id", () => unita.id),
    // Set when this unit comes back: the units of a loan can return one by one.
    restituitaIl: text("restituita_il"),
    condizione: text("condizione", { enum: ["ok", "danneggiato", "incompleto"] }),
    notaRientro: text("nota_rientro"),
  },
  (table) => [
    primaryKey({ columns: [table.prestitoId, table.unitId] }),
    index("prestiti_unita_unit_idx").on(table.unitId),
    // The units still out, a few thousand rows however long the history: the open set reads them from
    // here alone instead of visiting every row of the loan (at 5x, 42 ms → 5 ms).
    index("prestiti_unita_open_idx").on(table.prestitoId, table.unitId).where(sql`restituita_il IS NULL`),
    // The same rows by unit: whether a unit is out reads its open loans, not every loan it ever had (a
    // much-lent unit of the default academy has 538; two units' calendars took 1 ms instead of 3 µs).
    index("prestiti_unita_open_unit_idx").on(table.unitId).where(sql`restituita_il IS NULL`),
  ],
);

export const penalita = sqliteTable(
  "penalita",
  {
    id: rowId(),
    utenteId: requiredLink("utente_id", () => users.id, { onDelete: "cascade" }),
    prestitoId: integer("prestito_id").references(() => prestiti.id, { onDelete: "set null" }),
    articoloNome: text("articolo_nome").notNull(),
    motivo: text("motivo").notNull(),
    giorniRitardo: integer("giorni_ritardo").notNull(),
    strikeAssegnati: integer("strike_assegnati").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: text("created_at").notNull(),
    // Set when an administrator unblocks with "reset strikes": the record stays in the history but
    // no longer counts towards penalty_strikes.
    azzerataAt: text("azzerata_at"),
  },
  (table) => [index("penalita_utente_idx").on(table.utenteId)],
);

import { blob, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { SET_STATES } from "../../domain/sets";
import { requiredLink, rowId } from "./columns";
import { kit } from "./kits";
import { users } from "./users";

/**
 * A set (`prenotazione`): one student, one date range, one decision, one hand-over, one agreement, one
 * return. Its lines are spec requests (`richieste.prenotazione_id`) and, once approved, spec loans
 * (`prestiti.prenotazione_id`). `stato` is written in the same transaction as the change of its lines.
 */
export const prenotazioni = sqliteTable(
  "prenotazioni",
  {
    id: rowId(),
    // Null once the student's account is deleted: the lines' loans keep who it was.
    utenteId: integer("utente_id").references(() => users.id, { onDelete: "set null" }),
    kitId: integer("kit_id").references(() => kit.id),
    kitNome: text("kit_nome"),
    dal: text("dal").notNull(),
    al: text("al").notNull(),
    tipoUtilizzo: text("tipo_utilizzo", { enum: ["interno", "esterno"] }),
    note: text("note"),
    stato: text("stato", { enum: SET_STATES }).notNull(),
    motivoRifiuto: text("motivo_rifiuto"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: text("created_at").notNull(),
    handledBy: integer("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: text("handled_at"),
    consegnatoIl: text("consegnato_il"),
    consegnatoDa: integer("consegnato_da").references(() => users.id, { onDelete: "set null" }),
    // The agreement: a PNG data URL drawn at the desk, or the student's password confirmation.
    firmaTipo: text("firma_tipo", { enum: ["disegno", "password"] }),
    firmaPng: text("firma_png"),
    firmatoIl: text("firmato_il"),
    // The signed agreement as it was signed: served as stored, so its SHA-256 in the audit trail stays true.
    ricevutaPdf: blob("ricevuta_pdf", { mode: "buffer" }),
    ricevutaSha256: text("ricevuta_sha256"),
    restituitoIl: text("restituito_il"),
  },
  (table) => [
    index("prenotazioni_utente_idx").on(table.utenteId, table.createdAt),
    index("prenotazioni_stato_idx").on(table.stato, table.createdAt),
    index("prenotazioni_created_idx").on(table.createdAt, table.id),
  ],
);

/** The accessories a set takes out (untracked: batteries, charger, bag), from its kit or added at hand-over. */
export const prenotazioniAccessori = sqliteTable(
  "prenotazioni_accessori",
  {
    id: rowId(),
    prenotazioneId: requiredLink("prenotazione_id", () => prenotazioni.id, { onDelete: "cascade" }),
    nome: text("nome").notNull(),
    quantita: integer("quantita").notNull(),
    consegnati: integer("consegnati").notNull().default(0),
  },
  (table) => [index("prenotazioni_accessori_set_idx").on(table.prenotazioneId)],
);

/** What happened to a set, in order: created, decided, handed over (with swaps), signed, returned. */
export const prenotazioniStoria = sqliteTable(
  "prenotazioni_storia",
  {
    id: rowId(),
    prenotazioneId: requiredLink("prenotazione_id", () => prenotazioni.id, { onDelete: "cascade" }),
    evento: text("evento").notNull(),
    testo: text("testo").notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("prenotazioni_storia_set_idx").on(table.prenotazioneId, table.id)],
);

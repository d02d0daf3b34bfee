import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { requiredLink, rowId } from "./columns";
import { users } from "./users";

export const OUTBOX_STATES = ["in_coda", "inviata", "fallita"] as const;

/**
 * The e-mail outbox: a message is written by the same transaction as the event it tells of, and a
 * sender loop delivers it later, retrying with a growing pause. Nothing waits for the mail server, and
 * nothing is lost when it is down.
 */
export const postaInUscita = sqliteTable(
  "posta_in_uscita",
  {
    id: rowId(),
    destinatario: text("destinatario").notNull(),
    oggetto: text("oggetto").notNull(),
    testo: text("testo").notNull(),
    html: text("html").notNull(),
    /** For messages a periodic job may compose again (the desk's digest): each key is queued once. */
    chiave: text("chiave"),
    /**
     * A password-reset message for this user: its body holds a slot, and the link's token is made and put
     * in only when the message is sent, so no usable token is ever stored (src/modules/auth/reset-link.ts).
     */
    reimpostaPasswordDi: integer("reimposta_password_di").references(() => users.id, { onDelete: "cascade" }),
    stato: text("stato", { enum: OUTBOX_STATES }).notNull().default("in_coda"),
    tentativi: integer("tentativi").notNull().default(0),
    prossimoTentativoAt: text("prossimo_tentativo_at").notNull(),
    ultimoTentativoAt: text("ultimo_tentativo_at"),
    ultimoErrore: text("ultimo_errore"),
    createdAt: text("created_at").notNull(),
    inviataAt: text("inviata_at"),
  },
  (table) => [
    index("posta_in_uscita_coda_idx").on(table.stato, table.prossimoTentativoAt),
    index("posta_in_uscita_errore_idx").on(table.ultimoTentativoAt).where(sql`ultimo_errore is not null`),
    uniqueIndex("posta_in_uscita_chiave_unique").on(table.chiave).where(sql`chiave is not null`),
  ],
);

/** A self-service password reset link: only the token's SHA-256 is stored; it works once, for an hour. */
export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: rowId(),
    userId: requiredLink("user_id", () => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("password_reset_tokens_user_idx").on(table.userId)],
);

/**
 * How many times a person has revoked their calendar feed. The feed's token is derived from the server's
 * secret, the person and this number, so showing the link writes nothing and revoking (one more)
 * makes every older link stop working.
 */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  revoche: integer("revoche").notNull(),
  revokedAt: text("revoked_at").notNull(),
});

import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { requiredLink, rowId } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: rowId(),
    email: text("email").notNull(),
    username: text("username"),
    // textKey(username), null without a username. Emails are stored already normalised by textKey.
    usernameChiave: text("username_chiave"),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull(),
    surname: text("surname").notNull(),
    matricola: text("matricola"),
    phone: text("phone"),
    corsoAccademico: text("corso_accademico"),
    ruolo: text("ruolo", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    penaltyStrikes: integer("penalty_strikes").notNull().default(0),
    isBlocked: integer("is_blocked", { mode: "boolean" }).notNull().default(false),
    blockedReason: text("blocked_reason"),
    // Bumped by a password reset or a role change: tokens carrying an older value stop working.
    sessionVersion: integer("session_version").notNull().default(1),
    createdAt: text("created_at").notNull(),
    // The academy's directory that owns the account ("oidc" or "ldap"), null for a local account; with
    // the id it knows the person by there (OIDC "issuer subject", LDAP DN). Its name, course and role
    // follow the directory at each sign-in.
    directory: text("directory", { enum: ["oidc", "ldap"] }),
    directoryId: text("directory_id"),
    directorySyncedAt: text("directory_synced_at"),
    // Set by the daily check when the account's LDAP entry is no longer found.
    directoryGoneAt: text("directory_gone_at"),
    // A directory account whose course the student chose (no group of theirs maps to one): the
    // directory's next sign-ins leave it alone until a group maps them to a course.
    courseChosenByStudent: integer("course_chosen_by_student", { mode: "boolean" }).notNull().default(false),
    // The account's last valid day (YYYY-MM-DD): afterwards the person cannot book; null = no end.
    validoFinoAl: text("valido_fino_al"),
  },
  (table) => [
    uniqueIndex("users_directory_id_unique").on(table.directory, table.directoryId),
    uniqueIndex("users_email_unique").on(table.email),
    uniqueIndex("users_username_chiave_unique").on(table.usernameChiave),
    uniqueIndex("users_matricola_unique").on(table.matricola),
    index("users_ruolo_idx").on(table.ruolo),
    // The users list's order (surname, name, ignoring case): its pages and the whole list's stretches walk it.
    index("users_name_order_idx").on(sql`${table.surname} collate nocase`, sql`${table.name} collate nocase`),
  ],
);

export const passwordResetRequests = sqliteTable(
  "password_reset_requests",
  {
    id: rowId(),
    userId: requiredLink("user_id", () => users.id, { onDelete: "cascade" }),
    stato: text("stato", { enum: ["pending", "completed"] })
      .notNull()
      .default("pending"),
    requestedAt: text("requested_at").notNull(),
    completedAt: text("completed_at"),
    completedBy: integer("completed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    // At most one pending request per user.
    uniqueIndex("password_reset_pending_unique").on(table.userId).where(sql`stato = 'pending'`),
  ],
);

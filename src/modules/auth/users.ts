import { isDesk } from "../../access";
import type { Actor } from "../../actor";
import { jsonTextsById } from "../../db/prepared";
import { jsonBoolean } from "../../db/sql";
import type { PublicUser } from "./model";

/** The user as every answer shows it: never the password hash nor the session version. */
export function publicUser(user: Actor): PublicUser {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    username: user.username,
    matricola: user.matricola,
    phone: user.phone,
    corso_accademico: user.corsoAccademico,
    ruolo: user.ruolo,
    isAdmin: isDesk(user),
    penalty_strikes: user.penaltyStrikes,
    is_blocked: user.isBlocked,
    blocked_reason: user.blockedReason,
    created_at: user.createdAt,
    directory: user.directory,
    directory_synced_at: user.directorySyncedAt,
    valido_fino_al: user.validoFinoAl,
    scelta_corso: user.directory !== null && user.corsoAccademico === null && !isDesk(user),
  };
}

/**
 * `publicUser` as SQLite writes it, for the whole users list of thousands of accounts: the same keys in
 * the same order (user-list.test.ts checks both give the same answer).
 */
export const publicUserTexts = jsonTextsById(`
  SELECT json_object(
    'id', u.id, 'name', u.name, 'surname', u.surname, 'email', u.email, 'username', u.username,
    'matricola', u.matricola, 'phone', u.phone, 'corso_accademico', u.corso_accademico, 'ruolo', u.ruolo,
    'isAdmin', ${jsonBoolean("u.ruolo = 'admin'")},
    'penalty_strikes', u.penalty_strikes,
    'is_blocked', ${jsonBoolean("u.is_blocked")},
    'blocked_reason', u.blocked_reason, 'created_at', u.created_at, 'directory', u.directory,
    'directory_synced_at', u.directory_synced_at, 'valido_fino_al', u.valido_fino_al,
    'scelta_corso',
      ${jsonBoolean("u.directory IS NOT NULL AND u.corso_accademico IS NULL AND u.ruolo <> 'admin'")}) AS text
  FROM json_each(?) AS wanted
  JOIN users u ON u.id = wanted.value
  ORDER BY wanted.key`);

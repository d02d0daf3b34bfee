import { isDesk } from "../../access";
import type { Actor } from "../../actor";
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

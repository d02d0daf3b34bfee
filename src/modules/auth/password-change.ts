import { and, eq, isNull, sql } from "drizzle-orm";
import { passwordResetRequests, passwordResetTokens, users } from "../../db/schema";
import type { WriteTx } from "../../db/transaction";
import { passwordProblem } from "../../domain/password-policy";
import { badRequest } from "../../http/errors";
import { revokeFeedsOf } from "../calendar/service";

/*
 * Changing a password, however it is chosen: by the desk, by the user in their profile or through a
 * reset link. Both the account service and the reset link take it from here.
 */

export type MaybeText = string | null | undefined;

/** The password policy (src/domain/password-policy.ts), for every way a password is chosen. */
export function assertPasswordAcceptable(password: MaybeText): string {
  if (!password) throw badRequest("La password è obbligatoria");
  if (password.length > 256) throw badRequest("La password è troppo lunga");
  const problem = passwordProblem(password);
  if (problem) throw badRequest(problem);
  return password;
}

/**
 * A new password (already hashed) for a user, inside the caller's write transaction. Whatever someone could
 * hold from before stops working: every session, every reset link mailed to them and their calendar
 * feeds. Their pending reset requests are closed, by `completedBy` (the desk) or by no one. The caller
 * then calls `ctx.events.closeEndedSessions()` after the commit, so open live streams end at once.
 */
export function replacePassword(
  tx: WriteTx,
  userId: number,
  passwordHash: string,
  now: string,
  completedBy: number | null,
) {
  tx.update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .run();
  tx.update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
    .run();
  revokeFeedsOf(tx, userId, now);
  tx.update(passwordResetRequests)
    .set({ stato: "completed", completedAt: now, completedBy })
    .where(and(eq(passwordResetRequests.userId, userId), eq(passwordResetRequests.stato, "pending")))
    .run();
}

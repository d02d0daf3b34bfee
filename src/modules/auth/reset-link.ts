import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { passwordResetTokens, users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { badRequest } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { passwordResetMail } from "../mail/messages";
import { type MailContext, mailSetup, queueMail } from "../mail/service";
import { readSettings } from "../settings/service";
import { INVALID_RESET_LINK } from "./model";
import { assertPasswordAcceptable, replacePassword } from "./service";

/** A reset link works for an hour. */
export const RESET_LINK_MS = 3_600_000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * While e-mail is on, mails `user` a link to /reimposta-password with a new one-time token (inside the
 * caller's transaction). Only the token's hash is stored, so the database alone opens nothing.
 */
export function mailResetLink(
  db: Db,
  ctx: MailContext,
  user: { id: number; email: string; name: string },
  baseUrl: string,
): void {
  if (!mailSetup(ctx, readSettings(db))) return;
  const token = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  db.insert(passwordResetTokens)
    .values({
      userId: user.id,
      tokenHash: hashOf(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_MS).toISOString(),
      createdAt: now.toISOString(),
    })
    .run();
  const url = `${baseUrl}/reimposta-password?token=${encodeURIComponent(token)}`;
  queueMail(db, ctx, user.email, passwordResetMail({ appName: ctx.appName, name: user.name, url }));
}

/**
 * Sets the password chosen through a reset link: the token must be unused and under an hour old. Like
 * every password change, it voids all the user's links (this one included) and ends their sessions.
 */
export async function resetPasswordWithLink(ctx: AppContext, token: string, newPassword: string | null | undefined) {
  const password = assertPasswordAcceptable(newPassword);
  const passwordHash = await ctx.passwords.hash(password);
  writeTransaction(ctx.db, (tx) => {
    const now = ctx.clock.now().toISOString();
    const link = tx
      .select()
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashOf(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .get();
    if (!link) throw badRequest(INVALID_RESET_LINK);
    replacePassword(tx, link.userId, passwordHash, now, null);
    const user = tx.select().from(users).where(eq(users.id, link.userId)).get();
    if (!user) throw badRequest(INVALID_RESET_LINK);
    recordAudit(tx, ctx.clock, user, {
      action: "user.reset-password",
      entity: "user",
      entityId: user.id,
      summary: `Password reimpostata da ${user.email} con il link ricevuto per e-mail`,
    });
  });
  ctx.events.closeEndedSessions();
}

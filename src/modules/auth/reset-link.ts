import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { passwordResetRequests, passwordResetTokens, users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import type { AcademySettings } from "../../domain/academy-settings";
import { badRequest } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { passwordResetMail } from "../mail/messages";
import { type MailContext, mailBaseUrl, mailSetup, queueMail } from "../mail/service";
import { readSettings } from "../settings/service";
import { INVALID_RESET_LINK } from "./model";
import { assertPasswordAcceptable, replacePassword } from "./password-change";

/** A reset link works for an hour. */
export const RESET_LINK_MS = 3_600_000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Where a queued reset message's link has its token: the sender puts a new one there as it sends it. */
const TOKEN_SLOT = "{{token}}";

/**
 * Where reset links point: only an address someone configured (the settings' public URL, else
 * PUBLIC_URL), never the address a request came to, whose Host header anyone can forge. Null while
 * links are off: no public address, or no mail server.
 */
export function resetLinkBase(ctx: MailContext, settings: AcademySettings): string | null {
  return mailSetup(ctx, settings) ? mailBaseUrl(ctx, settings) : null;
}

/**
 * While reset links are on, queues for `user` the message with a link to /reimposta-password (inside the
 * caller's transaction). Its token is made only when the message is sent (`withNewResetToken`), so
 * neither the outbox nor any backup of it ever holds a usable one.
 */
export function mailResetLink(db: Db, ctx: MailContext, user: { id: number; email: string; name: string }): void {
  const base = resetLinkBase(ctx, readSettings(db));
  if (!base) return;
  const url = `${base}/reimposta-password?token=${TOKEN_SLOT}`;
  queueMail(db, ctx, user.email, passwordResetMail({ appName: ctx.appName, name: user.name, url }), undefined, user.id);
}

/**
 * A queued reset message of `userId`, ready to send: a new one-time token in its link, valid for an hour
 * from now, of which only the hash is stored. Null when the user's reset request was closed meanwhile
 * (the desk set a password, or another link was used): such a message is not sent. Inside the sender's
 * write transaction.
 */
export function withNewResetToken(
  db: Db,
  clock: MailContext["clock"],
  userId: number,
  message: { text: string; html: string },
): { text: string; html: string } | null {
  const pending = db
    .select({ id: passwordResetRequests.id })
    .from(passwordResetRequests)
    .where(and(eq(passwordResetRequests.userId, userId), eq(passwordResetRequests.stato, "pending")))
    .get();
  if (!pending) return null;
  const token = randomBytes(32).toString("base64url");
  const now = clock.now();
  db.insert(passwordResetTokens)
    .values({
      userId,
      tokenHash: hashOf(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_MS).toISOString(),
      createdAt: now.toISOString(),
    })
    .run();
  return { text: message.text.replaceAll(TOKEN_SLOT, token), html: message.html.replaceAll(TOKEN_SLOT, token) };
}

/** The unused, unexpired link behind `token`, or undefined. */
function liveLink(db: Db, token: string, now: string) {
  return db
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
}

/**
 * Sets the password chosen through a reset link: the token must be unused and under an hour old. Like
 * every password change, it voids all the user's links (this one included) and ends their sessions.
 */
export async function resetPasswordWithLink(ctx: AppContext, token: string, newPassword: string | null | undefined) {
  const password = assertPasswordAcceptable(newPassword);
  // Anyone may call this: a made-up token must cost one lookup, never an argon2 hash.
  if (!liveLink(ctx.db, token, ctx.clock.now().toISOString())) throw badRequest(INVALID_RESET_LINK);
  const passwordHash = await ctx.passwords.hash(password);
  writeTransaction(ctx.db, (tx) => {
    const now = ctx.clock.now().toISOString();
    // Looked up again: the link may have been used, or have expired, while the password was hashed.
    const link = liveLink(tx, token, now);
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

import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { type NOTIFICATION_KINDS, notifiche, users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { REPORT_STATE_LABELS, type ReportState } from "../../domain/repairs";
import { notFound } from "../../http/errors";
import { studentNoticeMail } from "../mail/messages";
import { type MailContext, mailBaseUrl, queueMail } from "../mail/service";
import { readSettings } from "../settings/service";
import type { NotificationList } from "./model";

/** The newest this many are listed; older ones stay stored until the student deletes them. */
const LISTED_NOTIFICATIONS = 100;

export interface NewNotification {
  userId: number;
  tipo: (typeof NOTIFICATION_KINDS)[number];
  titolo: string;
  messaggio: string;
  /** The student's screen about it. */
  link: string | null;
  /** For events a periodic job sees again and again: the same key is stored once per student. */
  chiave?: string;
}

/**
 * Tells a student about an event: in the app, and by e-mail when e-mail is on. The one place that decides
 * "tell the student X". Call it inside the transaction that makes the event happen, so a notification and
 * its e-mail exist exactly when their event does.
 */
export function notifyStudent(db: Db, ctx: MailContext, notification: NewNotification): void {
  const stored = insertNotification(db).all({
    utenteId: notification.userId,
    tipo: notification.tipo,
    titolo: notification.titolo,
    messaggio: notification.messaggio,
    link: notification.link,
    chiave: notification.chiave ?? null,
    createdAt: ctx.clock.now().toISOString(),
  });
  // A notification a job saw again was not stored again: neither is its e-mail.
  if (stored.length === 0) return;
  const student = db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, notification.userId))
    .get();
  if (!student) return;
  const mail = studentNoticeMail({
    appName: ctx.appName,
    name: student.name,
    title: notification.titolo,
    message: notification.messaggio,
    link: notification.link,
    baseUrl: mailBaseUrl(ctx, readSettings(db)),
  });
  queueMail(db, ctx, student.email, mail);
}

const insertNotification = preparedQuery((db) =>
  db
    .insert(notifiche)
    .values({
      utenteId: sql.placeholder("utenteId"),
      tipo: sql.placeholder("tipo"),
      titolo: sql.placeholder("titolo"),
      messaggio: sql.placeholder("messaggio"),
      link: sql.placeholder("link"),
      chiave: sql.placeholder("chiave"),
      createdAt: sql.placeholder("createdAt"),
    })
    .onConflictDoNothing()
    .returning({ id: notifiche.id })
    .prepare(),
);

/**
 * Tells students about events a periodic job sees again and again (each with its `chiave`): the ones
 * already stored are left out in one query first. Trying each insert only for the unique key to refuse
 * it cost a statement per open loan on every run: 100 ms at five times the default size, before the server
 * listened.
 */
export function notifyStudentsOnce(
  db: Db,
  ctx: MailContext,
  notifications: Array<NewNotification & { chiave: string }>,
) {
  if (notifications.length === 0) return;
  const pairs = JSON.stringify(notifications.map((notification) => [notification.userId, notification.chiave]));
  const stored = new Set(
    db
      .values<[number, string]>(
        sql`SELECT ${notifiche.utenteId}, ${notifiche.chiave} FROM ${notifiche}
              WHERE (${notifiche.utenteId}, ${notifiche.chiave}) IN
                (SELECT value ->> 0, value ->> 1 FROM json_each(${pairs}))`,
      )
      .map(([userId, key]) => `${userId} ${key}`),
  );
  for (const notification of notifications)
    if (!stored.has(`${notification.userId} ${notification.chiave}`)) notifyStudent(db, ctx, notification);
}

/** Tells the student who filed a report that it moved to another state (inside that change's transaction). */
export function notifyReportState(
  db: Db,
  ctx: MailContext,
  report: { id: number; userId: number | null },
  state: ReportState,
): void {
  if (report.userId === null) return;
  notifyStudent(db, ctx, {
    userId: report.userId,
    tipo: "segnalazione_aggiornata",
    titolo: "Segnalazione aggiornata",
    messaggio: `La tua segnalazione #${report.id} è ora: ${REPORT_STATE_LABELS[state]}.`,
    link: "/segnalazioni",
  });
}

/** The caller's own notifications, newest first, with how many are unread. */
export function listNotifications(ctx: AppContext, actor: Actor): NotificationList {
  const rows = ctx.db
    .select()
    .from(notifiche)
    .where(eq(notifiche.utenteId, actor.id))
    .orderBy(desc(notifiche.createdAt), desc(notifiche.id))
    .limit(LISTED_NOTIFICATIONS)
    .all();
  const unread = ctx.db
    .select({ n: count() })
    .from(notifiche)
    .where(and(eq(notifiche.utenteId, actor.id), isNull(notifiche.lettaAt)))
    .get();
  return {
    notifiche: rows.map((row) => ({
      id: row.id,
      tipo: row.tipo,
      titolo: row.titolo,
      messaggio: row.messaggio,
      link: row.link,
      letta: row.lettaAt !== null,
      created_at: row.createdAt,
    })),
    non_lette: unread?.n ?? 0,
  };
}

// Another person's notification does not exist for the caller: "by owner and id".
const ownNotification = (actor: Actor, id: number) => and(eq(notifiche.id, id), eq(notifiche.utenteId, actor.id));

export function markNotificationRead(ctx: AppContext, actor: Actor, id: number): void {
  writeTransaction(ctx.db, (tx) => {
    const notification = tx.select().from(notifiche).where(ownNotification(actor, id)).get();
    if (!notification) throw notFound("Notifica non trovata");
    if (notification.lettaAt === null)
      tx.update(notifiche).set({ lettaAt: ctx.clock.now().toISOString() }).where(eq(notifiche.id, id)).run();
  });
}

export function markAllNotificationsRead(ctx: AppContext, actor: Actor): void {
  writeTransaction(ctx.db, (tx) => {
    tx.update(notifiche)
      .set({ lettaAt: ctx.clock.now().toISOString() })
      .where(and(eq(notifiche.utenteId, actor.id), isNull(notifiche.lettaAt)))
      .run();
  });
}

export function deleteNotification(ctx: AppContext, actor: Actor, id: number): void {
  const deleted = writeTransaction(
    ctx.db,
    (tx) => tx.delete(notifiche).where(ownNotification(actor, id)).returning({ id: notifiche.id }).all().length,
  );
  if (deleted === 0) throw notFound("Notifica non trovata");
}

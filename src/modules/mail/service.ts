import { and, count, desc, eq, gte, inArray, isNotNull, lt, max } from "drizzle-orm";
import { deskAccounts } from "../../access";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { postaInUscita, prestiti, richieste, segnalazioni, users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import type { AcademySettings } from "../../domain/academy-settings";
import { LOAN_STATE, REQUEST_STATE } from "../../domain/bookings";
import { formatItalianDate } from "../../domain/dates";
import { readSettings } from "../settings/service";
import { lastWeekDemand } from "../stats/demand-digest";
import { type ComposedMail, deskDigestMail } from "./messages";
import type { MailStatus } from "./model";

/** What a module needs to queue an e-mail: the clock, the environment's mail settings, names and address. */
export type MailContext = Pick<AppContext, "clock" | "mail" | "appName" | "publicUrl" | "mailer">;

export interface MailSetup {
  smtpUrl: string;
  from: string;
}

/** The mail server and sender: the settings' own over SMTP_URL/MAIL_FROM; null while e-mail is off. */
export function mailSetup(ctx: Pick<AppContext, "mail" | "appName">, settings: AcademySettings): MailSetup | null {
  const smtpUrl = settings.smtp_url ?? ctx.mail?.smtpUrl;
  if (!smtpUrl) return null;
  const from = settings.mail_from ?? ctx.mail?.from ?? `${ctx.appName} <prestalab@${new URL(smtpUrl).hostname}>`;
  return { smtpUrl, from };
}

/** The address links in e-mails point to (settings, then PUBLIC_URL), or null when neither is set. */
export function mailBaseUrl(ctx: Pick<AppContext, "publicUrl">, settings: AcademySettings): string | null {
  return settings.url_pubblico ?? ctx.publicUrl ?? null;
}

/**
 * Puts an e-mail in the outbox, inside the caller's transaction: it exists exactly when the event that
 * caused it does. Does nothing while e-mail is off (no backlog builds up to flood a server set up later).
 * A `key` is queued once (a job composing the same message again adds nothing). `resetLinkFor` marks a
 * password-reset message of that user, whose token the sender adds. True when it was queued.
 */
export function queueMail(
  db: Db,
  ctx: MailContext,
  to: string,
  mail: ComposedMail,
  key?: string,
  resetLinkFor?: number,
): boolean {
  if (!mailSetup(ctx, readSettings(db))) return false;
  const now = ctx.clock.now().toISOString();
  const inserted = db
    .insert(postaInUscita)
    .values({
      destinatario: to,
      oggetto: mail.subject,
      testo: mail.text,
      html: mail.html,
      chiave: key ?? null,
      reimpostaPasswordDi: resetLinkFor ?? null,
      prossimoTentativoAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: postaInUscita.id })
    .all();
  if (inserted.length === 0) return false;
  // The sender's round starts on a timer, so after this transaction has committed.
  ctx.mailer?.wake();
  return true;
}

/** A message sent, or given up on, is kept this long for the Sistema page's figures, then deleted. */
export const SENT_MAIL_KEPT_DAYS = 30;

/**
 * Deletes the messages sent or given up on more than SENT_MAIL_KEPT_DAYS ago: the outbox is a queue, not
 * an archive of everything PrestaLab ever wrote to people. Run by the periodic job; returns how many went.
 */
export function pruneSentMail(ctx: Pick<AppContext, "db" | "clock">): number {
  const cutoff = new Date(ctx.clock.now().getTime() - SENT_MAIL_KEPT_DAYS * 86_400_000).toISOString();
  return writeTransaction(
    ctx.db,
    (tx) =>
      tx
        .delete(postaInUscita)
        .where(and(inArray(postaInUscita.stato, ["inviata", "fallita"]), lt(postaInUscita.ultimoTentativoAt, cutoff)))
        .returning({ id: postaInUscita.id })
        .all().length,
  );
}

/** The desk's digest is written from this hour of the academy's morning on, once a day. */
export const DIGEST_HOUR = 7;

function hourIn(timeZone: string, instant: Date): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(instant));
}

/**
 * The morning digest to every administrator: pending requests, loans due today, overdue loans and the
 * reports of the last 24 hours; on Mondays, a line on the week just ended's demand. Run by the periodic
 * job; from 07:00 on, each admin gets one a day. Returns how many were queued.
 */
export function queueDeskDigest(ctx: AppContext): number {
  const settings = readSettings(ctx.db);
  if (!mailSetup(ctx, settings)) return 0;
  const now = ctx.clock.now();
  if (hourIn(ctx.clock.timeZone, now) < DIGEST_HOUR) return 0;
  const today = ctx.clock.today();
  const since = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  const countOf = (rows: { n: number } | undefined) => rows?.n ?? 0;
  const digest = {
    date: formatItalianDate(today),
    pendingRequests: countOf(
      ctx.db.select({ n: count() }).from(richieste).where(eq(richieste.stato, REQUEST_STATE.pending)).get(),
    ),
    dueToday: countOf(
      ctx.db
        .select({ n: count() })
        .from(prestiti)
        .where(
          and(eq(prestiti.stato, LOAN_STATE.active), eq(prestiti.dataRientro, today), isNotNull(prestiti.consegnatoIl)),
        )
        .get(),
    ),
    overdue: countOf(ctx.db.select({ n: count() }).from(prestiti).where(eq(prestiti.stato, LOAN_STATE.overdue)).get()),
    newReports: countOf(
      ctx.db.select({ n: count() }).from(segnalazioni).where(gte(segnalazioni.createdAt, since)).get(),
    ),
    weeklyDemand: lastWeekDemand(ctx),
  };
  const admins = ctx.db.select({ email: users.email, name: users.name }).from(users).where(deskAccounts).all();
  const baseUrl = mailBaseUrl(ctx, settings);
  return writeTransaction(ctx.db, (tx) => {
    let queued = 0;
    for (const admin of admins) {
      const mail = deskDigestMail({ appName: ctx.appName, name: admin.name, baseUrl, ...digest });
      if (queueMail(tx, ctx, admin.email, mail, `riepilogo:${today}:${admin.email}`)) queued++;
    }
    return queued;
  });
}

/** The mail service as it really stands, for the Sistema page. */
export function mailStatus(ctx: AppContext): MailStatus {
  const setup = mailSetup(ctx, readSettings(ctx.db));
  const counts = Object.fromEntries(
    ctx.db
      .select({ stato: postaInUscita.stato, n: count() })
      .from(postaInUscita)
      .groupBy(postaInUscita.stato)
      .all()
      .map((row) => [row.stato, row.n]),
  );
  const lastError = ctx.db
    .select({ error: postaInUscita.ultimoErrore, at: postaInUscita.ultimoTentativoAt })
    .from(postaInUscita)
    .where(isNotNull(postaInUscita.ultimoErrore))
    .orderBy(desc(postaInUscita.ultimoTentativoAt))
    .limit(1)
    .get();
  const lastSent = ctx.db
    .select({ at: max(postaInUscita.inviataAt) })
    .from(postaInUscita)
    .get();
  const server = setup ? new URL(setup.smtpUrl) : null;
  return {
    configurata: setup !== null,
    server: server ? `${server.protocol}//${server.host}` : null,
    mittente: setup?.from ?? null,
    in_coda: counts.in_coda ?? 0,
    inviate: counts.inviata ?? 0,
    fallite: counts.fallita ?? 0,
    ultimo_errore: lastError?.error ?? null,
    ultimo_errore_at: lastError?.at ?? null,
    ultimo_invio_at: lastSent?.at ?? null,
  };
}

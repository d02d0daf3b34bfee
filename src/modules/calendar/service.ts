import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import ical, { type ICalCalendar } from "ical-generator";
import { isDesk, visibleLoans } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { calendarFeeds, inventario, prestiti, richieste, users } from "../../db/schema";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { OPEN_LOAN_STATES, REQUEST_STATE } from "../../domain/bookings";
import { addDays, formatItalianDate } from "../../domain/dates";
import { notFound } from "../../http/errors";

function revocations(ctx: AppContext, userId: number): number {
  return ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).get()?.revoche ?? 0;
}

/** `<user id>-<MAC of the user and their revocations>`: unguessable, and recomputed rather than stored. */
function feedToken(ctx: AppContext, userId: number, revoked: number): string {
  const mac = createHmac("sha256", ctx.jwtSecret).update(`calendario:${userId}:${revoked}`).digest("base64url");
  return `${userId}-${mac.slice(0, 32)}`;
}

/** The caller's private feed address: the same on every ask until they revoke it. */
export function feedUrl(ctx: AppContext, actor: Actor, baseUrl: string): { url: string } {
  return { url: `${baseUrl}/api/calendario/${feedToken(ctx, actor.id, revocations(ctx, actor.id))}.ics` };
}

/** Every older feed address of the user answers 404 from now on (inside the caller's transaction). */
export function revokeFeedsOf(tx: WriteTx, userId: number, revokedAt: string): void {
  tx.insert(calendarFeeds)
    .values({ userId, revoche: 1, revokedAt })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { revoche: sql`${calendarFeeds.revoche} + 1`, revokedAt },
    })
    .run();
}

/** Revokes the caller's feed: every older address answers 404, GET /api/calendario gives a new one. */
export function revokeFeed(ctx: AppContext, actor: Actor): { message: string } {
  writeTransaction(ctx.db, (tx) => revokeFeedsOf(tx, actor.id, ctx.clock.now().toISOString()));
  return { message: "Link del calendario revocato: quello vecchio non funziona più" };
}

/** The owner of a feed token, or null when it is not (or no longer) one. */
function feedOwner(ctx: AppContext, token: string) {
  const match = /^(\d{1,10})-[\w-]{32}$/.exec(token.replace(/\.ics$/, ""));
  if (!match) return null;
  const userId = Number(match[1]);
  const owner = ctx.db.select({ id: users.id, ruolo: users.ruolo }).from(users).where(eq(users.id, userId)).get();
  if (!owner) return null;
  const expected = Buffer.from(feedToken(ctx, userId, revocations(ctx, userId)));
  const given = Buffer.from(match[0]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? owner : null;
}

interface LoanEvent {
  id: number;
  item: string;
  borrower: string;
  start: string;
  due: string;
}

// All-day events: a date at UTC midnight is written as that date (ical-generator without a time zone).
const dateOnly = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** An all-day event from `first` to `last`, both included (iCal's end is the day after). */
function addAllDayEvent(
  calendar: ICalCalendar,
  event: { uid: string; first: string; last: string; summary: string; description: string; url: string },
) {
  calendar.createEvent({
    id: `${event.uid}@prestalab`,
    allDay: true,
    start: dateOnly(event.first),
    end: dateOnly(addDays(event.last, 1)),
    summary: event.summary,
    description: event.description,
    url: event.url,
  });
}

function addLoan(calendar: ICalCalendar, loan: LoanEvent, baseUrl: string, withBorrower: boolean) {
  const who = withBorrower ? ` (${loan.borrower})` : "";
  addAllDayEvent(calendar, {
    uid: `prestito-${loan.id}`,
    first: loan.start,
    last: loan.due,
    summary: `In prestito: ${loan.item}${who}`,
    description: `Prestito #${loan.id}: da restituire entro il ${formatItalianDate(loan.due)}.`,
    url: `${baseUrl}/miei-prestiti`,
  });
  addAllDayEvent(calendar, {
    uid: `rientro-${loan.id}`,
    first: loan.due,
    last: loan.due,
    summary: `Da restituire: ${loan.item}${who}`,
    description: `Ultimo giorno del prestito #${loan.id}.`,
    url: `${baseUrl}/miei-prestiti`,
  });
}

function loanEvents(ctx: AppContext, where: SQL | undefined): LoanEvent[] {
  return ctx.db
    .select({
      id: prestiti.id,
      item: inventario.nome,
      borrower: prestiti.chi,
      start: prestiti.dataUscita,
      due: prestiti.dataRientro,
    })
    .from(prestiti)
    .innerJoin(inventario, eq(inventario.id, prestiti.inventarioId))
    .where(where)
    .orderBy(asc(prestiti.dataRientro), asc(prestiti.id))
    .all();
}

const calendarResponse = (calendar: ICalCalendar, fileName: string) =>
  new Response(calendar.toString(), {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `inline; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });

/**
 * The feed behind a token: a student's open loans (with their due dates) and pending requests; for an
 * administrator, the desk's feed: every open loan's due date, with the borrower.
 */
export function feedCalendar(ctx: AppContext, token: string, baseUrl: string): Response {
  const owner = feedOwner(ctx, token);
  if (!owner) throw notFound("Calendario non trovato: il link è stato revocato o non è mai esistito");
  const desk = isDesk(owner);
  const calendar = ical({ name: desk ? `${ctx.appName} · scadenze dei prestiti` : `${ctx.appName} · i miei prestiti` });
  if (desk) {
    for (const loan of loanEvents(ctx, inArray(prestiti.stato, OPEN_LOAN_STATES)))
      addAllDayEvent(calendar, {
        uid: `rientro-${loan.id}`,
        first: loan.due,
        last: loan.due,
        summary: `Rientro: ${loan.item} (${loan.borrower})`,
        description: `Prestito #${loan.id}, uscito il ${formatItalianDate(loan.start)}.`,
        url: `${baseUrl}/prestiti`,
      });
    return calendarResponse(calendar, "prestalab-scadenze.ics");
  }
  for (const loan of loanEvents(ctx, and(eq(prestiti.utenteId, owner.id), inArray(prestiti.stato, OPEN_LOAN_STATES))))
    addLoan(calendar, loan, baseUrl, false);
  const pending = ctx.db
    .select({ id: richieste.id, item: inventario.nome, start: richieste.dal, end: richieste.al })
    .from(richieste)
    .innerJoin(inventario, eq(inventario.id, richieste.inventarioId))
    .where(and(eq(richieste.utenteId, owner.id), eq(richieste.stato, REQUEST_STATE.pending)))
    .orderBy(asc(richieste.dal))
    .all();
  for (const request of pending)
    addAllDayEvent(calendar, {
      uid: `richiesta-${request.id}`,
      first: request.start,
      last: request.end,
      summary: `Richiesta in attesa: ${request.item}`,
      description: `Richiesta #${request.id}, in attesa di approvazione.`,
      url: `${baseUrl}/miei-prestiti`,
    });
  return calendarResponse(calendar, "prestalab-prestiti.ics");
}

/** One loan as an .ics file to add to any calendar: its borrower's or the desk's. */
export function loanCalendar(ctx: AppContext, actor: Actor, loanId: number, baseUrl: string): Response {
  const [loan] = loanEvents(ctx, and(eq(prestiti.id, loanId), visibleLoans(actor, { everyone: true })));
  if (!loan) throw notFound("Prestito non trovato");
  const calendar = ical({ name: `${ctx.appName} · prestito #${loan.id}` });
  addLoan(calendar, loan, baseUrl, isDesk(actor));
  return calendarResponse(calendar, `prestito-${loan.id}.ics`);
}

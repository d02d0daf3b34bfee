import { and, eq, isNull } from "drizzle-orm";
import { isDesk, visibleItemsCondition } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { inventario } from "../../db/schema";
import { daysWithAFreeUnit } from "../../domain/availability";
import { addDays, daysBetween, isIsoDate, laterDate } from "../../domain/dates";
import { badRequest, notFound } from "../../http/errors";
import { unitCalendars } from "../loans/bookings";
import type { AvailabilityQuery, AvailabilityView } from "./model";

export const MAX_CALENDAR_DAYS = 366;
/** Without dates the calendar covers six weeks from today: a month view and the start of the next. */
const DEFAULT_CALENDAR_DAYS = 42;

/** The item exists for the desk when it is not archived, for a student when it is also in their course. */
function assertItemVisible(ctx: AppContext, actor: Actor, itemId: number): void {
  const visible = ctx.db
    .select({ id: inventario.id })
    .from(inventario)
    .where(and(eq(inventario.id, itemId), isNull(inventario.archivedAt), visibleItemsCondition(actor)))
    .get();
  if (!visible) throw notFound("Articolo non trovato");
}

/**
 * The days a calendar covers: [dal, al] as asked, six weeks from today without dates, at most a year;
 * bookable days start today. Item and kit calendars share it.
 */
export function calendarWindow(ctx: AppContext, query: AvailabilityQuery) {
  const today = ctx.clock.today();
  const from = query.dal ?? today;
  // Checked before the default end is counted from it: an impossible date (month 13) cannot be added to.
  if (!isIsoDate(from)) throw badRequest("Data di inizio non valida: usa il formato AAAA-MM-GG");
  const to = query.al ?? addDays(from, DEFAULT_CALENDAR_DAYS - 1);
  if (!isIsoDate(to)) throw badRequest("Data di fine non valida: usa il formato AAAA-MM-GG");
  if (to < from) throw badRequest("La data di fine deve essere successiva alla data di inizio");
  if (daysBetween(from, to) + 1 > MAX_CALENDAR_DAYS)
    throw badRequest(`Il calendario copre al massimo ${MAX_CALENDAR_DAYS} giorni`);
  return { from, to, today, firstBookable: laterDate(from, today) };
}

/**
 * An item's booking calendar over [dal, al]: what takes each unit, and the days on which at least one
 * unit is free. Students get the same ranges without names or references.
 */
export function itemAvailability(
  ctx: AppContext,
  actor: Actor,
  itemId: number,
  query: AvailabilityQuery,
): AvailabilityView {
  const { from, to, today, firstBookable } = calendarWindow(ctx, query);
  assertItemVisible(ctx, actor, itemId);
  const desk = isDesk(actor);
  const calendars = unitCalendars(ctx.db, { itemId }, { from, to, today }).map((unit) => ({
    ...unit,
    occupazioni: desk
      ? unit.occupazioni
      : unit.occupazioni.map((taken) => ({ ...taken, riferimento_id: null, chi: null })),
  }));
  return {
    inventario_id: itemId,
    dal: from,
    al: to,
    unita: calendars,
    giorni_liberi: firstBookable <= to ? daysWithAFreeUnit(calendars, firstBookable, to) : [],
  };
}

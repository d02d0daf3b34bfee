import { and, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { attese, atteseUnita, prestiti, prestitiUnita, richieste, riparazioni, unita } from "../../db/schema";
import { freeUnitsFor, isFreeFor, nextFreeStart, type Occupation } from "../../domain/availability";
import { REQUEST_STATE } from "../../domain/bookings";
import { formatItalianDate } from "../../domain/dates";
import { WAIT_STATE } from "../../domain/demand";
import { conflict, HttpError, notFound } from "../../http/errors";
import { openLoansOfUnits, unitStillOut } from "./open-loans";

/**
 * `bookingHolds` of src/domain/bookings.ts for open loans, in SQL: an open loan holds its units from its
 * start to its due date, and once that has passed until it is returned, so it overlaps every later date.
 */
function openLoanOverlaps(from: string, to: string, today: string): SQL {
  return sql`${unitStillOut({ fromUnits: true })} and ${prestiti.dataUscita} <= ${to}
    and (${prestiti.dataRientro} >= ${from} or ${prestiti.dataRientro} < ${today})`;
}

/**
 * A 409 because no unit of the asked items was free for the dates: unmet demand, which the booking's
 * caller records (src/modules/demand/events.ts). A 409 for one taken unit while others are free is not.
 */
export class NoFreeUnitError extends HttpError {
  constructor(
    message: string,
    extra: Record<string, unknown>,
    readonly itemIds: number[],
  ) {
    super(409, message, extra);
  }
}

export const UNAVAILABLE_FOR_DATES = "L'unità selezionata non è disponibile per le date scelte";

/** What takes a unit over some days, with the loan, request or repair behind it. */
export interface UnitOccupation extends Occupation {
  riferimento_id: number | null;
  /** The borrower or requester: only ever shown to the desk. */
  chi: string | null;
}

export interface UnitCalendarRow {
  id: number;
  codice_univoco: string;
  occupazioni: UnitOccupation[];
}

const LOST_SINCE_ALWAYS = "0000-01-01";

/**
 * The calendar of the given units (or of every unit of an item) over [from, to]: the loans, pending
 * requests, repairs in progress and losses that take them. Booking checks and the availability
 * calendar both read it, and the overlap rule itself lives in src/domain/availability.ts.
 */
export function unitCalendars(
  db: Db,
  which: { itemId: number } | { unitIds: number[] },
  window: { from: string; to: string; today: string; ignoreRequestId?: number },
): UnitCalendarRow[] {
  const units = db
    .select({ id: unita.id, code: unita.codiceUnivoco, lost: unita.perso })
    .from(unita)
    .where(
      and(
        "itemId" in which ? eq(unita.inventarioId, which.itemId) : inArray(unita.id, which.unitIds),
        isNull(unita.archivedAt),
      ),
    )
    .orderBy(unita.codiceUnivoco)
    .all();
  const calendars = new Map<number, UnitCalendarRow>(
    units.map((unit) => [unit.id, { id: unit.id, codice_univoco: unit.code, occupazioni: [] }]),
  );
  const ids = [...calendars.keys()];
  if (ids.length === 0) return [];
  const add = (unitId: number, occupation: UnitOccupation) => calendars.get(unitId)?.occupazioni.push(occupation);
  for (const unit of units)
    if (unit.lost) add(unit.id, { tipo: "perso", dal: LOST_SINCE_ALWAYS, al: null, riferimento_id: null, chi: null });
  for (const row of db
    .select({ unitId: riparazioni.unitId, id: riparazioni.id, dal: riparazioni.dataInizio })
    .from(riparazioni)
    .where(and(inArray(riparazioni.unitId, ids), eq(riparazioni.stato, "in_corso")))
    .all())
    add(row.unitId, { tipo: "riparazione", dal: row.dal, al: null, riferimento_id: row.id, chi: null });
  for (const row of db
    .select({
      unitId: richieste.unitId,
      id: richieste.id,
      dal: richieste.dal,
      al: richieste.al,
      chi: sql<string | null>`(select u.name || ' ' || u.surname from users u where u.id = ${richieste.utenteId})`,
    })
    .from(richieste)
    .where(
      and(
        inArray(richieste.unitId, ids),
        eq(richieste.stato, REQUEST_STATE.pending),
        // A pending request whose dates have passed can no longer be approved, so it holds nothing. The end
        // date is hidden from the indexes (unary plus): through the index on state and end date SQLite read
        // every pending request still to come (5x as many at 5x the academy); through the one on unit and
        // state it reads only these units' requests.
        sql`${richieste.dal} <= ${window.to} and +${richieste.al} >= ${window.from} and +${richieste.al} >= ${window.today}`,
        window.ignoreRequestId ? ne(richieste.id, window.ignoreRequestId) : undefined,
      ),
    )
    .all())
    add(row.unitId, { tipo: "richiesta", dal: row.dal, al: row.al, riferimento_id: row.id, chi: row.chi });
  for (const row of heldUnits(db, ids, window.from, window.to))
    add(row.unitId, { tipo: "attesa", dal: row.dal, al: row.al, riferimento_id: row.id, chi: row.chi });
  for (const row of db
    .select({
      unitId: prestitiUnita.unitId,
      id: prestiti.id,
      dal: prestiti.dataUscita,
      al: prestiti.dataRientro,
      chi: prestiti.chi,
    })
    .from(prestitiUnita)
    .innerJoin(prestiti, eq(prestiti.id, prestitiUnita.prestitoId))
    .where(and(inArray(prestitiUnita.unitId, ids), openLoanOverlaps(window.from, window.to, window.today)))
    .all())
    add(row.unitId, {
      tipo: "prestito",
      dal: row.dal,
      al: row.al < window.today ? null : row.al,
      riferimento_id: row.id,
      chi: row.chi,
    });
  for (const calendar of calendars.values()) calendar.occupazioni.sort((a, b) => a.dal.localeCompare(b.dal));
  return [...calendars.values()];
}

/**
 * The units held for the first student of a waiting list (src/modules/demand/offers.ts) over [from, to]:
 * a hold is a booking, so every check that reads the unit calendars honours it.
 */
function heldUnits(db: Db, unitIds: number[], from: string, to: string) {
  return db
    .select({
      unitId: atteseUnita.unitId,
      id: attese.id,
      dal: attese.dal,
      al: attese.al,
      chi: sql<string | null>`(select u.name || ' ' || u.surname from users u where u.id = ${attese.utenteId})`,
    })
    .from(atteseUnita)
    .innerJoin(attese, eq(attese.id, atteseUnita.attesaId))
    .where(
      and(
        inArray(atteseUnita.unitId, unitIds),
        eq(attese.stato, WAIT_STATE.offered),
        sql`${attese.dal} <= ${to} and ${attese.al} >= ${from}`,
      ),
    )
    .all();
}

/** Every booking from `from` on, so that the next free start can be found. */
export const UNTIL_THE_END = "9999-12-31";

/** "Sono libere per queste date: A, B." or, when no other unit is, the day the item is next free. */
function freeUnitsSentence(others: UnitCalendarRow[], all: UnitCalendarRow[], from: string, to: string): string {
  const free = freeUnitsFor(others, from, to);
  if (free.length > 0) return `Sono libere per queste date: ${free.map((unit) => unit.codice_univoco).join(", ")}.`;
  const next = nextFreeStart(all, from, to);
  return next
    ? `Nessun'altra unità è libera: l'articolo è di nuovo disponibile dal ${formatItalianDate(next)}.`
    : "Nessun'altra unità si libera nei prossimi 12 mesi.";
}

/**
 * Refuses (409) to book a unit that is lost, in repair, or already booked for overlapping dates; the
 * message names the item's units free for those dates (or when it is next free). Call it inside the
 * `BEGIN IMMEDIATE` transaction that writes the booking, so two callers cannot both pass the check.
 */
export function assertUnitBookable(
  db: Db,
  booking: { unitId: number; from: string; to: string; today: string; ignoreRequestId?: number },
  message = UNAVAILABLE_FOR_DATES,
) {
  const unit = db
    .select({ itemId: unita.inventarioId })
    .from(unita)
    .where(and(eq(unita.id, booking.unitId), isNull(unita.archivedAt)))
    .get();
  if (!unit) throw notFound("Unità non trovata");
  const { from, to, today, ignoreRequestId } = booking;
  const [own] = unitCalendars(db, { unitIds: [booking.unitId] }, { from, to, today, ignoreRequestId });
  if (own && isFreeFor(own.occupazioni, from, to)) return;
  const all = unitCalendars(db, { itemId: unit.itemId }, { from, to: UNTIL_THE_END, today, ignoreRequestId });
  const others = all.filter((calendar) => calendar.id !== booking.unitId);
  const free = freeUnitsFor(others, from, to);
  const text = `${message}. ${freeUnitsSentence(others, all, from, to)}`;
  const extra = { unita_libere: free.map((unit) => ({ id: unit.id, codice_univoco: unit.codice_univoco })) };
  throw free.length === 0 ? new NoFreeUnitError(text, extra, [unit.itemId]) : conflict(text, extra);
}

/**
 * Picks a unit of the item free over [from, to] — the first by code — or refuses (409) saying when
 * the item is next free. Call it inside the transaction that writes the booking.
 */
export function pickFreeUnit(db: Db, itemId: number, booking: { from: string; to: string; today: string }): number {
  // The next free start may lie well beyond the dates asked, so the calendar reads every later booking.
  const calendars = unitCalendars(db, { itemId }, { from: booking.from, to: UNTIL_THE_END, today: booking.today });
  const [free] = freeUnitsFor(calendars, booking.from, booking.to);
  if (free) return free.id;
  const next = nextFreeStart(calendars, booking.from, booking.to);
  throw new NoFreeUnitError(
    next
      ? `Nessuna unità è disponibile per le date scelte: l'articolo è di nuovo disponibile dal ${formatItalianDate(next)}`
      : "Nessuna unità è disponibile per le date scelte, né nei prossimi 12 mesi",
    { disponibile_dal: next },
    [itemId],
  );
}

export interface BookedRange {
  dal: string;
  al: string;
  tipo: "richiesta" | "prestito";
  /** An overdue loan: the unit stays taken until it is returned, whatever `al` says. */
  fino_alla_restituzione: boolean;
}

/** Date ranges from today on that are already taken on each unit (no names: students see these). */
export function bookedRanges(db: Db, unitIds: number[], today: string): Map<number, BookedRange[]> {
  const ranges = new Map<number, BookedRange[]>();
  if (unitIds.length === 0) return ranges;
  const add = (unitId: number, range: BookedRange) => {
    const list = ranges.get(unitId) ?? [];
    list.push(range);
    ranges.set(unitId, list);
  };
  for (const row of db
    .select({ unitId: richieste.unitId, dal: richieste.dal, al: richieste.al })
    .from(richieste)
    .where(
      and(
        inArray(richieste.unitId, unitIds),
        eq(richieste.stato, REQUEST_STATE.pending),
        sql`${richieste.al} >= ${today}`,
      ),
    )
    .all())
    add(row.unitId, { dal: row.dal, al: row.al, tipo: "richiesta", fino_alla_restituzione: false });
  for (const row of heldUnits(db, unitIds, today, UNTIL_THE_END))
    add(row.unitId, { dal: row.dal, al: row.al, tipo: "richiesta", fino_alla_restituzione: false });
  for (const loan of openLoansOfUnits(db, unitIds))
    add(loan.unitId, { dal: loan.start, al: loan.due, tipo: "prestito", fino_alla_restituzione: loan.due < today });
  for (const list of ranges.values()) list.sort((a, b) => a.dal.localeCompare(b.dal));
  return ranges;
}

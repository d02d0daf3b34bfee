import { and, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { attese, atteseUnita, prestiti, prestitiUnita, richieste, riparazioni, unita } from "../../db/schema";
import { idList, inIds } from "../../db/sql";
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
function openLoanOverlaps(from: SQLWrapper, to: SQLWrapper, today: SQLWrapper): SQL {
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
  const units =
    "itemId" in which
      ? unitsOfItem(db).all({ itemId: which.itemId })
      : unitsById(db).all({ unitIds: idList(which.unitIds) });
  const calendars = new Map<number, UnitCalendarRow>(
    units.map((unit) => [unit.id, { id: unit.id, codice_univoco: unit.code, occupazioni: [] }]),
  );
  if (calendars.size === 0) return [];
  const values = {
    unitIds: idList([...calendars.keys()]),
    from: window.from,
    to: window.to,
    today: window.today,
    ignoreRequestId: window.ignoreRequestId ?? null,
  };
  const add = (unitId: number, occupation: UnitOccupation) => calendars.get(unitId)?.occupazioni.push(occupation);
  for (const unit of units)
    if (unit.lost) add(unit.id, { tipo: "perso", dal: LOST_SINCE_ALWAYS, al: null, riferimento_id: null, chi: null });
  for (const row of repairsOfUnits(db).all(values))
    add(row.unitId, { tipo: "riparazione", dal: row.dal, al: null, riferimento_id: row.id, chi: null });
  for (const row of pendingRequestsOfUnits(db).all(values))
    add(row.unitId, { tipo: "richiesta", dal: row.dal, al: row.al, riferimento_id: row.id, chi: row.chi });
  for (const row of heldUnits(db).all(values))
    add(row.unitId, { tipo: "attesa", dal: row.dal, al: row.al, riferimento_id: row.id, chi: row.chi });
  for (const row of openLoansOfUnitsOverlapping(db).all(values))
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

const unitColumns = { id: unita.id, code: unita.codiceUnivoco, lost: unita.perso };

const unitsOfItem = preparedQuery((db) =>
  db
    .select(unitColumns)
    .from(unita)
    .where(and(eq(unita.inventarioId, sql.placeholder("itemId")), isNull(unita.archivedAt)))
    .orderBy(unita.codiceUnivoco)
    .prepare(),
);

const unitsById = preparedQuery((db) =>
  db
    .select(unitColumns)
    .from(unita)
    .where(and(inIds(unita.id, sql.placeholder("unitIds")), isNull(unita.archivedAt)))
    .orderBy(unita.codiceUnivoco)
    .prepare(),
);

const repairsOfUnits = preparedQuery((db) =>
  db
    .select({ unitId: riparazioni.unitId, id: riparazioni.id, dal: riparazioni.dataInizio })
    .from(riparazioni)
    .where(and(inIds(riparazioni.unitId, sql.placeholder("unitIds")), eq(riparazioni.stato, "in_corso")))
    .prepare(),
);

const pendingRequestsOfUnits = preparedQuery((db) =>
  db
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
        inIds(richieste.unitId, sql.placeholder("unitIds")),
        eq(richieste.stato, REQUEST_STATE.pending),
        // A pending request whose dates have passed can no longer be approved, so it holds nothing. The end
        // date is hidden from the indexes (unary plus): through the index on state and end date SQLite read
        // every pending request still to come (5x as many at 5x the academy); through the one on unit and
        // state it reads only these units' requests.
        sql`${richieste.dal} <= ${sql.placeholder("to")} and +${richieste.al} >= ${sql.placeholder("from")}
          and +${richieste.al} >= ${sql.placeholder("today")}`,
        // `is not` with no request to leave out (null) keeps every request.
        sql`${richieste.id} is not ${sql.placeholder("ignoreRequestId")}`,
      ),
    )
    .prepare(),
);

const openLoansOfUnitsOverlapping = preparedQuery((db) =>
  db
    .select({
      unitId: prestitiUnita.unitId,
      id: prestiti.id,
      dal: prestiti.dataUscita,
      al: prestiti.dataRientro,
      chi: prestiti.chi,
    })
    .from(prestitiUnita)
    .innerJoin(prestiti, eq(prestiti.id, prestitiUnita.prestitoId))
    .where(
      and(
        inIds(prestitiUnita.unitId, sql.placeholder("unitIds")),
        openLoanOverlaps(sql.placeholder("from"), sql.placeholder("to"), sql.placeholder("today")),
      ),
    )
    .prepare(),
);

/**
 * The units held for the first student of a waiting list (src/modules/demand/offers.ts) over [from, to]:
 * a hold is a booking, so every check that reads the unit calendars honours it.
 */
const heldUnits = preparedQuery((db) =>
  db
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
        inIds(atteseUnita.unitId, sql.placeholder("unitIds")),
        eq(attese.stato, WAIT_STATE.offered),
        sql`${attese.dal} <= ${sql.placeholder("to")} and ${attese.al} >= ${sql.placeholder("from")}`,
      ),
    )
    .prepare(),
);

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
  for (const row of heldUnits(db).all({ unitIds: idList(unitIds), from: today, to: UNTIL_THE_END }))
    add(row.unitId, { dal: row.dal, al: row.al, tipo: "richiesta", fino_alla_restituzione: false });
  for (const loan of openLoansOfUnits(db, unitIds))
    add(loan.unitId, { dal: loan.start, al: loan.due, tipo: "prestito", fino_alla_restituzione: loan.due < today });
  for (const list of ranges.values()) list.sort((a, b) => a.dal.localeCompare(b.dal));
  return ranges;
}

import { and, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prestiti, prestitiUnita, richieste, riparazioni, unita } from "../../db/schema";
import { OPEN_LOAN_STATES, REQUEST_STATE } from "../../domain/bookings";
import { conflict, notFound } from "../../http/errors";

/** `bookingHolds` of src/domain/bookings.ts for open loans, in SQL. */
function openLoanOverlaps(from: string, to: string, today: string): SQL {
  return sql`${inArray(prestiti.stato, OPEN_LOAN_STATES)} and ${prestitiUnita.restituitaIl} is null and ${prestiti.dataUscita} <= ${to}
    and (${prestiti.dataRientro} >= ${from} or ${prestiti.dataRientro} < ${today})`;
}

export const UNAVAILABLE_FOR_DATES = "L'unità selezionata non è disponibile per le date scelte";

/**
 * Refuses (409) to book a unit that is lost, in repair, or already booked for overlapping dates.
 * Call it inside the `BEGIN IMMEDIATE` transaction that writes the booking, so two callers cannot
 * both pass the check.
 */
export function assertUnitBookable(
  db: Db,
  booking: { unitId: number; from: string; to: string; today: string; ignoreRequestId?: number },
  message = UNAVAILABLE_FOR_DATES,
) {
  const unit = db
    .select({ perso: unita.perso })
    .from(unita)
    .where(and(eq(unita.id, booking.unitId), isNull(unita.archivedAt)))
    .get();
  if (!unit) throw notFound("Unità non trovata");
  if (unit.perso) throw conflict(message);
  const repair = db
    .select({ id: riparazioni.id })
    .from(riparazioni)
    .where(and(eq(riparazioni.unitId, booking.unitId), eq(riparazioni.stato, "in_corso")))
    .get();
  if (repair) throw conflict(message);
  const request = db
    .select({ id: richieste.id })
    .from(richieste)
    .where(
      and(
        eq(richieste.unitId, booking.unitId),
        eq(richieste.stato, REQUEST_STATE.pending),
        sql`${richieste.dal} <= ${booking.to} and ${booking.from} <= ${richieste.al}`,
        booking.ignoreRequestId ? ne(richieste.id, booking.ignoreRequestId) : undefined,
      ),
    )
    .get();
  if (request) throw conflict(message);
  const loan = db
    .select({ id: prestiti.id })
    .from(prestitiUnita)
    .innerJoin(prestiti, eq(prestiti.id, prestitiUnita.prestitoId))
    .where(and(eq(prestitiUnita.unitId, booking.unitId), openLoanOverlaps(booking.from, booking.to, booking.today)))
    .get();
  if (loan) throw conflict(message);
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
  for (const row of db
    .select({ unitId: prestitiUnita.unitId, dal: prestiti.dataUscita, al: prestiti.dataRientro })
    .from(prestitiUnita)
    .innerJoin(prestiti, eq(prestiti.id, prestitiUnita.prestitoId))
    .where(
      and(
        inArray(prestitiUnita.unitId, unitIds),
        inArray(prestiti.stato, OPEN_LOAN_STATES),
        isNull(prestitiUnita.restituitaIl),
      ),
    )
    .all())
    add(row.unitId, { dal: row.dal, al: row.al, tipo: "prestito", fino_alla_restituzione: row.al < today });
  for (const list of ranges.values()) list.sort((a, b) => a.dal.localeCompare(b.dal));
  return ranges;
}

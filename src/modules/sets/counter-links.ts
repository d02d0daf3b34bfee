import { and, asc, count, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prenotazioni, prestiti, prestitiUnita } from "../../db/schema";
import { OPEN_LOAN_STATES } from "../../domain/bookings";
import { SET_STATE } from "../../domain/sets";

// What the kits (src/modules/kits/service.ts, scan.ts) and the Banco's scan ask of sets: whether a kit still has open sets, and which set a scan
// opens. Kept here, beside the sets' tables and states.

const OPEN_SET_STATES = [SET_STATE.pending, SET_STATE.approved, SET_STATE.out];

/** How many sets booked from the kit are still open (pending, approved, out): a kit with one cannot go. */
export function openSetsOfKit(db: Db, kitId: number): number {
  return (
    db
      .select({ count: count() })
      .from(prenotazioni)
      .where(and(eq(prenotazioni.kitId, kitId), inArray(prenotazioni.stato, OPEN_SET_STATES)))
      .get()?.count ?? 0
  );
}

/**
 * The set the Banco should open for what was scanned: the set that holds one of these units, out and to
 * come back, or due to go out from its start day; or the set booked from this kit that is due at the
 * counter, the earliest first. Null when there is none.
 */
export function setDueAtTheCounter(
  db: Db,
  scanned: { unitIds: number[] } | { kitId: number },
  today: string,
): number | null {
  if ("kitId" in scanned)
    return (
      db
        .select({ id: prenotazioni.id })
        .from(prenotazioni)
        .where(
          and(
            eq(prenotazioni.kitId, scanned.kitId),
            inArray(prenotazioni.stato, [SET_STATE.approved, SET_STATE.out]),
            lte(prenotazioni.dal, today),
          ),
        )
        .orderBy(asc(prenotazioni.dal), asc(prenotazioni.id))
        .get()?.id ?? null
    );
  if (scanned.unitIds.length === 0) return null;
  const holding = db
    .select({ setId: prestiti.prenotazioneId, handedOver: prestiti.consegnatoIl })
    .from(prestitiUnita)
    .innerJoin(prestiti, eq(prestiti.id, prestitiUnita.prestitoId))
    .where(
      and(
        inArray(prestitiUnita.unitId, scanned.unitIds),
        isNull(prestitiUnita.restituitaIl),
        inArray(prestiti.stato, OPEN_LOAN_STATES),
        sql`${prestiti.prenotazioneId} is not null`,
        lte(prestiti.dataUscita, today),
      ),
    )
    // A unit out with its set comes first: it is the one in the student's hands.
    .orderBy(sql`${prestiti.consegnatoIl} is null`, asc(prestiti.dataUscita))
    .get();
  return holding?.setId ?? null;
}

import { and, eq, isNotNull, lt, or } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { domandaEventi, users } from "../../db/schema";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { DEMAND_EVENT, DEMAND_PERSONAL_MONTHS, type DemandEventKind } from "../../domain/demand";
import { NoFreeUnitError } from "../loans/bookings";

export interface DemandEvent {
  tipo: DemandEventKind;
  /** The student who wanted it; the course is read from their account now and kept. */
  studentId: number | null;
  itemId?: number | null;
  kitId?: number | null;
  dal?: string | null;
  al?: string | null;
  /** The refusal's reason, or the words of a search with no result. */
  testo?: string | null;
  /** The request, set or loan the event is about. */
  riferimentoId?: number | null;
}

/**
 * Records one demand event inside the caller's transaction, so it exists exactly when its event does.
 * Extensions call it with `DEMAND_EVENT.extensionRefused` when a unit's later booking refuses one.
 */
export function recordDemandStep(tx: Db, ctx: Pick<AppContext, "clock">, event: DemandEvent): void {
  const student =
    event.studentId === null
      ? undefined
      : tx.select({ corso: users.corsoAccademico }).from(users).where(eq(users.id, event.studentId)).get();
  tx.insert(domandaEventi)
    .values({
      tipo: event.tipo,
      utenteId: student ? event.studentId : null,
      corso: student?.corso ?? null,
      inventarioId: event.itemId ?? null,
      kitId: event.kitId ?? null,
      dal: event.dal ?? null,
      al: event.al ?? null,
      testo: event.testo ?? null,
      riferimentoId: event.riferimentoId ?? null,
      giorno: ctx.clock.today(),
      createdAt: ctx.clock.now().toISOString(),
    })
    .run();
}

/** Who wanted what, when a booking is refused for want of a free unit: the event of each item refused. */
export type UnmetBooking = Pick<DemandEvent, "studentId" | "kitId" | "dal" | "al">;

/**
 * A booking in a transaction of its own that, when it meets 409 because no unit was free, still commits
 * a `noFreeUnit` demand event for each item refused (`unmet` says who and when), and then answers the
 * 409: the booking's own writes are rolled back to a savepoint, the events are written in the same
 * transaction that checked the units.
 */
export function bookingRecordingUnmetDemand<T>(ctx: AppContext, book: (tx: WriteTx) => T, unmet: UnmetBooking): T {
  const outcome = writeTransaction(ctx.db, (tx): { booked: T } | { refused: NoFreeUnitError } => {
    try {
      return { booked: writeTransaction(tx, book) };
    } catch (error) {
      if (!(error instanceof NoFreeUnitError) || error.itemIds.length === 0) throw error;
      for (const itemId of error.itemIds)
        recordDemandStep(tx, ctx, { tipo: DEMAND_EVENT.noFreeUnit, itemId, ...unmet });
      return { refused: error };
    }
  });
  if ("refused" in outcome) throw outcome.refused;
  return outcome.booked;
}

/** The instant before which demand events keep only the course, as an ISO string. */
export function personalDataCutoff(now: Date): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - DEMAND_PERSONAL_MONTHS);
  return cutoff.toISOString();
}

/**
 * The retention job: demand events older than twelve months forget the student and keep the course the
 * student was in at the time, with the item, the dates and the day. They forget the request, set or loan
 * they were about too: that row names its student, so through it the event would still name them.
 * Answers how many it changed.
 */
export function forgetDemandStudents(ctx: AppContext): number {
  const cutoff = personalDataCutoff(ctx.clock.now());
  return writeTransaction(
    ctx.db,
    (tx) =>
      tx
        .update(domandaEventi)
        .set({ utenteId: null, riferimentoId: null })
        .where(
          and(
            or(isNotNull(domandaEventi.utenteId), isNotNull(domandaEventi.riferimentoId)),
            lt(domandaEventi.createdAt, cutoff),
          ),
        )
        .returning({ id: domandaEventi.id })
        .all().length,
  );
}

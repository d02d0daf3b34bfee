import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { REQUEST_STATE } from "../../domain/bookings";
import { SET_STATE } from "../../domain/sets";
import { requestsInStates } from "../loans/views";

/**
 * How many bookings wait for the desk's decision: a pending set counts once, however many lines it
 * holds, since the desk decides it once; a single request counts once. From the pending requests' kept
 * count, each pending set's own pending lines are taken off and the set is added back as one (a set is
 * pending exactly while one of its lines is, so both counts read only the few pending sets).
 */
export function pendingBookings(db: Db): number {
  const [sets, lines] = db.values<[number, number | null]>(sql`
    SELECT count(DISTINCT p.id), count(r.id)
    FROM prenotazioni p JOIN richieste r ON r.prenotazione_id = p.id AND r.stato = ${REQUEST_STATE.pending}
    WHERE p.stato = ${SET_STATE.pending}`)[0] ?? [0, 0];
  return requestsInStates(db, [REQUEST_STATE.pending]) - (lines ?? 0) + sets;
}

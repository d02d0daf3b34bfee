import { and, eq, gte, isNotNull, isNull, lt, or, type Placeholder, type SQL } from "drizzle-orm";
import { prestiti } from "../../db/schema";
import { LOAN_STATE } from "../../domain/bookings";

/*
 * `effectiveLoanState` of src/domain/loan-rules.ts in SQL, for reads that filter on it: a loan handed over
 * and past its due date is overdue before the periodic job has marked it, and a loan never handed over is
 * never overdue. The views compute the same state row by row; these conditions let a query select by it.
 */

/** Still stored `attivo` but overdue: handed over and due before `today` (what the periodic job marks). */
export function overdueNotYetMarked(today: string | Placeholder): SQL {
  return and(
    eq(prestiti.stato, LOAN_STATE.active),
    isNotNull(prestiti.consegnatoIl),
    lt(prestiti.dataRientro, today),
  ) as SQL;
}

/** Overdue on `today`: marked by the job, or past due while out and not marked yet. */
export function overdueLoanCondition(today: string | Placeholder): SQL {
  return or(eq(prestiti.stato, LOAN_STATE.overdue), overdueNotYetMarked(today)) as SQL;
}

/** Active on `today`, the complement of the overdue ones among the open loans: due later or not handed over. */
export function activeLoanCondition(today: string): SQL {
  return and(
    eq(prestiti.stato, LOAN_STATE.active),
    or(gte(prestiti.dataRientro, today), isNull(prestiti.consegnatoIl)),
  ) as SQL;
}

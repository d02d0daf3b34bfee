import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { prestiti, prestitiApertiPerRientro } from "../../db/schema";
import { literalList } from "../../db/sql";
import { OPEN_LOAN_STATES } from "../../domain/bookings";
import { keptCount } from "./kept-count";

/**
 * Open loans (`attivo` or `scaduto`) per due day: the desk's alerts count the loans due today and
 * tomorrow from one row each instead of walking every loan of the day. Kept true by the triggers
 * `prestiti_aperti_per_rientro_insert`, `_update` (of `stato` or `data_rientro`) and `_delete` on
 * `prestiti` (migration 0038): every loan created, returned, marked overdue, extended or deleted.
 */
export const openLoansPerDueDay = keptCount({
  counter: prestitiApertiPerRientro,
  key: prestitiApertiPerRientro.dataRientro,
  count: prestitiApertiPerRientro.quanti,
  rows: prestiti,
  by: prestiti.dataRientro,
  only: sql`${prestiti.stato} IN ${literalList(OPEN_LOAN_STATES)}`,
  keptBy: {
    migration: "0038_loans_due_per_day",
    triggers: [
      "prestiti_aperti_per_rientro_insert",
      "prestiti_aperti_per_rientro_update",
      "prestiti_aperti_per_rientro_delete",
    ],
    writes: "insert, update of stato or data_rientro, delete on prestiti",
  },
});

const dueOn = preparedQuery((db) =>
  db
    .select({ count: prestitiApertiPerRientro.quanti })
    .from(prestitiApertiPerRientro)
    .where(eq(prestitiApertiPerRientro.dataRientro, sql.placeholder("day")))
    .prepare(),
);

/** How many open loans fall due on `day`. */
export function openLoansDueOn(db: Db, day: string): number {
  return dueOn(db).get({ day })?.count ?? 0;
}

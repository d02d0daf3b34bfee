import { prestiti, prestitiPerStato } from "../../db/schema";
import { keptCount } from "./kept-count";

/**
 * Loans per stored state: the loan list's tabs and the statistics read it instead of walking the whole
 * history. Kept true by the triggers `prestiti_per_stato_insert`, `_update` (of `stato` only) and
 * `_delete` on `prestiti` (migration 0015): every loan created, every change of state (hand-over, return,
 * cancellation, the overdue check) and every deletion.
 */
export const loansPerState = keptCount({
  counter: prestitiPerStato,
  key: prestitiPerStato.stato,
  count: prestitiPerStato.quanti,
  rows: prestiti,
  by: prestiti.stato,
  keptBy: {
    migration: "0015_kept_counts",
    triggers: ["prestiti_per_stato_insert", "prestiti_per_stato_update", "prestiti_per_stato_delete"],
    writes: "insert, update of stato, delete on prestiti",
  },
});

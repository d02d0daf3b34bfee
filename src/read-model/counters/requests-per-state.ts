import { richieste, richiestePerStato } from "../../db/schema";
import { keptCount } from "./kept-count";

/**
 * Requests per stored state: the pending requests page and the basic statistics read it instead of
 * counting every pending request. Kept true by the triggers `richieste_per_stato_insert`, `_update` (of
 * `stato` only) and `_delete` on `richieste` (migration 0017): every request made, approved, rejected or
 * cancelled, and every deletion.
 */
export const requestsPerState = keptCount({
  counter: richiestePerStato,
  key: richiestePerStato.stato,
  count: richiestePerStato.quanti,
  rows: richieste,
  by: richieste.stato,
  keptBy: {
    migration: "0017_kept_request_states",
    triggers: ["richieste_per_stato_insert", "richieste_per_stato_update", "richieste_per_stato_delete"],
    writes: "insert, update of stato, delete on richieste",
  },
});

import { richieste, richiestePerOggetto } from "../../db/schema";
import { keptCount } from "./kept-count";

/**
 * Requests per item, ever: a search's total sums one row per matching item instead of counting every
 * request of each. Kept true by the triggers `richieste_per_oggetto_insert`, `_update` (of
 * `inventario_id` only) and `_delete` on `richieste` (migration 0018): every request made, moved to
 * another item or deleted.
 */
export const requestsPerItem = keptCount({
  counter: richiestePerOggetto,
  key: richiestePerOggetto.inventarioId,
  count: richiestePerOggetto.quanti,
  rows: richieste,
  by: richieste.inventarioId,
  keptBy: {
    migration: "0018_kept_counts_per_item",
    triggers: ["richieste_per_oggetto_insert", "richieste_per_oggetto_update", "richieste_per_oggetto_delete"],
    writes: "insert, update of inventario_id, delete on richieste",
  },
});

import { prestiti, prestitiPerOggetto } from "../../db/schema";
import { keptCount } from "./kept-count";

/**
 * Loans per item, ever: a search's total sums one row per matching item instead of counting every loan
 * of each. Kept true by the triggers `prestiti_per_oggetto_insert`, `_update` (of `inventario_id` only)
 * and `_delete` on `prestiti` (migration 0018): every loan created, moved to another item or deleted.
 */
export const loansPerItem = keptCount({
  counter: prestitiPerOggetto,
  key: prestitiPerOggetto.inventarioId,
  count: prestitiPerOggetto.quanti,
  rows: prestiti,
  by: prestiti.inventarioId,
  keptBy: {
    migration: "0018_kept_counts_per_item",
    triggers: ["prestiti_per_oggetto_insert", "prestiti_per_oggetto_update", "prestiti_per_oggetto_delete"],
    writes: "insert, update of inventario_id, delete on prestiti",
  },
});

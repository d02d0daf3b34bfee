import { inventarioCorsi, oggettiPerCorso } from "../../db/schema";
import { keptCount } from "./kept-count";

/**
 * Items assigned to each course (archived ones included: the catalogue takes those off at read time):
 * a student's catalogue pages read it instead of counting their course's assignments. Kept true by the
 * triggers `oggetti_per_corso_insert`, `_update` (of `corso_id` only) and `_delete` on `inventario_corsi`
 * (migration 0023): every course assigned to an item or taken from it, by the desk or an import.
 */
export const itemsPerCourse = keptCount({
  counter: oggettiPerCorso,
  key: oggettiPerCorso.corsoId,
  count: oggettiPerCorso.quanti,
  rows: inventarioCorsi,
  by: inventarioCorsi.corsoId,
  keptBy: {
    migration: "0023_course_item_counts",
    triggers: ["oggetti_per_corso_insert", "oggetti_per_corso_update", "oggetti_per_corso_delete"],
    writes: "insert, update of corso_id, delete on inventario_corsi",
  },
});

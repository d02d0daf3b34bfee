import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inventario, unita } from "../../db/schema";

/**
 * Units still in the inventory (neither they nor their item archived) that match `where`, by code,
 * with what the desk shows of their item. The one place that says which units exist today.
 */
export function liveUnits(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: unita.id,
      code: unita.codiceUnivoco,
      lost: unita.perso,
      itemId: inventario.id,
      itemName: inventario.nome,
      checklist: inventario.checklist,
      loanType: inventario.tipoPrestito,
    })
    .from(unita)
    .innerJoin(inventario, eq(inventario.id, unita.inventarioId))
    .where(and(where, isNull(unita.archivedAt), isNull(inventario.archivedAt)))
    .orderBy(unita.codiceUnivoco)
    .all();
}

/** The units among `unitIds` that belong to the item and are still in the inventory. */
export function unitsOfItem(db: Db, itemId: number, unitIds: number[]) {
  return liveUnits(db, and(inArray(unita.id, unitIds), eq(unita.inventarioId, itemId)));
}

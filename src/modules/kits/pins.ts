import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { kit, kitRighe } from "../../db/schema";

// What the inventory asks of kits before it takes an item or a unit away: a kit's line keeps its item
// and its pinned unit in the inventory, so that the kit never silently loses a line.

/** The name of a live kit with a line that `line` selects, or null. */
function liveKitWithLine(db: Db, line: SQL): string | null {
  return (
    db
      .select({ nome: kit.nome })
      .from(kitRighe)
      .innerJoin(kit, eq(kit.id, kitRighe.kitId))
      .where(and(line, isNull(kit.archivedAt)))
      .get()?.nome ?? null
  );
}

/** The name of a live kit that pins this unit, or null. */
export function liveKitPinningUnit(db: Db, unitId: number): string | null {
  return liveKitWithLine(db, eq(kitRighe.unitId, unitId));
}

/** Whether any kit, live or deleted, ever pinned this unit: its row must then stay (archived). */
export function anyKitPinnedUnit(db: Db, unitId: number): boolean {
  return db.select({ id: kitRighe.id }).from(kitRighe).where(eq(kitRighe.unitId, unitId)).get() !== undefined;
}

/** The name of a live kit with a line of this item, or null. */
export function liveKitWithItem(db: Db, itemId: number): string | null {
  return liveKitWithLine(db, eq(kitRighe.inventarioId, itemId));
}

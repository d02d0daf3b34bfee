import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { unita } from "../../db/schema";
import { inIds } from "../../db/sql";
import type { FreeToday } from "../../domain/availability";
import { loadOpenSet, unitToday } from "../availability/today";
import type { InventoryUnit } from "./model";

/**
 * A unit as the API shows it (model.ts's `inventoryUnit`), with its item's id to group it by and its free
 * stretch today (`oggi`, which the unit's own JSON leaves out: the item carries the stretch of its units).
 */
export type UnitView = InventoryUnit & { inventario_id: number; oggi: FreeToday };

/**
 * The units (never archived ones) with their state on `today`, derived by the domain rule from the open
 * set: the cost follows the units shown and the open records, not the history. Every endpoint that
 * shows a unit state goes through here.
 */
export function loadUnitViews(db: Db, today: string, filter: { itemIds?: number[]; unitIds?: number[] } = {}) {
  const ofItems = filter.itemIds ? sql`AND ${inIds(unita.inventarioId, filter.itemIds)}` : sql``;
  const ofUnits = filter.unitIds ? sql`AND ${inIds(unita.id, filter.unitIds)}` : sql``;
  // Plain rows: a whole inventory holds tens of thousands of units, and the query builder's row objects
  // for them cost more than reading them.
  const rows = db.values<[number, number, string, string | null, number, string | null, string | null, number | null]>(
    sql`SELECT id, inventario_id, codice_univoco, note, perso, numero_serie, data_acquisto, valore FROM unita
      WHERE archived_at IS NULL ${ofItems} ${ofUnits} ORDER BY inventario_id, codice_univoco`,
  );
  if (rows.length === 0) return [];
  const scoped = Boolean(filter.itemIds || filter.unitIds);
  const open = loadOpenSet(db, today, scoped ? rows.map(([id]) => id) : null);
  return rows.map(([id, itemId, code, note, lost, serial, purchasedOn, value]): UnitView => {
    const { stato, ...oggi } = unitToday(open, id, lost === 1, today);
    return {
      id,
      inventario_id: itemId,
      codice_univoco: code,
      stato,
      prestito_corrente_id: open.loanOf.get(id) ?? null,
      note,
      oggi,
      numero_serie: serial,
      data_acquisto: purchasedOn,
      valore: value,
    };
  });
}

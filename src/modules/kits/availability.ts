import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { closedDaysBetween } from "../../domain/academy-settings";
import { daysEveryNeedIsMet, type UnitNeed } from "../../domain/availability";
import { calendarWindow } from "../availability/service";
import { unitCalendars } from "../loans/bookings";
import { readSettings } from "../settings/service";
import type { KitAvailabilityQuery, KitAvailabilityView } from "./model";
import { kitForActor } from "./service";

/**
 * A kit's booking calendar over [dal, al]: the days on which every line has its units free (its pinned
 * unit, or enough of the item's other units), read from the same unit calendars as an item's, and the
 * days the desk is closed.
 */
export function kitAvailability(
  ctx: AppContext,
  actor: Actor,
  kitId: number,
  query: KitAvailabilityQuery,
): KitAvailabilityView {
  const { from, to, today, firstBookable } = calendarWindow(ctx, query);
  const view = kitForActor(ctx, actor, kitId);
  const unitsOf = new Map(
    [...new Set(view.righe.map((line) => line.inventario_id))].map((itemId) => [
      itemId,
      unitCalendars(ctx.db, { itemId }, { from, to, today }),
    ]),
  );
  const pinnedByKit = new Set(view.righe.flatMap((line) => (line.unit_id === null ? [] : [line.unit_id])));
  const needs = view.righe.map(
    (line): UnitNeed =>
      line.unit_id === null
        ? {
            // The kit's pinned units go out on their own lines: a line of any units counts the others.
            units: (unitsOf.get(line.inventario_id) ?? []).filter((unit) => !pinnedByKit.has(unit.id)),
            pinnedUnitIds: [],
            anyUnits: line.quantita,
          }
        : { units: unitsOf.get(line.inventario_id) ?? [], pinnedUnitIds: [line.unit_id], anyUnits: 0 },
  );
  const freeDays = (lineNeeds: UnitNeed[]) =>
    firstBookable <= to ? daysEveryNeedIsMet(lineNeeds, firstBookable, to) : [];
  return {
    kit_id: kitId,
    dal: from,
    al: to,
    giorni_liberi: freeDays(needs),
    giorni_chiusi: [...closedDaysBetween(readSettings(ctx.db), from, to)],
    righe: view.righe.map((line, index) => ({
      inventario_id: line.inventario_id,
      unit_id: line.unit_id,
      quantita: line.quantita,
      giorni_liberi: freeDays([needs[index] as UnitNeed]),
    })),
  };
}

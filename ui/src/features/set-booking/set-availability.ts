import { useQueries } from "@tanstack/react-query";
import { isFreeFor } from "../../../../src/domain/availability";
import { BOOKING_HORIZON_DAYS, type ItemAvailability, itemAvailabilityQuery } from "../../api/inventario";
import { type KitAvailability, useKitAvailability } from "../../api/kit";
import { everyDay } from "../../lib/item-availability";
import type { SetCartLine } from "../../lib/set-cart";

/** The days of the item's window on which at least `quantity` of its units are free. */
export function daysWithFreeUnits(availability: ItemAvailability, quantity: number): Set<string> {
  return new Set(
    everyDay(availability.dal, availability.al).filter(
      (day) => availability.unita.filter((unit) => isFreeFor(unit.occupazioni, day, day)).length >= quantity,
    ),
  );
}

/**
 * The days on which every line of the set is free: for a model, the days with as many free units as the
 * line asks; for a kit, the days the server says the whole kit can go out. The server still decides, and
 * says which line fails if the calendar was too hopeful (a kit and a line sharing a model).
 */
export function takenDaysOfSet(
  from: string,
  itemCalendars: { line: SetCartLine; availability: ItemAvailability }[],
  kitCalendar: KitAvailability | null,
): Set<string> {
  const to = itemCalendars[0]?.availability.al ?? kitCalendar?.al ?? from;
  const freeSets = itemCalendars.map(({ line, availability }) => daysWithFreeUnits(availability, line.quantita));
  if (kitCalendar) freeSets.push(new Set(kitCalendar.giorni_liberi));
  return new Set(everyDay(from, to).filter((day) => freeSets.some((free) => !free.has(day))));
}

/** Loads every line's calendar and answers the days on which the set cannot be booked. */
export function useSetAvailability(lines: readonly SetCartLine[], today: string) {
  const itemLines = lines.filter((line) => line.kind === "articolo");
  const kitLine = lines.find((line) => line.kind === "kit") ?? null;
  const items = useQueries({ queries: itemLines.map((line) => itemAvailabilityQuery(line.id, today)) });
  const kit = useKitAvailability(kitLine?.id ?? null, today, BOOKING_HORIZON_DAYS);
  const loading = items.some((item) => item.isPending) || (kitLine !== null && kit.isPending);
  const failure = items.find((item) => item.error)?.error ?? (kitLine ? kit.error : null);
  if (loading || failure) return { loading, failure, takenDays: null };
  const itemCalendars = itemLines.map((line, index) => ({
    line,
    availability: items[index]?.data as ItemAvailability,
  }));
  return { loading, failure, takenDays: takenDaysOfSet(today, itemCalendars, kitLine ? (kit.data ?? null) : null) };
}

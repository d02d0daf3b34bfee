import { useQuery } from "@tanstack/react-query";
import { daysWithAFreeUnit, type Occupation } from "../../../src/domain/availability";
import { addDays } from "../../../src/domain/dates";
import { apiRequest } from "./api";

export interface UnitOccupation extends Occupation {
  /** The loan, request or repair: desk only. */
  riferimento_id: number | null;
  /** Who holds or asked for it: desk only. */
  chi: string | null;
}

export interface ItemAvailability {
  inventario_id: number;
  dal: string;
  al: string;
  unita: { id: number; codice_univoco: string; occupazioni: UnitOccupation[] }[];
  /** Days from today on with at least one unit free. */
  giorni_liberi: string[];
}

/** How far ahead a booking can be placed: the calendar answers at most 366 days. */
export const BOOKING_HORIZON_DAYS = 365;

/** An item's booking calendar from `from` (usually today) for a year. */
export function useItemAvailability(itemId: number | null, from: string) {
  const to = addDays(from, BOOKING_HORIZON_DAYS);
  return useQuery({
    queryKey: ["inventario", itemId, "disponibilita", from],
    queryFn: () => apiRequest<ItemAvailability>(`/api/inventario/${itemId}/disponibilita?dal=${from}&al=${to}`),
    enabled: itemId !== null && from !== "",
  });
}

function everyDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The days of the calendar's window that cannot be booked: for one unit, the days it is taken; for
 * "any unit" (`unitId` null), the days on which no unit is free.
 */
export function takenDays(availability: ItemAvailability, unitId: number | null): Set<string> {
  const from = availability.dal;
  const free = new Set(
    unitId === null
      ? availability.giorni_liberi
      : daysWithAFreeUnit(
          availability.unita.filter((unit) => unit.id === unitId),
          from,
          availability.al,
        ),
  );
  return new Set(everyDay(from, availability.al).filter((day) => !free.has(day)));
}

/** The first day from which some unit is free, or null within the window. */
export function firstFreeDay(availability: ItemAvailability): string | null {
  return availability.giorni_liberi[0] ?? null;
}

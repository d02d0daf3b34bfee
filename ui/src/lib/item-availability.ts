import {
  daysWithAFreeUnit,
  freeTodayText,
  type Occupation,
  type OccupationKind,
} from "../../../src/domain/availability";
import { addDays } from "../../../src/domain/dates";
import type { ItemAvailability } from "../api/inventario";
import { formatDate } from "./dates";

// Reading an item's booking calendar (GET /api/inventario/:id/disponibilita) for the screens.

export const OCCUPATION_LABELS: Record<OccupationKind, string> = {
  prestito: "Prestito",
  richiesta: "Richiesta in attesa",
  riparazione: "Riparazione",
  perso: "Persa",
  attesa: "Riservata a chi era in coda",
};

/** "Prestito dal 10/03/2026 al 12/03/2026"; an open end (overdue loan, repair) runs "fino alla restituzione". */
export function occupationText(taken: Occupation): string {
  const until = taken.al === null ? "fino alla restituzione" : `al ${formatDate(taken.al)}`;
  return `${OCCUPATION_LABELS[taken.tipo]} dal ${formatDate(taken.dal)} ${until}`;
}

/** Every day of [from, to], in order. */
export function everyDay(from: string, to: string): string[] {
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

/** "Libera fino al 01/12/2026", "Libera", "Libera dal 05/12/2026": an item's or a unit's availability today, as every screen says it. */
export function freeTodayLabel(
  free: { libera_fino_al: string | null; prossima_disponibilita: string | null },
  freeNow: boolean,
): string {
  return freeTodayText({
    libera: freeNow,
    liberaFinoAl: free.libera_fino_al,
    prossimaDisponibilita: free.prossima_disponibilita,
  });
}

// The answer of GET /api/inventario/:id/disponibilita for a screen test.

import type { screen } from "@testing-library/react";
import { addDays } from "../../src/domain/dates";

export interface TestUnitCalendar {
  id: number;
  code: string;
  /** Days [first, last], counted from `today`, a loan takes the unit. */
  taken?: [number, number];
}

/** An item's calendar for a year from `today`, each unit free except its `taken` days. */
export function anItemCalendar(itemId: number, today: string, units: TestUnitCalendar[]) {
  const day = (offset: number) => addDays(today, offset);
  const free: string[] = [];
  for (let offset = 0; offset <= 365; offset++) {
    const date = day(offset);
    if (units.some((unit) => !unit.taken || date < day(unit.taken[0]) || date > day(unit.taken[1]))) free.push(date);
  }
  return {
    inventario_id: itemId,
    dal: today,
    al: day(365),
    unita: units.map((unit) => ({
      id: unit.id,
      codice_univoco: unit.code,
      occupazioni: unit.taken
        ? [{ tipo: "prestito", dal: day(unit.taken[0]), al: day(unit.taken[1]), riferimento_id: null, chi: null }]
        : [],
    })),
    giorni_liberi: free,
  };
}

/** The booking calendar's button for a day, by its Italian name, e.g. "mercoledì 12 marzo 2025". */
export function calendarDayButton(scope: { getByRole: typeof screen.getByRole }, isoDate: string): HTMLButtonElement {
  const label = new Intl.DateTimeFormat("it-IT", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date(`${isoDate}T12:00:00`));
  return scope.getByRole("button", { name: new RegExp(label) }) as HTMLButtonElement;
}

import type { SetLine } from "../../../../api/prenotazioni";

// Which lines of a set the desk has ticked at the counter, and with which unit: scanning the assigned
// unit ticks its line; scanning another unit of the same model swaps it in for a line not yet ticked.

export interface ScannedSetUnit {
  id: number;
  codice_univoco: string;
  inventario_id: number;
}

/** A ticked line: the unit going out, and the assigned unit's code when another one replaced it. */
export interface Tick {
  unitId: number;
  code: string;
  replaces: string | null;
}

export type Ticks = Readonly<Record<number, Tick>>;

export interface ScanOutcome {
  ticks: Ticks;
  message: string;
  tone: "success" | "warning";
}

export function tickByScan(lines: readonly SetLine[], ticks: Ticks, unit: ScannedSetUnit): ScanOutcome {
  const own = lines.find((line) => line.unit_id === unit.id);
  const alreadyTicked = Object.values(ticks).some((tick) => tick.unitId === unit.id);
  if (own) {
    if (ticks[own.richiesta_id]?.unitId === unit.id)
      return { ticks, message: `${unit.codice_univoco} è già spuntata`, tone: "warning" };
    return {
      ticks: { ...ticks, [own.richiesta_id]: { unitId: unit.id, code: unit.codice_univoco, replaces: null } },
      message: `${unit.codice_univoco} spuntata`,
      tone: "success",
    };
  }
  if (alreadyTicked) return { ticks, message: `${unit.codice_univoco} è già spuntata`, tone: "warning" };
  const open = lines.find((line) => line.inventario_id === unit.inventario_id && !ticks[line.richiesta_id]);
  if (!open)
    return {
      ticks,
      message: `${unit.codice_univoco} non fa parte di questo set`,
      tone: "warning",
    };
  return {
    ticks: {
      ...ticks,
      [open.richiesta_id]: { unitId: unit.id, code: unit.codice_univoco, replaces: open.codice_univoco },
    },
    message: `${unit.codice_univoco} al posto di ${open.codice_univoco}`,
    tone: "success",
  };
}

/** Ticks or unticks a line by hand (a label that cannot be read), with its assigned unit. */
export function toggleLine(ticks: Ticks, line: SetLine, ticked: boolean): Ticks {
  const next = { ...ticks };
  if (ticked) next[line.richiesta_id] = { unitId: line.unit_id, code: line.codice_univoco, replaces: null };
  else delete next[line.richiesta_id];
  return next;
}

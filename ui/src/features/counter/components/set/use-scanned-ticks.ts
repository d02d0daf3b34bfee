import { useEffect, useRef, useState } from "react";
import type { SetLine } from "../../../../api/prenotazioni";
import { type ScannedSetUnit, type ScanOutcome, type Ticks, tickByScan, toggleLine } from "./set-ticks";

/** A unit the Banco's scan field read while this set is open; `seq` tells two scans of one unit apart. */
export interface SetScan {
  seq: number;
  unit: ScannedSetUnit | null;
}

/** The ticks of `lines`, moved by each new scan and by hand; the last scan's outcome is said aloud. */
export function useScannedTicks(lines: readonly SetLine[], scan: SetScan | null) {
  const [ticks, setTicks] = useState<Ticks>({});
  const [outcome, setOutcome] = useState<Omit<ScanOutcome, "ticks"> | null>(null);
  const handled = useRef(0);

  useEffect(() => {
    if (!scan || scan.seq === handled.current) return;
    handled.current = scan.seq;
    if (!scan.unit) return;
    const result = tickByScan(lines, ticks, scan.unit);
    setTicks(result.ticks);
    setOutcome({ message: result.message, tone: result.tone });
  }, [scan, lines, ticks]);

  return {
    ticks,
    /** The units ticked, as the server takes them. */
    tickedIds: Object.values(ticks).map((tick) => tick.unitId),
    outcome,
    toggle: (line: SetLine, ticked: boolean) => setTicks((current) => toggleLine(current, line, ticked)),
    /** Every line with its assigned unit: "tutto restituito" in one click. */
    tickAll: () => setTicks(lines.reduce((all, line) => toggleLine(all, line, true), {} as Ticks)),
  };
}

export type ScannedTicks = ReturnType<typeof useScannedTicks>;

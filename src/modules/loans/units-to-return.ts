import { badRequest, conflict } from "../../http/errors";

/**
 * The units a return takes back: those named in `unitIds` (each once), or every unit still out when it
 * names none. Each must be one of `units` (else `notOurs`, which names the loan or the set) and still out.
 */
export function unitsToTakeBack<Unit extends { code: string; returnedOn: string | null }>(
  units: Unit[],
  idOf: (unit: Unit) => number,
  unitIds: number[] | undefined,
  notOurs: string,
): { out: Unit[]; returning: Unit[] } {
  const out = units.filter((unit) => unit.returnedOn === null);
  const chosen = unitIds ? [...new Set(unitIds)] : out.map(idOf);
  if (chosen.length === 0) throw badRequest("Seleziona almeno un'unità da restituire");
  for (const unitId of chosen) {
    const unit = units.find((candidate) => idOf(candidate) === unitId);
    if (!unit) throw badRequest(notOurs);
    if (unit.returnedOn) throw conflict(`L'unità ${unit.code} è già stata restituita`);
  }
  return { out, returning: out.filter((unit) => chosen.includes(idOf(unit))) };
}

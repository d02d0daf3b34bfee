import { useId } from "react";
import { freeUnitsFor } from "../../../../../src/domain/availability";
import type { RequestView } from "../../../../../src/modules/loans/model";
import { useItemAvailability } from "../../../api/inventario";
import { useServerToday } from "../../../api/system";

/**
 * The unit to hand out: the one asked for, or another of the same item free for the request's dates
 * (the server checks again when approving).
 */
export function RequestUnitChoice({
  request,
  value,
  onChange,
}: {
  request: RequestView;
  value: number;
  onChange: (unitId: number) => void;
}) {
  const id = useId();
  const today = useServerToday();
  const availability = useItemAvailability(request.inventario_id, today);
  if (!availability.data) return null;
  // This request's own hold on its unit does not count against it.
  const units = availability.data.unita.map((unit) => ({
    ...unit,
    occupazioni: unit.occupazioni.filter(
      (taken) => !(taken.tipo === "richiesta" && taken.riferimento_id === request.id),
    ),
  }));
  const free = freeUnitsFor(units, request.dal, request.al);
  if (!free.some((unit) => unit.id !== request.unit_id)) return null;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        Unità da consegnare
      </label>
      <select
        id={id}
        value={free.some((unit) => unit.id === value) ? value : ""}
        onChange={(event) => onChange(Number(event.target.value))}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
      >
        {!free.some((unit) => unit.id === request.unit_id) && (
          <option value="" disabled>
            {request.codice_univoco} (occupata: scegline un'altra)
          </option>
        )}
        {free.map((unit) => (
          <option key={unit.id} value={unit.id}>
            {unit.codice_univoco}
            {unit.id === request.unit_id ? " (richiesta)" : ""}
          </option>
        ))}
      </select>
      <p className="mt-1.5 text-xs text-slate-500">Solo le unità libere per queste date.</p>
    </div>
  );
}

import type { InventoryItem } from "../../../api/inventario";
import { RadioCard } from "../../../components/radio-card";
import { repairableUnits, UnitStateBadge } from "./repair-labels";

/** The new repair's second step: which of the item's units, among those free to go into repair. */
export function RepairUnitStep({
  item,
  selectedId,
  onSelect,
}: {
  item: InventoryItem;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const units = repairableUnits(item);
  const excluded = item.unita.length - units.length;
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-slate-700">Quale unità di {item.nome}?</legend>
      <ul className="max-h-80 space-y-2 overflow-y-auto pr-1">
        {units.map((unit) => {
          const selected = unit.id === selectedId;
          return (
            <li key={unit.id}>
              <RadioCard name="repair-unit" checked={selected} onSelect={() => onSelect(unit.id)}>
                <span className="min-w-0 flex-1">
                  <span className="block font-mono text-xs break-words text-slate-900">{unit.codice_univoco}</span>
                  {unit.note && <span className="block text-xs text-slate-600">{unit.note}</span>}
                </span>
                <UnitStateBadge value={unit.stato} />
              </RadioCard>
            </li>
          );
        })}
      </ul>
      {units.some((unit) => unit.stato === "riservato") && (
        <p className="mt-3 text-xs text-slate-500">
          Anche un'unità prenotata può andare in riparazione: dopo averla creata vedrai quali prenotazioni spostare.
        </p>
      )}
      {excluded > 0 && (
        <p className="mt-3 text-xs text-slate-500">
          {excluded === 1
            ? "1 unità non è mostrata: è in prestito, già in riparazione o persa."
            : `${excluded} unità non sono mostrate: sono in prestito, già in riparazione o perse.`}
        </p>
      )}
    </fieldset>
  );
}

import type { InventoryItem } from "../../../api/inventario";
import { UnitChoices } from "../../../components/unit-choice";
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
    <UnitChoices
      name="repair-unit"
      legend={`Quale unità di ${item.nome}?`}
      units={units}
      selectedId={selectedId}
      onSelect={onSelect}
      scrolls
      badge={(unit) => <UnitStateBadge value={unit.stato} />}
    >
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
    </UnitChoices>
  );
}

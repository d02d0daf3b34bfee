import type { ReactNode } from "react";
import { RadioCard } from "./radio-card";

interface ChoosableUnit {
  id: number;
  codice_univoco: string;
  note: string | null;
}

interface UnitChoicesProps<Unit extends ChoosableUnit> {
  /** The radio group's name. */
  name: string;
  legend: string;
  units: Unit[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** A long list scrolls inside the dialog. */
  scrolls?: boolean;
  /** Shown at the right of each unit (its state). */
  badge?: (unit: Unit) => ReactNode;
  /** Notes under the list. */
  children?: ReactNode;
}

/** A wizard's step that picks one unit: a radio card per unit, with its code and its note. */
export function UnitChoices<Unit extends ChoosableUnit>({
  name,
  legend,
  units,
  selectedId,
  onSelect,
  scrolls = false,
  badge,
  children,
}: UnitChoicesProps<Unit>) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <ul className={scrolls ? "max-h-80 space-y-2 overflow-y-auto pr-1" : "space-y-2"}>
        {units.map((unit) => (
          <li key={unit.id}>
            <RadioCard name={name} checked={unit.id === selectedId} onSelect={() => onSelect(unit.id)}>
              <span className="min-w-0 flex-1">
                <span className="block font-mono text-xs break-words text-slate-900">{unit.codice_univoco}</span>
                {unit.note && <span className="block text-xs text-slate-600">{unit.note}</span>}
              </span>
              {badge?.(unit)}
            </RadioCard>
          </li>
        ))}
      </ul>
      {children}
    </fieldset>
  );
}

/** The item and the unit a wizard's last step is about, above its fields. */
export function ChosenUnit({ itemName, unitLabel, code }: { itemName: string; unitLabel: string; code: string }) {
  return (
    <dl className="grid gap-3 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-2">
      <div className="min-w-0">
        <dt className="text-xs text-slate-500">Articolo</dt>
        <dd className="font-medium text-slate-900">{itemName}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs text-slate-500">{unitLabel}</dt>
        <dd className="font-mono text-xs break-words text-slate-900">{code}</dd>
      </div>
    </dl>
  );
}

import type { SetAccessory } from "../../../../api/prenotazioni";

interface AccessoryChecklistProps {
  label: string;
  accessories: readonly SetAccessory[];
  /** How many of each accessory (by name) are ticked. */
  counts: Readonly<Record<string, number>>;
  /** How many of each there are to tick: the kit's list at the hand-over, what went out at the return. */
  expected: (accessory: SetAccessory) => number;
  onChange: (name: string, count: number) => void;
}

/** The kit's untracked accessories, each ticked (or counted when there are several). */
export function AccessoryChecklist({ label, accessories, counts, expected, onChange }: AccessoryChecklistProps) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{label}</legend>
      <ul className="space-y-1">
        {accessories.map((accessory) => {
          const total = expected(accessory);
          const count = counts[accessory.nome] ?? 0;
          return (
            <li key={accessory.id} className="flex items-center justify-between gap-3 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={count === total}
                  onChange={(event) => onChange(accessory.nome, event.target.checked ? total : 0)}
                  className="size-4 rounded border-slate-300 text-indigo-600"
                />
                {accessory.nome}
              </label>
              {total > 1 && (
                <label className="flex items-center gap-1 text-slate-600">
                  <span className="sr-only">Numero di {accessory.nome}</span>
                  <input
                    type="number"
                    min={0}
                    max={total}
                    value={count}
                    onChange={(event) =>
                      onChange(accessory.nome, Math.min(total, Math.max(0, Number(event.target.value))))
                    }
                    className="w-14 rounded-md border border-slate-300 px-2 py-1 text-right"
                  />
                  <span aria-hidden="true">/ {total}</span>
                </label>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

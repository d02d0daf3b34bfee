import { Info, Plus, Trash2 } from "lucide-react";
import { ITEM_TEXT_LIMITS } from "../../../../../../src/domain/item-limits";
import { Button, IconButton } from "../../../../components/button";
import { DateField } from "../../../../components/date-field";
import { appendUnit, type UnitDraft } from "../../utils/item-form";
import { UnitStateBadge } from "../state-badges";
import type { StepProps } from "./step-props";

/** Step 5: each unit's code and note; adding or removing one keeps the quantity in step. */
export function UnitsStep({ form, onChange }: StepProps) {
  /** A new list of units: the date fields start again from the stored dates (see their key), so none stays flagged. */
  function setUnits(unita: UnitDraft[]) {
    onChange({ unita: unita.map(({ purchaseDateInvalid: _, ...unit }) => unit), quantity: String(unita.length) });
  }

  function update(index: number, change: Partial<UnitDraft>) {
    onChange((current) => ({
      unita: current.unita.map((unit, position) => (position === index ? { ...unit, ...change } : unit)),
    }));
  }

  return (
    <div className="space-y-3">
      <p className="flex items-start gap-2 text-xs text-slate-500">
        <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        Ogni unità ha un codice univoco, generato dal nome: puoi modificarlo (ad esempio per usare l'etichetta già
        presente sull'articolo). Le unità esistenti conservano il loro storico.
      </p>
      <ol aria-label="Unità" className="max-h-60 space-y-2 overflow-y-auto rounded-lg border border-slate-200 p-2">
        {form.unita.map((unit, index) => (
          <li
            key={unit.id ?? `new-${index}`}
            className="grid grid-cols-[1.75rem_1fr_auto] items-center gap-2 rounded-md bg-slate-50 p-2"
          >
            <span className="text-center text-xs font-medium text-slate-500">{index + 1}</span>
            <div className="grid min-w-0 items-start gap-2 sm:grid-cols-2">
              <input
                aria-label={`Codice unità ${index + 1}`}
                value={unit.codice_univoco}
                onChange={(event) => update(index, { codice_univoco: event.target.value })}
                maxLength={ITEM_TEXT_LIMITS.codice}
                className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 font-mono text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
              />
              <input
                aria-label={`Note unità ${index + 1}`}
                value={unit.note}
                onChange={(event) => update(index, { note: event.target.value })}
                placeholder="Note (opzionale)"
                maxLength={ITEM_TEXT_LIMITS.notaUnita}
                className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
              />
              <input
                aria-label={`Numero di serie unità ${index + 1}`}
                value={unit.numero_serie ?? ""}
                onChange={(event) => update(index, { numero_serie: event.target.value })}
                placeholder="Numero di serie (opzionale)"
                maxLength={ITEM_TEXT_LIMITS.numeroSerie}
                className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
              />
              <div className="grid grid-cols-2 items-start gap-2">
                <DateField
                  // Rows of new units are keyed by position: after one is added or removed the fields start
                  // again from the stored dates, so no typed text stays on another unit's row.
                  key={form.unita.length}
                  compact
                  optional
                  label={`Data di acquisto, unità ${index + 1}`}
                  value={unit.data_acquisto ?? ""}
                  onChange={(isoDate) => update(index, { data_acquisto: isoDate })}
                  onValidityChange={(valid) => update(index, { purchaseDateInvalid: !valid })}
                />
                <input
                  inputMode="decimal"
                  aria-label={`Valore in euro unità ${index + 1}`}
                  value={unit.valore ?? ""}
                  onChange={(event) => update(index, { valore: event.target.value })}
                  placeholder="Valore € (opzionale)"
                  className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
                />
              </div>
            </div>
            <div className="flex items-center gap-1">
              {unit.stato && (
                <span className="hidden sm:inline">
                  <UnitStateBadge state={unit.stato} />
                </span>
              )}
              <IconButton
                icon={Trash2}
                tone="danger"
                label={`Rimuovi unità ${index + 1}`}
                disabled={form.unita.length <= 1}
                onClick={() => setUnits(form.unita.filter((_, position) => position !== index))}
                className="disabled:opacity-30"
              />
            </div>
          </li>
        ))}
      </ol>
      <Button variant="secondary" icon={Plus} onClick={() => setUnits(appendUnit(form))}>
        Aggiungi unità
      </Button>
    </div>
  );
}

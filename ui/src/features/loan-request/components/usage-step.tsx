import { Building2, CalendarRange } from "lucide-react";
import type { UsageType } from "../../../../../src/domain/loan-types";

const USAGE_OPTIONS = [
  {
    value: "interno",
    label: "Lezione / Interno",
    text: "In giornata, all'interno dell'accademia: la data di fine coincide con quella di inizio.",
    icon: Building2,
  },
  {
    value: "esterno",
    label: "Prestito / Esterno",
    text: "Per uno o più giorni, anche fuori dall'accademia.",
    icon: CalendarRange,
  },
] as const;

/** Step 3 (only for items that are `entrambi`): how the student will use the unit. */
export function UsageStep({ value, onChange }: { value: UsageType | null; onChange: (usage: UsageType) => void }) {
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-medium text-slate-700">
        Questo articolo è «Lezione / Prestito»: scegli come lo userai.
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {USAGE_OPTIONS.map((option) => {
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 ${
                checked ? "border-indigo-500 bg-indigo-50/60" : "border-slate-200 hover:border-indigo-300"
              }`}
            >
              <input
                type="radio"
                name="tipo-utilizzo"
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="sr-only"
              />
              <option.icon
                className={`mt-0.5 size-5 shrink-0 ${checked ? "text-indigo-600" : "text-slate-500"}`}
                aria-hidden="true"
              />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{option.label}</span>
                <span className="mt-0.5 block text-xs text-slate-600">{option.text}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

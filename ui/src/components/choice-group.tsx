import { useId } from "react";
import { COVERING_INPUT } from "./covering-input";

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** Extra classes for the chosen option (e.g. an urgency's colour). */
  selectedClassName?: string;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}

/** A short list of options shown side by side as pills: radio buttons underneath, so arrows move between them. */
export function ChoiceGroup<T extends string>({ legend, choices, value, onChange }: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const selected = choice.value === value;
          return (
            <label
              key={choice.value}
              className={`relative cursor-pointer rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${
                selected
                  ? (choice.selectedClassName ?? "border-indigo-500 bg-indigo-50 text-indigo-700")
                  : "border-slate-200 text-slate-600 hover:bg-slate-50"
              }`}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={selected}
                onChange={() => onChange(choice.value)}
                className={COVERING_INPUT}
              />
              {choice.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

import type { ReturnCondition } from "../../../../api/prenotazioni";

const CONDITIONS: Record<ReturnCondition, string> = {
  ok: "Tutto ok",
  danneggiato: "Danneggiata",
  incompleto: "Incompleta",
};

/** The condition of one unit coming back: a damaged one goes to repair, as in the single return. */
export function ReturnConditionSelect({
  code,
  value,
  onChange,
}: {
  code: string;
  value: ReturnCondition;
  onChange: (value: ReturnCondition) => void;
}) {
  return (
    <label className="flex items-center gap-2 pl-7 text-sm text-slate-700">
      Condizione
      <select
        aria-label={`Condizione di ${code}`}
        value={value}
        onChange={(event) => onChange(event.target.value as ReturnCondition)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1"
      >
        {Object.entries(CONDITIONS).map(([condition, label]) => (
          <option key={condition} value={condition}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

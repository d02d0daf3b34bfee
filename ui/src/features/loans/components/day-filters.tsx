import type { LoanDayFilter } from "../../../api/loans";
import { LOAN_DAY_FILTERS } from "../hooks/use-loans-address";

/**
 * The desk's day over the active loans: everything, or only what is to be collected today, due today or
 * overdue. Each row keeps its own actions (hand over, end, cancel), so a filter is a to-do list.
 */
export function DayFilters({
  selected,
  onSelect,
}: {
  selected: LoanDayFilter | null;
  onSelect: (filter: LoanDayFilter | null) => void;
}) {
  const choices: { key: LoanDayFilter | null; label: string }[] = [{ key: null, label: "Tutti" }, ...LOAN_DAY_FILTERS];
  return (
    <fieldset className="mb-4 flex flex-wrap gap-2">
      <legend className="sr-only">Filtra i prestiti attivi</legend>
      {choices.map((choice) => (
        <button
          key={choice.label}
          type="button"
          aria-pressed={selected === choice.key}
          onClick={() => onSelect(choice.key)}
          className={`rounded-full border px-3 py-1 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
            selected === choice.key
              ? "border-indigo-600 bg-indigo-600 text-white"
              : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
          }`}
        >
          {choice.label}
        </button>
      ))}
    </fieldset>
  );
}

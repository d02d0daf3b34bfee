import type { LoanUnit, LoanView } from "../../../../../src/modules/loans/model";
import { RadioCard } from "../../../components/radio-card";

/** The new report's second step: which unit of the loan has the problem. */
export function ReportUnitStep({
  loan,
  units,
  selectedId,
  onSelect,
}: {
  loan: LoanView;
  units: LoanUnit[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-slate-700">Quale unità di {loan.oggetto_nome}?</legend>
      <ul className="space-y-2">
        {units.map((unit) => {
          const selected = unit.id === selectedId;
          return (
            <li key={unit.id}>
              <RadioCard name="report-unit" checked={selected} onSelect={() => onSelect(unit.id)}>
                <span className="min-w-0 flex-1">
                  <span className="block font-mono text-xs break-words text-slate-900">{unit.codice_univoco}</span>
                  {unit.note && <span className="block text-xs text-slate-600">{unit.note}</span>}
                </span>
              </RadioCard>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

import type { LoanUnit, LoanView } from "../../../../../src/modules/loans/model";
import { UnitChoices } from "../../../components/unit-choice";

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
    <UnitChoices
      name="report-unit"
      legend={`Quale unità di ${loan.oggetto_nome}?`}
      units={units}
      selectedId={selectedId}
      onSelect={onSelect}
    />
  );
}

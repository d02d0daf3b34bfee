import { CalendarClock, Package } from "lucide-react";
import { LOAN_STATE } from "../../../../../src/domain/bookings";
import type { LoanView } from "../../../../../src/modules/loans/model";
import { RadioCard } from "../../../components/radio-card";
import { formatDate } from "../../../lib/dates";

/** The new report's first step: which of the student's open loans, with its due date. */
export function ReportLoanStep({
  loans,
  selectedId,
  onSelect,
}: {
  loans: LoanView[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-slate-700">Su quale prestito vuoi segnalare un problema?</legend>
      <ul className="max-h-80 space-y-2 overflow-y-auto pr-1">
        {loans.map((loan) => {
          const selected = loan.id === selectedId;
          return (
            <li key={loan.id}>
              <RadioCard name="report-loan" checked={selected} onSelect={() => onSelect(loan.id)} align="start">
                <Package className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-slate-900">{loan.oggetto_nome}</span>
                  <span className="block font-mono text-xs break-words text-slate-600">{loan.unita.join(", ")}</span>
                  <span
                    className={`mt-1 flex items-center gap-1 text-xs ${loan.stato === LOAN_STATE.overdue ? "font-medium text-red-700" : "text-slate-500"}`}
                  >
                    <CalendarClock className="size-3.5" aria-hidden="true" />
                    {loan.stato === LOAN_STATE.overdue ? "Scaduto il" : "Da restituire entro il"}{" "}
                    {formatDate(loan.data_rientro)}
                  </span>
                </span>
              </RadioCard>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

import { PackageOpen } from "lucide-react";
import { LOAN_STATE } from "../../../../../src/domain/bookings";
import type { LoanView } from "../../../../../src/modules/loans/model";
import { EmptyState } from "../../../components/empty-state";
import { LoadingState } from "../../../components/spinner";
import { LoanStatusBadge } from "../../../components/status-badge";
import { daysLateText, formatDate } from "../../../lib/dates";

/** "Prestiti Attivi": open loans with their due dates; overdue ones in red. */
export function ActiveLoansList({ loans }: { loans: LoanView[] | undefined }) {
  if (!loans) return <LoadingState />;
  if (loans.length === 0) return <EmptyState icon={PackageOpen} title="Nessun prestito attivo" />;
  return (
    <ul aria-label="Prestiti attivi" className="divide-y divide-slate-100">
      {loans.map((loan) => {
        const overdue = loan.stato === LOAN_STATE.overdue;
        return (
          <li key={loan.id} className="flex items-start justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{loan.oggetto_nome}</p>
              {loan.unita.length > 0 && (
                <p className="font-mono text-xs break-words text-slate-500">{loan.unita.join(", ")}</p>
              )}
              <p className={`mt-0.5 text-sm ${overdue ? "font-semibold text-red-700" : "text-slate-600"}`}>
                Scadenza: {formatDate(loan.data_rientro)}
                {overdue && ` · ${daysLateText(loan.giorni_ritardo)}`}
              </p>
            </div>
            <LoanStatusBadge state={loan.stato} />
          </li>
        );
      })}
    </ul>
  );
}

import type { ReportView } from "../../../api/segnalazioni";
import { PriorityBadge, ReportStateBadge, ReportTypeBadge } from "../../../components/report-badges";
import { formatDateTime } from "../../../lib/dates";

export function MyReportList({ reports }: { reports: ReportView[] }) {
  return (
    <ul aria-label="Le mie segnalazioni" className="divide-y divide-slate-100">
      {reports.map((report) => (
        <li key={report.id} className="px-4 py-4 sm:px-5">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
            <div className="min-w-0">
              <h3 className="text-sm font-semibold text-slate-900">{report.inventario_nome}</h3>
              <p className="font-mono text-xs break-words text-slate-500">{report.codice_univoco}</p>
            </div>
            <div className="flex flex-wrap gap-1.5">
              <ReportTypeBadge value={report.tipo} />
              <PriorityBadge value={report.urgenza} title="Urgenza" />
              <ReportStateBadge value={report.stato} />
            </div>
          </div>
          <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{report.messaggio}</p>
          <p className="mt-2 text-xs text-slate-500">
            Inviata il <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
            {report.handled_at && (
              <>
                {" · "}aggiornata il <time dateTime={report.handled_at}>{formatDateTime(report.handled_at)}</time>
              </>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

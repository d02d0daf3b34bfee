import type { ReportView } from "../../../api/segnalazioni";
import { ReportHeading } from "../../../components/report-heading";
import { formatDateTime } from "../../../lib/dates";

export function MyReportList({ reports }: { reports: ReportView[] }) {
  return (
    <ul aria-label="Le mie segnalazioni" className="divide-y divide-slate-100">
      {reports.map((report) => (
        <li key={report.id} className="px-4 py-4 sm:px-5">
          <ReportHeading report={report} />
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

import type { ReportView } from "../api/segnalazioni";
import { PriorityBadge, ReportStateBadge, ReportTypeBadge } from "./report-badges";

/** A fault report's unit, then its type, urgency and state: how the student's and the desk's lists head each report. */
export function ReportHeading({ report }: { report: ReportView }) {
  return (
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
  );
}

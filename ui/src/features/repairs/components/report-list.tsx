import { ArrowRight, PackageX, Wrench } from "lucide-react";
import { canMoveReport, REPORT_STATES, type ReportState } from "../../../../../src/domain/repairs";
import type { ReportView } from "../../../api/segnalazioni";
import { Button } from "../../../components/button";
import { Picture } from "../../../components/picture";
import { REPORT_STATE_LABELS } from "../../../components/report-badges";
import { ReportHeading } from "../../../components/report-heading";
import { formatDateTime, formatRelativeTime } from "../../../lib/dates";

interface ReportListProps {
  reports: ReportView[];
  onMove: (report: ReportView, stato: ReportState) => void;
  onConfirmLoss: (report: ReportView) => void;
  onCreateRepair: (report: ReportView) => void;
  onOpenRepair: (repairId: number) => void;
}

function reporterName(report: ReportView): string {
  return `${report.utente_nome ?? ""} ${report.utente_cognome ?? ""}`.trim() || "Utente eliminato";
}

/** Every fault report, with the moves the desk may still make on it. */
export function ReportList({ reports, onMove, onConfirmLoss, onCreateRepair, onOpenRepair }: ReportListProps) {
  return (
    <ul aria-label="Elenco segnalazioni" className="divide-y divide-slate-100">
      {reports.map((report) => {
        const moves = REPORT_STATES.filter((state) => canMoveReport(report.stato, state));
        const stillOpen = canMoveReport(report.stato, "risolta");
        return (
          <li key={report.id} className="px-4 py-4 sm:px-5">
            <article aria-label={`Segnalazione #${report.id}`}>
              <ReportHeading report={report} />
              <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{report.messaggio}</p>
              {report.foto.length > 0 && (
                <ul aria-label="Foto del guasto" className="mt-2 flex flex-wrap gap-2">
                  {report.foto.map((url, index) => (
                    <li key={url}>
                      <Picture
                        url={url}
                        alt={`Foto ${index + 1} della segnalazione`}
                        className="size-24 rounded-lg bg-slate-100 object-cover"
                      />
                    </li>
                  ))}
                </ul>
              )}
              <p className="mt-2 text-xs text-slate-500">
                Segnalata da <span className="font-medium text-slate-700">{reporterName(report)}</span>
                {report.utente_email && <span className="break-words"> · {report.utente_email}</span>}
                {" · "}
                <time dateTime={report.created_at} title={formatDateTime(report.created_at)}>
                  {formatDateTime(report.created_at)} ({formatRelativeTime(report.created_at)})
                </time>
              </p>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                {moves.length > 0 && (
                  <select
                    aria-label={`Cambia stato della segnalazione #${report.id}`}
                    value=""
                    onChange={(event) => onMove(report, event.target.value as ReportState)}
                    className="rounded-lg border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm text-slate-700 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
                  >
                    <option value="" disabled>
                      Cambia stato...
                    </option>
                    {moves.map((state) => (
                      <option key={state} value={state}>
                        {REPORT_STATE_LABELS[state]}
                      </option>
                    ))}
                  </select>
                )}
                {report.tipo === "perdita" && stillOpen && (
                  <Button variant="danger" icon={PackageX} onClick={() => onConfirmLoss(report)} className="py-1.5">
                    Conferma perdita
                  </Button>
                )}
                <Button
                  variant="secondary"
                  icon={Wrench}
                  disabled={report.riparazione_id !== null || !stillOpen}
                  title={
                    report.riparazione_id !== null ? "Esiste già una riparazione per questa segnalazione" : undefined
                  }
                  onClick={() => onCreateRepair(report)}
                  className="py-1.5"
                >
                  Crea riparazione
                </Button>
                {report.riparazione_id !== null && (
                  <Button
                    variant="ghost"
                    icon={ArrowRight}
                    onClick={() => onOpenRepair(report.riparazione_id as number)}
                    className="py-1.5"
                  >
                    Riparazione #{report.riparazione_id}
                  </Button>
                )}
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

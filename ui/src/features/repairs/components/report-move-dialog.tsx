import type { ReportState } from "../../../../../src/domain/repairs";
import { type ReportView, useUpdateReportState } from "../../../api/segnalazioni";
import { REPORT_STATE_LABELS } from "../../../components/report-badges";
import { useToast } from "../../../components/toast";
import { ActionDialog } from "./action-dialog";

interface ReportMoveDialogProps {
  report: ReportView;
  /** `lost` resolves a loss report and marks its unit lost. */
  move: { kind: "state"; stato: ReportState } | { kind: "lost" };
  onClose: () => void;
}

/** Confirms moving a report on: its state never goes back, and a confirmed loss takes the unit out of service. */
export function ReportMoveDialog({ report, move, onClose }: ReportMoveDialogProps) {
  const updateReport = useUpdateReportState();
  const showToast = useToast();
  const lost = move.kind === "lost";
  const target = lost ? "risolta" : move.stato;

  function confirm() {
    updateReport.mutate(lost ? { id: report.id, stato: "risolta", esito: "perso" } : { id: report.id, stato: target }, {
      onSuccess: () => {
        showToast(
          lost
            ? `Perdita confermata: ${report.codice_univoco} è segnata come persa`
            : `Segnalazione #${report.id}: ${REPORT_STATE_LABELS[target]}`,
        );
        onClose();
      },
    });
  }

  return (
    <ActionDialog
      title={lost ? "Conferma perdita" : "Cambia stato"}
      description={`Segnalazione #${report.id} · ${report.inventario_nome} · ${report.codice_univoco}`}
      confirmLabel={lost ? "Conferma perdita" : `Segna come ${REPORT_STATE_LABELS[target]}`}
      tone={lost ? "danger" : "primary"}
      busy={updateReport.isPending}
      error={updateReport.error?.message}
      onConfirm={confirm}
      onCancel={onClose}
    >
      {lost ? (
        <p>
          L'unità <strong className="font-mono text-xs break-words">{report.codice_univoco}</strong> sarà segnata come
          persa e non potrà più essere prestata. La segnalazione sarà risolta.
        </p>
      ) : (
        <p>
          La segnalazione passerà da <strong>{REPORT_STATE_LABELS[report.stato]}</strong> a{" "}
          <strong>{REPORT_STATE_LABELS[target]}</strong>. Lo stato di una segnalazione può solo avanzare: non potrai
          riportarla indietro.
        </p>
      )}
    </ActionDialog>
  );
}

import { useCreateRepairFromReport } from "../../../api/riparazioni";
import type { ReportView } from "../../../api/segnalazioni";
import { PriorityBadge, REPORT_TYPE_LABELS, ReportTypeBadge } from "../../../components/report-badges";
import { RepairCreatedDialog, useRepairCreated } from "./repair-created";
import { RepairDetailsDialog } from "./repair-details-dialog";

/** Opens a repair of the reported unit, starting from what the student wrote and how urgent they said it was. */
export function RepairFromReportModal({ report, onClose }: { report: ReportView; onClose: () => void }) {
  const { created, onCreated } = useRepairCreated(onClose);
  const createRepair = useCreateRepairFromReport();
  const title = "Crea riparazione";
  const description = `${report.inventario_nome} · ${report.codice_univoco}`;

  // Another component in its place mounts a new dialog, so focus moves into it again (the submit button just disappeared).
  if (created)
    return <RepairCreatedDialog repair={created} title={title} description={description} onClose={onClose} />;

  return (
    <RepairDetailsDialog
      title={title}
      description={description}
      initial={{
        descrizione: `${REPORT_TYPE_LABELS[report.tipo]}: ${report.messaggio}`,
        note_tecniche: "",
        priorita: report.urgenza,
      }}
      submitLabel="Crea riparazione"
      busy={createRepair.isPending}
      error={createRepair.error?.message}
      onSave={(details) => createRepair.mutate({ reportId: report.id, details }, { onSuccess: onCreated })}
      onClose={onClose}
    >
      <div className="rounded-lg bg-slate-50 p-3 text-sm">
        <div className="flex flex-wrap gap-1.5">
          <ReportTypeBadge value={report.tipo} />
          <PriorityBadge value={report.urgenza} title="Urgenza" />
        </div>
        <p className="mt-2 whitespace-pre-line text-slate-700">{report.messaggio}</p>
      </div>
    </RepairDetailsDialog>
  );
}

import type { ReportState } from "../../../../../src/domain/repairs";
import type { RepairOutcome, RepairView } from "../../../api/riparazioni";
import type { ReportView } from "../../../api/segnalazioni";
import { CloseRepairDialog } from "./close-repair-dialog";
import { EditRepairModal } from "./edit-repair-modal";
import { RepairDetailsModal } from "./repair-details-modal";
import { RepairFromReportModal } from "./repair-from-report-modal";
import { ReportMoveDialog } from "./report-move-dialog";

/** The dialog open over the repairs page; one at a time. */
export type RepairsDialog =
  | { kind: "new" }
  | { kind: "details"; repairId: number }
  | { kind: "edit"; repair: RepairView; fromDetails: boolean }
  | { kind: "close"; repair: RepairView; outcome: RepairOutcome; fromDetails: boolean }
  | { kind: "report-move"; report: ReportView; stato: ReportState }
  | { kind: "report-lost"; report: ReportView }
  | { kind: "report-repair"; report: ReportView };

/**
 * The dialog that `dialog` names, over the repairs page. Editing or closing a repair opened from its
 * details goes back to the details; opened from the list, back to the list.
 */
export function RepairsDialogs({
  dialog,
  setDialog,
  repairs,
}: {
  dialog: RepairsDialog | null;
  setDialog: (dialog: RepairsDialog | null) => void;
  repairs: RepairView[] | undefined;
}) {
  const backToDetails = (repair: RepairView, fromDetails: boolean) =>
    setDialog(fromDetails ? { kind: "details", repairId: repair.id } : null);

  return (
    <>
      {dialog?.kind === "details" && (
        <RepairDetailsModal
          repair={repairs?.find((repair) => repair.id === dialog.repairId)}
          onClose={() => setDialog(null)}
          onEdit={(repair) => setDialog({ kind: "edit", repair, fromDetails: true })}
          onComplete={(repair) => setDialog({ kind: "close", repair, outcome: "completata", fromDetails: true })}
          onCancelRepair={(repair) => setDialog({ kind: "close", repair, outcome: "annullata", fromDetails: true })}
        />
      )}
      {dialog?.kind === "edit" && (
        <EditRepairModal repair={dialog.repair} onClose={() => backToDetails(dialog.repair, dialog.fromDetails)} />
      )}
      {dialog?.kind === "close" && (
        <CloseRepairDialog
          repair={dialog.repair}
          outcome={dialog.outcome}
          onBack={() => backToDetails(dialog.repair, dialog.fromDetails)}
          onClosed={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "report-move" && (
        <ReportMoveDialog
          report={dialog.report}
          move={{ kind: "state", stato: dialog.stato }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "report-lost" && (
        <ReportMoveDialog report={dialog.report} move={{ kind: "lost" }} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "report-repair" && (
        <RepairFromReportModal report={dialog.report} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

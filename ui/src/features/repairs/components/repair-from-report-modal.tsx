import { type FormEvent, useState } from "react";
import { useCreateRepairFromReport } from "../../../api/riparazioni";
import type { ReportView } from "../../../api/segnalazioni";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Modal, ModalActions } from "../../../components/modal";
import { PriorityBadge, REPORT_TYPE_LABELS, ReportTypeBadge } from "../../../components/report-badges";
import { RepairCreatedDialog, useRepairCreated } from "./repair-created";
import { RepairFields, repairDetailsProblem } from "./repair-fields";

/** Opens a repair of the reported unit, starting from what the student wrote and how urgent they said it was. */
export function RepairFromReportModal({ report, onClose }: { report: ReportView; onClose: () => void }) {
  const [details, setDetails] = useState({
    descrizione: `${REPORT_TYPE_LABELS[report.tipo]}: ${report.messaggio}`,
    note_tecniche: "",
    priorita: report.urgenza,
  });
  const [triedToSave, setTriedToSave] = useState(false);
  const { created, onCreated } = useRepairCreated(onClose);
  const createRepair = useCreateRepairFromReport();
  const title = "Crea riparazione";
  const description = `${report.inventario_nome} · ${report.codice_univoco}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSave(true);
    if (repairDetailsProblem(details)) return;
    createRepair.mutate({ reportId: report.id, details }, { onSuccess: onCreated });
  }

  // Another component in its place mounts a new dialog, so focus moves into it again (the submit button just disappeared).
  if (created)
    return <RepairCreatedDialog repair={created} title={title} description={description} onClose={onClose} />;

  const error = createRepair.error?.message;
  return (
    <Modal title={title} description={description} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="rounded-lg bg-slate-50 p-3 text-sm">
          <div className="flex flex-wrap gap-1.5">
            <ReportTypeBadge value={report.tipo} />
            <PriorityBadge value={report.urgenza} title="Urgenza" />
          </div>
          <p className="mt-2 whitespace-pre-line text-slate-700">{report.messaggio}</p>
        </div>
        <RepairFields value={details} onChange={setDetails} showProblems={triedToSave} />
        {error && <Alert tone="error">{error}</Alert>}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" busy={createRepair.isPending}>
            Crea riparazione
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

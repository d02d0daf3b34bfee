import { type FormEvent, useState } from "react";
import { type CreatedRepair, useCreateRepairFromReport } from "../../../api/riparazioni";
import type { ReportView } from "../../../api/segnalazioni";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Modal, ModalActions } from "../../../components/modal";
import { PriorityBadge, REPORT_TYPE_LABELS, ReportTypeBadge } from "../../../components/report-badges";
import { useToast } from "../../../components/toast";
import { RepairCreated } from "./repair-created";
import { RepairFields, repairDetailsProblem } from "./repair-fields";

/** Opens a repair of the reported unit, starting from what the student wrote and how urgent they said it was. */
export function RepairFromReportModal({ report, onClose }: { report: ReportView; onClose: () => void }) {
  const [details, setDetails] = useState({
    descrizione: `${REPORT_TYPE_LABELS[report.tipo]}: ${report.messaggio}`,
    note_tecniche: "",
    priorita: report.urgenza,
  });
  const [triedToSave, setTriedToSave] = useState(false);
  const [created, setCreated] = useState<CreatedRepair | null>(null);
  const createRepair = useCreateRepairFromReport();
  const showToast = useToast();
  const title = "Crea riparazione";
  const description = `${report.inventario_nome} · ${report.codice_univoco}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSave(true);
    if (repairDetailsProblem(details)) return;
    createRepair.mutate(
      { reportId: report.id, details },
      {
        onSuccess: (repair) => {
          if (repair.avvisi_prenotazioni.length > 0) return setCreated(repair);
          showToast(`Riparazione creata: ${repair.codice_univoco} è in riparazione`);
          onClose();
        },
      },
    );
  }

  if (created)
    return (
      // A new key remounts the dialog, so focus moves into it again (the submit button just disappeared).
      <Modal key="created" title={title} description={description} onClose={onClose} size="lg">
        <RepairCreated repair={created} />
        <ModalActions>
          <Button onClick={onClose}>Chiudi</Button>
        </ModalActions>
      </Modal>
    );

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

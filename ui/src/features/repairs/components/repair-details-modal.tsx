import { CheckCircle2, Pencil, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { canCloseRepair } from "../../../../../src/domain/repairs";
import type { RepairView } from "../../../api/riparazioni";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { CloseActions } from "../../../components/form-actions";
import { Modal, ModalActions } from "../../../components/modal";
import { PriorityBadge } from "../../../components/report-badges";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { RepairStateBadge } from "./repair-labels";

interface RepairDetailsModalProps {
  /** Missing when the repair asked for is not (or no longer) in the list. */
  repair: RepairView | undefined;
  onClose: () => void;
  onEdit: (repair: RepairView) => void;
  onComplete: (repair: RepairView) => void;
  onCancelRepair: (repair: RepairView) => void;
}

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? "sm:col-span-2" : ""}`}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function RepairDetailsModal({ repair, onClose, onEdit, onComplete, onCancelRepair }: RepairDetailsModalProps) {
  if (!repair)
    return (
      <Modal title="Dettagli Riparazione" onClose={onClose}>
        <Alert tone="error">Riparazione non trovata</Alert>
        <CloseActions onClose={onClose} />
      </Modal>
    );

  const open = canCloseRepair(repair.stato);
  return (
    <Modal title="Dettagli Riparazione" description={repair.articolo_nome} onClose={onClose} size="lg">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail label="Articolo">{repair.articolo_nome}</Detail>
        <Detail label="ID specifico">
          <span className="font-mono text-xs break-words">{repair.codice_univoco}</span>
        </Detail>
        <Detail label="Stato">
          <RepairStateBadge value={repair.stato} />
        </Detail>
        <Detail label="Priorità">
          <PriorityBadge value={repair.priorita} />
        </Detail>
        <Detail label="Creata il">{formatDateTime(repair.created_at)}</Detail>
        <Detail label="Periodo">
          dal {formatDate(repair.data_inizio)}
          {repair.data_fine ? ` al ${formatDate(repair.data_fine)}` : " · ancora in corso"}
        </Detail>
        {repair.segnalazione_id && (
          <Detail label="Segnalazione">Aperta dalla segnalazione #{repair.segnalazione_id}</Detail>
        )}
        <Detail label="Descrizione" wide>
          <span className="whitespace-pre-line">{repair.descrizione}</span>
        </Detail>
        <Detail label="Note tecniche" wide>
          {repair.note ? (
            <span className="whitespace-pre-line">{repair.note}</span>
          ) : (
            <span className="text-slate-500">Nessuna nota</span>
          )}
        </Detail>
      </dl>
      <ModalActions>
        {open ? (
          <>
            <Button variant="secondary" icon={Pencil} onClick={() => onEdit(repair)}>
              Modifica
            </Button>
            <Button variant="secondary" icon={XCircle} onClick={() => onCancelRepair(repair)}>
              Annulla riparazione
            </Button>
            <Button icon={CheckCircle2} onClick={() => onComplete(repair)}>
              Completa
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            Chiudi
          </Button>
        )}
      </ModalActions>
    </Modal>
  );
}

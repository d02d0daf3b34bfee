import { Ban, CircleCheck } from "lucide-react";
import { DESK_OFFICE } from "../../../../../src/domain/loan-rules";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Modal, ModalActions } from "../../../components/modal";

export type ApprovalOutcome =
  | { kind: "approved"; borrower: string; itemName: string; warning: string }
  | { kind: "blocked"; borrower: string; message: string; reason: string | null };

/** What the desk must know after an approval: a borrower close to a block, or one already blocked. */
export function ApprovalOutcomeDialog({ outcome, onClose }: { outcome: ApprovalOutcome; onClose: () => void }) {
  if (outcome.kind === "blocked")
    return (
      <Modal title="Utente bloccato" description={outcome.borrower} onClose={onClose} size="sm">
        <div className="flex gap-3">
          <Ban className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
          <div className="space-y-2 text-sm text-slate-700">
            <p>{outcome.message}</p>
            {outcome.reason && (
              <p>
                <span className="font-medium">Motivo:</span> {outcome.reason}
              </p>
            )}
            <p className="font-medium">L'utente deve presentarsi di persona all'{DESK_OFFICE} per lo sblocco.</p>
          </div>
        </div>
        <ModalActions>
          <Button onClick={onClose}>Ho capito</Button>
        </ModalActions>
      </Modal>
    );
  return (
    <Modal title="Richiesta Approvata!" description={outcome.borrower} onClose={onClose} size="sm">
      <div className="space-y-4">
        <p className="flex gap-2 text-sm text-slate-700">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          Il prestito è attivo: l'attrezzatura ({outcome.itemName}) può essere ritirata.
        </p>
        <Alert tone="warning">{outcome.warning}</Alert>
      </div>
      <ModalActions>
        <Button onClick={onClose}>Ho capito</Button>
      </ModalActions>
    </Modal>
  );
}

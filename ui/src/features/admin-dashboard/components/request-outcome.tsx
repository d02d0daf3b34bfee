import { CircleCheck } from "lucide-react";
import { DESK_OFFICE } from "../../../../../src/domain/loan-rules";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ModalActions } from "../../../components/modal";

/** An outcome ends the dialog: "Chiudi", which takes the focus as the step shows. */
function CloseOutcome({ onClose }: { onClose: () => void }) {
  return (
    <ModalActions>
      <Button onClick={onClose} data-step-focus>
        Chiudi
      </Button>
    </ModalActions>
  );
}

/** The request is approved: the loan exists, with the server's strike warning if it gave one. */
export function RequestApproved({
  borrower,
  itemName,
  warning,
  onClose,
}: {
  borrower: string;
  itemName: string;
  warning: string | null;
  onClose: () => void;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-col items-center py-2 text-center">
        <div className="mb-3 flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CircleCheck className="size-7" aria-hidden="true" />
        </div>
        <p className="text-lg font-semibold text-slate-900">Richiesta Approvata!</p>
        <p className="mt-1 text-sm text-slate-600">
          Il prestito è attivo: {borrower} può ritirare l'attrezzatura ({itemName}).
        </p>
      </div>
      {warning && <Alert tone="warning">{warning}</Alert>}
      <CloseOutcome onClose={onClose} />
    </div>
  );
}

/** The approval was refused because the borrower is blocked: why, and where they go to be unblocked. */
export function RequestBorrowerBlocked({
  message,
  reason,
  onClose,
}: {
  message: string;
  reason: string | null;
  onClose: () => void;
}) {
  return (
    <div className="space-y-4">
      <Alert tone="error">
        <p className="font-semibold">Utente bloccato: richiesta non approvata</p>
        <p className="mt-1">{message}</p>
        {reason && (
          <p className="mt-1">
            <span className="font-medium">Motivo:</span> {reason}
          </p>
        )}
        <p className="mt-1">L'utente deve presentarsi di persona all'{DESK_OFFICE} per lo sblocco.</p>
      </Alert>
      <CloseOutcome onClose={onClose} />
    </div>
  );
}

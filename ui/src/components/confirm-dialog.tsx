import { Button } from "./button";
import { Modal, ModalActions } from "./modal";

interface ConfirmDialogProps {
  title: string;
  /** Who or what the action concerns, under the title. */
  description?: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/** Asks before a destructive action; focus starts on "Annulla" so Enter never destroys by accident. */
export function ConfirmDialog({
  title,
  description,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} description={description} onClose={onCancel} size="sm">
      <p className="text-sm text-slate-600">{message}</p>
      <ModalActions>
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Annulla
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}

import type { ReactNode } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Modal, ModalActions } from "../../../components/modal";

interface ActionDialogProps {
  title: string;
  /** What the action concerns, under the title. */
  description: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: "primary" | "danger";
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action that cannot be undone (closing a repair, moving a report on). The way out is
 * "Indietro", never "Annulla", which here would read as "cancel the repair".
 */
export function ActionDialog({
  title,
  description,
  children,
  confirmLabel,
  tone = "primary",
  busy,
  error,
  onConfirm,
  onCancel,
}: ActionDialogProps) {
  return (
    <Modal title={title} description={description} onClose={onCancel} size="sm">
      <div className="space-y-4 text-sm text-slate-600">
        {children}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
      <ModalActions>
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Indietro
        </Button>
        <Button variant={tone} onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}

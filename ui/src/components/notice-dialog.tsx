import { Button } from "./button";
import { Modal, ModalActions } from "./modal";

interface NoticeDialogProps {
  title: string;
  message: string;
  onClose: () => void;
  closeLabel?: string;
}

/** Tells the user something they can only acknowledge, such as why an action was refused. */
export function NoticeDialog({ title, message, onClose, closeLabel = "Ho capito" }: NoticeDialogProps) {
  return (
    <Modal title={title} onClose={onClose} size="sm">
      <p className="text-sm text-slate-600">{message}</p>
      <ModalActions>
        <Button onClick={onClose} data-autofocus>
          {closeLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}

import { Ban, type LucideIcon } from "lucide-react";
import { Alert } from "./alert";
import { Button } from "./button";
import { ModalActions } from "./modal";

interface FormActionsProps {
  /** What stopped the last attempt, shown above the buttons. */
  error?: string | null;
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  variant?: "primary" | "danger";
  icon?: LucideIcon;
  disabled?: boolean;
}

/** The foot of a dialog's form: its refusal if any, "Annulla" to close, and the button that submits. */
export function FormActions({ error, onCancel, submitLabel, busy, variant, icon, disabled }: FormActionsProps) {
  return (
    <>
      {error && <Alert tone="error">{error}</Alert>}
      <ModalActions>
        <Button variant="secondary" onClick={onCancel}>
          Annulla
        </Button>
        <Button type="submit" variant={variant} icon={icon} busy={busy} disabled={disabled}>
          {submitLabel}
        </Button>
      </ModalActions>
    </>
  );
}

/** The foot of a refusal's form: a refusal is always sent with the red "Ban" button. */
export function RefusalActions(props: Pick<FormActionsProps, "error" | "onCancel" | "submitLabel" | "busy">) {
  return <FormActions {...props} variant="danger" icon={Ban} />;
}

/** The foot of a dialog that only shows something: "Chiudi", which may take the focus when it opens. */
export function CloseActions({ onClose, takesFocus = false }: { onClose: () => void; takesFocus?: boolean }) {
  return (
    <ModalActions>
      <Button variant="secondary" onClick={onClose} data-autofocus={takesFocus || undefined}>
        Chiudi
      </Button>
    </ModalActions>
  );
}

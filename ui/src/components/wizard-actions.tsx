import type { ButtonHTMLAttributes } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { ModalActions } from "./modal";

/**
 * The foot of a step-by-step dialog: the server's refusal if there is one, then Annulla on the first step
 * or Indietro after it, and the submit button, "Avanti" until the last step, where it says `finishLabel`.
 */
export function WizardActions({
  step,
  stepCount,
  finishLabel,
  error,
  busy,
  submitProps,
  onCancel,
  onBack,
}: {
  step: number;
  stepCount: number;
  finishLabel: string;
  error: string | undefined;
  busy: boolean;
  /** Disables the submit button and says why (see useDisabledReason). */
  submitProps: ButtonHTMLAttributes<HTMLButtonElement>;
  onCancel: () => void;
  onBack: () => void;
}) {
  return (
    <>
      {error && (
        <div className="mt-4">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      <ModalActions>
        {step === 1 ? (
          <Button variant="secondary" onClick={onCancel}>
            Annulla
          </Button>
        ) : (
          <Button variant="secondary" onClick={onBack}>
            Indietro
          </Button>
        )}
        <Button type="submit" busy={busy} {...submitProps}>
          {step < stepCount ? "Avanti" : finishLabel}
        </Button>
      </ModalActions>
    </>
  );
}

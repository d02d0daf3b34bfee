import { type FormEvent, type ReactNode, useState } from "react";
import type { RepairDetails } from "../../../api/riparazioni";
import { FormActions } from "../../../components/form-actions";
import { Modal } from "../../../components/modal";
import { RepairFields, repairDetailsProblem } from "./repair-fields";

interface RepairDetailsDialogProps {
  title: string;
  description: string;
  /** What the fields start from. */
  initial: RepairDetails;
  submitLabel: string;
  busy: boolean;
  error?: string;
  /** Called with details that pass the checks; the caller writes them. */
  onSave: (details: RepairDetails) => void;
  onClose: () => void;
  /** Shown above the fields (what the repair starts from). */
  children?: ReactNode;
}

/** A dialog that asks for a repair's details and saves them: the same form for opening and for editing one. */
export function RepairDetailsDialog({
  title,
  description,
  initial,
  submitLabel,
  busy,
  error,
  onSave,
  onClose,
  children,
}: RepairDetailsDialogProps) {
  const [details, setDetails] = useState(initial);
  const [triedToSave, setTriedToSave] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSave(true);
    if (repairDetailsProblem(details)) return;
    onSave(details);
  }

  return (
    <Modal title={title} description={description} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        {children}
        <RepairFields value={details} onChange={setDetails} showProblems={triedToSave} />
        <FormActions error={error} onCancel={onClose} submitLabel={submitLabel} busy={busy} />
      </form>
    </Modal>
  );
}

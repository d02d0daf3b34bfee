import { Ban } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type SetSummary, useRefuseSet } from "../../../../api/prenotazioni";
import { Alert } from "../../../../components/alert";
import { Button } from "../../../../components/button";
import { TextAreaField } from "../../../../components/form-field";
import { Modal, ModalActions } from "../../../../components/modal";
import { useToast } from "../../../../components/toast";
import { setBorrower } from "./set-borrower";

/** Refusing the whole set needs one reason, which the student reads in one notification. */
export function RefuseSetDialog({ set, onClose }: { set: SetSummary; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const refuse = useRefuseSet();
  const showToast = useToast();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    setMissing(!trimmed);
    if (!trimmed) return;
    refuse.mutate(
      { id: set.id, reason: trimmed },
      {
        onSuccess: () => {
          showToast(`Set di ${setBorrower(set)} rifiutato`);
          onClose();
        },
      },
    );
  }

  return (
    <Modal title="Rifiuta il set" description={setBorrower(set)} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextAreaField
          label="Motivazione del rifiuto"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={missing ? "Motivazione del rifiuto richiesta" : null}
          placeholder="Es. l'attrezzatura serve a una lezione in quei giorni"
        />
        {refuse.error && <Alert tone="error">{refuse.error.message}</Alert>}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" variant="danger" icon={Ban} busy={refuse.isPending}>
            Rifiuta il set
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

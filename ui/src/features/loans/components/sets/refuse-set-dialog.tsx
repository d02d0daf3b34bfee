import { type SetSummary, useRefuseSet } from "../../../../api/prenotazioni";
import { RefusalActions } from "../../../../components/form-actions";
import { TextAreaField } from "../../../../components/form-field";
import { Modal } from "../../../../components/modal";
import { REFUSAL_REASON_MISSING, useRefusalReason } from "../../../../components/refusal-reason";
import { useToast } from "../../../../components/toast";
import { setBorrower } from "./set-borrower";

/** Refusing the whole set needs one reason, which the student reads in one notification. */
export function RefuseSetDialog({ set, onClose }: { set: SetSummary; onClose: () => void }) {
  const refuse = useRefuseSet();
  const showToast = useToast();
  const { reason, setReason, missing, submit } = useRefusalReason((reason) =>
    refuse.mutate(
      { id: set.id, reason },
      {
        onSuccess: () => {
          showToast(`Set di ${setBorrower(set)} rifiutato`);
          onClose();
        },
      },
    ),
  );

  return (
    <Modal title="Rifiuta il set" description={setBorrower(set)} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextAreaField
          label="Motivazione del rifiuto"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={missing ? REFUSAL_REASON_MISSING : null}
          placeholder="Es. l'attrezzatura serve a una lezione in quei giorni"
        />
        <RefusalActions
          error={refuse.error?.message}
          onCancel={onClose}
          submitLabel="Rifiuta il set"
          busy={refuse.isPending}
        />
      </form>
    </Modal>
  );
}

import { useId } from "react";
import { REQUEST_STATE } from "../../../../../src/domain/bookings";
import type { RequestView } from "../../../../../src/modules/loans/model";
import { useRejectRequest } from "../../../api/richieste";
import { RefusalActions } from "../../../components/form-actions";
import { Modal } from "../../../components/modal";
import { REFUSAL_REASON_MISSING, useRefusalReason } from "../../../components/refusal-reason";
import { REFUSAL_REASON_INPUT, RefusalReasonLabel } from "../../../components/refusal-reason-label";
import { useToast } from "../../../components/toast";
import { ApiError } from "../../../lib/api";
import { notifyRequestStatus } from "../../../lib/desktop-notification";

/** Refusing needs a reason, which the student will read. */
export function RefuseRequestModal({ request, onClose }: { request: RequestView; onClose: () => void }) {
  const reject = useRejectRequest("motivazione");
  const showToast = useToast();
  const reasonId = useId();
  const borrower = `${request.utente_nome ?? ""} ${request.utente_cognome ?? ""}`.trim();

  const { reason, setReason, missing, submit } = useRefusalReason((reason) =>
    reject.mutate(
      { requestId: request.id, reason },
      {
        onSuccess: () => {
          showToast(`Richiesta di ${borrower} rifiutata`);
          void notifyRequestStatus(request, REQUEST_STATE.refused);
          onClose();
        },
      },
    ),
  );

  const error = missing
    ? REFUSAL_REASON_MISSING
    : reject.error &&
      (reject.error instanceof ApiError && reject.error.status > 0 ? reject.error.message : "Errore nel rifiuto");
  return (
    <Modal
      title="Rifiuta richiesta"
      description={`${borrower} · ${request.oggetto_nome} (${request.codice_univoco})`}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <RefusalReasonLabel htmlFor={reasonId} />
          <textarea
            id={reasonId}
            rows={3}
            required
            aria-required="true"
            aria-invalid={missing}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            placeholder="Es. l'attrezzatura serve a una lezione in quei giorni"
            className={REFUSAL_REASON_INPUT}
          />
        </div>
        <RefusalActions error={error} onCancel={onClose} submitLabel="Rifiuta richiesta" busy={reject.isPending} />
      </form>
    </Modal>
  );
}

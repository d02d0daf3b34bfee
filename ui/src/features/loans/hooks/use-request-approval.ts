import { REQUEST_STATE } from "../../../../../src/domain/bookings";
import type { RequestView } from "../../../../../src/modules/loans/model";
import { useApproveRequest } from "../../../api/richieste";
import { useToast } from "../../../components/toast";
import { ApiError } from "../../../lib/api";
import { notifyRequestStatus } from "../../../lib/desktop-notification";
import type { ApprovalOutcome } from "../components/approval-outcome-dialog";
import { fullName } from "../components/entry-fields";
import { failureText } from "../utils/failure-text";

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value : null;
}

/**
 * Approving a pending request from the desk. Once the server has decided, `onSettled` closes what showed
 * the request; a strike warning or a blocked student then comes back through `onOutcome`, anything else
 * as a toast (after a plain failure the request stays shown).
 */
export function useRequestApproval(handlers: {
  onSettled: (request: RequestView) => void;
  onOutcome: (outcome: ApprovalOutcome) => void;
}) {
  const approve = useApproveRequest();
  const showToast = useToast();

  function approveRequest(request: RequestView) {
    approve.mutate(
      { requestId: request.id },
      {
        onSuccess: (answer) => {
          handlers.onSettled(request);
          void notifyRequestStatus(request, REQUEST_STATE.approved);
          const info = answer.penaltyInfo;
          // The server decides when strikes deserve a warning; the screen shows it as given.
          if (info?.warning) {
            handlers.onOutcome({
              kind: "approved",
              borrower: fullName(request),
              itemName: request.oggetto_nome,
              warning: info.warning,
            });
            return;
          }
          if (info?.hasStrikes) console.info(`Richiesta #${request.id}: l'utente ha ${info.strikes} penalità`);
          showToast(`Richiesta Approvata! ${fullName(request)} può ritirare l'attrezzatura (${request.oggetto_nome}).`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body.userBlocked === true) {
            handlers.onSettled(request);
            handlers.onOutcome({
              kind: "blocked",
              borrower: fullName(request),
              message: text(error.body.message) ?? "L'utente è bloccato e non può ricevere prestiti.",
              reason: text(error.body.reason),
            });
            return;
          }
          showToast(failureText(error, "Errore nell'approvazione"), "error");
        },
      },
    );
  }

  return {
    approveRequest,
    /** Any approval under way (the details dialog's button). */
    approving: approve.isPending,
    /** Whether `request`'s own approval is under way (its row's button). */
    isApproving: (request: RequestView) => approve.isPending && approve.variables?.requestId === request.id,
  };
}

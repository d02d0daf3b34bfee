import type { LoanView, RequestView, ReturnAnswer } from "../../../../../src/modules/loans/model";
import { useCancelLoan } from "../../../api/loans";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ExtensionDialog } from "../../../components/extension/extension-dialog";
import { HandOverDialog } from "../../../components/loan-desk/handover-dialog";
import { ReturnDialog } from "../../../components/loan-desk/return-dialog";
import { useToast } from "../../../components/toast";
import { daysLateText } from "../../../lib/dates";
import { failureText } from "../utils/failure-text";
import { type ApprovalOutcome, ApprovalOutcomeDialog } from "./approval-outcome-dialog";
import { LoanDetailsModal } from "./loan-details-modal";
import { NewLoanWizard } from "./new-loan/new-loan-wizard";
import { RefuseRequestModal } from "./refuse-request-modal";
import { RequestDetailsModal } from "./request-details-modal";

/** The one dialog the loans screen shows at a time. */
export type LoansDialog =
  | { kind: "loan"; loan: LoanView }
  | { kind: "end"; loan: LoanView }
  | { kind: "handover"; loan: LoanView }
  | { kind: "cancel"; loan: LoanView }
  | { kind: "extend"; loan: LoanView }
  | { kind: "request"; request: RequestView }
  | { kind: "refuse"; request: RequestView }
  | { kind: "outcome"; outcome: ApprovalOutcome }
  | { kind: "new-loan" };

/** What the desk reads once a return is recorded: a partial return, on time, or late with its strikes. */
function returnedText(loan: LoanView, answer: ReturnAnswer): string {
  if (!answer.concluso) return answer.message;
  if (answer.giorni_ritardo <= 0) return `Prestito terminato: ${loan.oggetto_nome} è rientrato`;
  const penalty = answer.penalty;
  return `Prestito terminato con ${daysLateText(answer.giorni_ritardo)}${
    penalty ? `: ${penalty.strike_assegnati} penalità assegnate${penalty.bloccato ? ", utente bloccato" : ""}` : ""
  }`;
}

export function LoanDialogs(props: {
  dialog: LoansDialog | null;
  onChange: (dialog: LoansDialog | null) => void;
  approving: boolean;
  onApprove: (request: RequestView) => void;
}) {
  const { dialog, onChange } = props;
  const cancelLoan = useCancelLoan();
  const showToast = useToast();
  const close = () => onChange(null);

  function cancel(loan: LoanView) {
    cancelLoan.mutate(loan.id, {
      onSuccess: () => {
        close();
        showToast(`Prestito annullato: ${loan.oggetto_nome} è di nuovo disponibile`);
      },
      onError: (error) => {
        close();
        showToast(failureText(error, "Errore nell'annullamento del prestito"), "error");
      },
    });
  }

  switch (dialog?.kind) {
    case "request":
      return (
        <RequestDetailsModal
          request={dialog.request}
          approving={props.approving}
          onClose={close}
          onApprove={() => props.onApprove(dialog.request)}
          onRefuse={() => onChange({ kind: "refuse", request: dialog.request })}
        />
      );
    case "refuse":
      return <RefuseRequestModal request={dialog.request} onClose={close} />;
    case "extend":
      return <ExtensionDialog loan={dialog.loan} mode="extend" onClose={close} />;
    case "loan":
      return (
        <LoanDetailsModal
          loan={dialog.loan}
          onClose={close}
          onEnd={() => onChange({ kind: "end", loan: dialog.loan })}
        />
      );
    case "end":
      return (
        <ReturnDialog
          loan={dialog.loan}
          onClose={close}
          onReturned={(answer) => {
            close();
            showToast(returnedText(dialog.loan, answer));
          }}
        />
      );
    case "handover":
      return <HandOverDialog loan={dialog.loan} onClose={close} />;
    case "cancel":
      return (
        <ConfirmDialog
          title="Annulla prestito"
          description={`${dialog.loan.oggetto_nome} · ${dialog.loan.utente_nome_reale}`}
          message="Il prestito non è mai stato ritirato: annullandolo le unità tornano disponibili, il prestito resta nello storico e non viene assegnata alcuna penalità."
          confirmLabel="Annulla prestito"
          busy={cancelLoan.isPending}
          onConfirm={() => cancel(dialog.loan)}
          onCancel={close}
        />
      );
    case "outcome":
      return <ApprovalOutcomeDialog outcome={dialog.outcome} onClose={close} />;
    case "new-loan":
      return <NewLoanWizard onClose={close} />;
    default:
      return null;
  }
}

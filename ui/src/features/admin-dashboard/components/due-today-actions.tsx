import { BellRing, CalendarPlus, PackageCheck } from "lucide-react";
import type { LoanAlert } from "../../../api/avvisi";
import { useLoan, useRemindReturn } from "../../../api/loans";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ExtensionDialog } from "../../../components/extension/extension-dialog";
import { ReturnDialog } from "../../../components/loan-desk/return-dialog";
import { Modal } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";

/** What the desk does about a loan due today, from the dashboard. */
export type DueTodayAction = { kind: "return" | "extend"; loanId: number };

/** The two actions that open a dialog on the loan. */
const DIALOG_ACTIONS = [
  { kind: "return", label: "Rientro", icon: PackageCheck },
  { kind: "extend", label: "Proroga", icon: CalendarPlus },
] as const;

/**
 * A loan due today: take it back (the return dialog), extend it (the desk's direct extension), or remind
 * the student (a notification and an e-mail, sent at once; the server allows one a day).
 */
export function DueTodayActions({ loan, onAction }: { loan: LoanAlert; onAction: (action: DueTodayAction) => void }) {
  const remind = useRemindReturn();
  const showToast = useToast();
  const sent = remind.isSuccess;
  const remindLabel = sent ? "Promemoria inviato" : "Promemoria";
  return (
    <div className="flex shrink-0 flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {DIALOG_ACTIONS.map(({ kind, label, icon }) => (
          <Button
            key={kind}
            variant="secondary"
            icon={icon}
            onClick={() => onAction({ kind, loanId: loan.id })}
            aria-label={`${label}: ${loan.oggetto_nome}`}
            className="py-2"
          >
            {label}
          </Button>
        ))}
        <Button
          variant="ghost"
          icon={BellRing}
          busy={remind.isPending}
          disabled={sent || loan.utente_id === null}
          title={loan.utente_id === null ? "Chi ha il prestito non ha un account" : undefined}
          onClick={() =>
            remind.mutate(loan.id, { onSuccess: () => showToast(`Promemoria inviato a ${loan.utente_nome}`) })
          }
          // The name starts with the words shown, so what is seen is what a voice command can say.
          aria-label={`${remindLabel}: ${loan.oggetto_nome}`}
          className="py-2"
        >
          {remindLabel}
        </Button>
      </div>
      {remind.error && <Alert tone="error">{remind.error.message}</Alert>}
    </div>
  );
}

/** The return or extension dialog for a loan due today, once the whole loan is loaded. */
export function DueTodayDialog({ action, onClose }: { action: DueTodayAction; onClose: () => void }) {
  const loan = useLoan(action.loanId);
  const showToast = useToast();
  if (!loan.isSuccess)
    return (
      <Modal title={action.kind === "return" ? "Rientro" : "Proroga il prestito"} onClose={onClose}>
        {loan.isError ? (
          <Alert tone="error">{loan.error.message}</Alert>
        ) : (
          <LoadingState label="Caricamento prestito..." />
        )}
      </Modal>
    );
  if (action.kind === "extend") return <ExtensionDialog loan={loan.data} mode="extend" onClose={onClose} />;
  return (
    <ReturnDialog
      loan={loan.data}
      onClose={onClose}
      onReturned={(answer) => {
        onClose();
        showToast(answer.message);
      }}
    />
  );
}

import { type RepairOutcome, type RepairView, useCloseRepair } from "../../../api/riparazioni";
import { useToast } from "../../../components/toast";
import { ActionDialog } from "./action-dialog";

interface CloseRepairDialogProps {
  repair: RepairView;
  outcome: RepairOutcome;
  /** Leaves without closing (back to where the desk came from). */
  onBack: () => void;
  onClosed: () => void;
}

/** Confirms completing or cancelling a repair; either way the unit comes back into service. */
export function CloseRepairDialog({ repair, outcome, onBack, onClosed }: CloseRepairDialogProps) {
  const closeRepair = useCloseRepair();
  const showToast = useToast();
  const completing = outcome === "completata";

  function confirm() {
    closeRepair.mutate(
      { id: repair.id, outcome },
      {
        onSuccess: () => {
          showToast(completing ? "Riparazione completata" : "Riparazione annullata");
          onClosed();
        },
      },
    );
  }

  return (
    <ActionDialog
      title={completing ? "Completa riparazione" : "Annulla riparazione"}
      description={`${repair.articolo_nome} · ${repair.codice_univoco}`}
      confirmLabel={completing ? "Completa" : "Annulla riparazione"}
      tone={completing ? "primary" : "danger"}
      busy={closeRepair.isPending}
      error={closeRepair.error?.message}
      onConfirm={confirm}
      onCancel={onBack}
    >
      <p>
        {completing
          ? "Confermi che la riparazione è completata? L'unità tornerà disponibile per i prestiti."
          : "Vuoi annullare la riparazione? Resterà nello storico come annullata e l'unità tornerà disponibile."}
      </p>
      {completing && repair.segnalazione_id && (
        <p>La segnalazione #{repair.segnalazione_id} da cui è nata sarà segnata come risolta.</p>
      )}
    </ActionDialog>
  );
}

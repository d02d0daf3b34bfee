import { type RepairView, useUpdateRepair } from "../../../api/riparazioni";
import { useToast } from "../../../components/toast";
import { RepairDetailsDialog } from "./repair-details-dialog";

/** Changes the description, technical notes and priority of a repair in progress. */
export function EditRepairModal({ repair, onClose }: { repair: RepairView; onClose: () => void }) {
  const updateRepair = useUpdateRepair();
  const showToast = useToast();
  return (
    <RepairDetailsDialog
      title="Modifica Riparazione"
      description={`${repair.articolo_nome} · ${repair.codice_univoco}`}
      initial={{
        descrizione: repair.descrizione,
        note_tecniche: repair.note_tecniche ?? "",
        priorita: repair.priorita,
      }}
      submitLabel="Salva modifiche"
      busy={updateRepair.isPending}
      error={updateRepair.error?.message}
      onSave={(details) =>
        updateRepair.mutate(
          { id: repair.id, details },
          {
            onSuccess: () => {
              showToast("Riparazione aggiornata");
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}

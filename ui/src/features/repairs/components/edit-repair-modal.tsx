import { type FormEvent, useState } from "react";
import { type RepairView, useUpdateRepair } from "../../../api/riparazioni";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Modal, ModalActions } from "../../../components/modal";
import { useToast } from "../../../components/toast";
import { RepairFields, repairDetailsProblem } from "./repair-fields";

/** Changes the description, technical notes and priority of a repair in progress. */
export function EditRepairModal({ repair, onClose }: { repair: RepairView; onClose: () => void }) {
  const [details, setDetails] = useState({
    descrizione: repair.descrizione,
    note_tecniche: repair.note_tecniche ?? "",
    priorita: repair.priorita,
  });
  const [triedToSave, setTriedToSave] = useState(false);
  const updateRepair = useUpdateRepair();
  const showToast = useToast();

  function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSave(true);
    if (repairDetailsProblem(details)) return;
    updateRepair.mutate(
      { id: repair.id, details },
      {
        onSuccess: () => {
          showToast("Riparazione aggiornata");
          onClose();
        },
      },
    );
  }

  const error = updateRepair.error?.message;
  return (
    <Modal
      title="Modifica Riparazione"
      description={`${repair.articolo_nome} · ${repair.codice_univoco}`}
      onClose={onClose}
      size="lg"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <RepairFields value={details} onChange={setDetails} showProblems={triedToSave} />
        {error && <Alert tone="error">{error}</Alert>}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" busy={updateRepair.isPending}>
            Salva modifiche
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

import { ArrowRight } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { CreatedRepair } from "../../../api/riparazioni";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Modal, ModalActions } from "../../../components/modal";
import { useToast } from "../../../components/toast";
import { formatDate } from "../../../lib/dates";

/**
 * What follows a repair's creation: a toast and the dialog closes, or, when the unit has bookings ahead,
 * `created` holds the repair for RepairCreatedDialog to list them.
 */
export function useRepairCreated(onClose: () => void) {
  const [created, setCreated] = useState<CreatedRepair | null>(null);
  const showToast = useToast();
  function onCreated(repair: CreatedRepair) {
    if (repair.avvisi_prenotazioni.length > 0) return setCreated(repair);
    showToast(`Riparazione creata: ${repair.codice_univoco} è in riparazione`);
    onClose();
  }
  return { created, onCreated };
}

/** The creating dialog, once the repair with bookings ahead is open: says so, and only closes. */
export function RepairCreatedDialog({
  repair,
  title,
  description,
  onClose,
}: {
  repair: CreatedRepair;
  title: string;
  description?: string;
  onClose: () => void;
}) {
  return (
    <Modal title={title} description={description} onClose={onClose} size="lg">
      <RepairCreated repair={repair} />
      <ModalActions>
        <Button onClick={onClose}>Chiudi</Button>
      </ModalActions>
    </Modal>
  );
}

/** After a repair is opened: says so, and lists the unit's bookings ahead that the desk may need to move. */
function RepairCreated({ repair }: { repair: CreatedRepair }) {
  const bookings = repair.avvisi_prenotazioni;
  return (
    <div className="space-y-4">
      <Alert tone="success">
        Riparazione creata: <strong>{repair.codice_univoco}</strong> ({repair.articolo_nome}) è ora in riparazione.
      </Alert>
      <Alert tone="warning">
        <p className="font-medium">
          {bookings.length === 1
            ? "L'unità ha una prenotazione in programma"
            : `L'unità ha ${bookings.length} prenotazioni in programma`}
        </p>
        <p className="mt-0.5">Finché resta in riparazione non potrà essere consegnata: valuta se spostarle.</p>
        <ul className="mt-2 space-y-1">
          {bookings.map((booking) => (
            <li key={`${booking.tipo}-${booking.id}`}>
              <span className="font-medium">
                {booking.tipo === "richiesta" ? "Richiesta" : "Prestito"} #{booking.id}
              </span>{" "}
              · {booking.utente || "Utente sconosciuto"} · dal {formatDate(booking.dal)} al {formatDate(booking.al)}
            </li>
          ))}
        </ul>
        <Link
          to="/prestiti"
          className="mt-2 inline-flex items-center gap-1 font-medium text-amber-900 underline underline-offset-2"
        >
          Vai ai prestiti
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      </Alert>
    </div>
  );
}

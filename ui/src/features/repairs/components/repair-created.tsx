import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { CreatedRepair } from "../../../api/riparazioni";
import { Alert } from "../../../components/alert";
import { formatDate } from "../../../lib/dates";

/** After a repair is opened: says so, and lists the unit's bookings ahead that the desk may need to move. */
export function RepairCreated({ repair }: { repair: CreatedRepair }) {
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

import { CalendarPlus, PackageCheck } from "lucide-react";
import { isOpenLoan } from "../../../../../src/domain/bookings";
import type { LoanView } from "../../../../../src/modules/loans/model";
import { downloadLoanCalendar } from "../../../api/calendario";
import { ActivityHistory } from "../../../components/activity-history/activity-history";
import { Button } from "../../../components/button";
import { DownloadButton } from "../../../components/download-button";
import { Modal, ModalActions } from "../../../components/modal";
import { formatDate } from "../../../lib/dates";
import { DetailList, usageLabel } from "./detail-list";
import { StatusBadge, StrikeBadge } from "./loan-badges";

interface LoanDetailsModalProps {
  loan: LoanView;
  onClose: () => void;
  /** Offered for open loans only. */
  onEnd: () => void;
}

export function LoanDetailsModal({ loan, onClose, onEnd }: LoanDetailsModalProps) {
  const open = isOpenLoan(loan.stato);
  return (
    <Modal title="Dettagli prestito" description={`Prestito #${loan.id} · ${loan.oggetto_nome}`} onClose={onClose}>
      <DetailList
        rows={[
          ["Stato", <StatusBadge key="stato" status={loan.stato} />],
          ["Articolo", `${loan.oggetto_nome} (ID articolo #${loan.inventario_id})`],
          ["Unità", loan.unita.join(", ")],
          [
            "Utente",
            <span key="utente" className="inline-flex flex-wrap items-center gap-2">
              {loan.utente_nome_reale}
              <StrikeBadge strikes={loan.penalty_strikes} blocked={loan.is_blocked} />
            </span>,
          ],
          ["Email", loan.utente_email],
          ["Dal", formatDate(loan.data_uscita)],
          ["Al", formatDate(loan.data_rientro)],
          ["Restituito il", loan.data_restituzione ? formatDate(loan.data_restituzione) : null],
          ["Ritardo", loan.giorni_ritardo > 0 ? `${loan.giorni_ritardo} giorni` : null],
          ["Utilizzo", usageLabel(loan.tipo_utilizzo)],
          ["Richiesta", loan.richiesta_id ? `#${loan.richiesta_id}` : "Prestito diretto"],
          ["Note", loan.note],
        ]}
      />
      <div className="mt-5 border-t border-slate-100 pt-5">
        <ActivityHistory entity="loan" id={loan.id} title="Cronologia del prestito" />
      </div>
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          Chiudi
        </Button>
        {open && (
          <DownloadButton
            download={() => downloadLoanCalendar(loan.id)}
            label="Aggiungi al calendario (.ics)"
            icon={CalendarPlus}
            fallbackError="Calendario non disponibile"
          />
        )}
        {open && (
          <Button icon={PackageCheck} onClick={onEnd}>
            Termina prestito
          </Button>
        )}
      </ModalActions>
    </Modal>
  );
}

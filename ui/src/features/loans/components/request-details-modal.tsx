import { Check, X } from "lucide-react";
import { isPendingRequest } from "../../../../../src/domain/bookings";
import type { RequestView } from "../../../../../src/modules/loans/model";
import { Button } from "../../../components/button";
import { Modal, ModalActions } from "../../../components/modal";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { DetailList, usageLabel } from "./detail-list";
import { StatusBadge, StrikeBadge } from "./loan-badges";

interface RequestDetailsModalProps {
  request: RequestView;
  onClose: () => void;
  onApprove: () => void;
  onRefuse: () => void;
  approving: boolean;
}

export function RequestDetailsModal({ request, onClose, onApprove, onRefuse, approving }: RequestDetailsModalProps) {
  const pending = isPendingRequest(request.stato);
  return (
    <Modal
      title="Dettagli richiesta"
      description={`Richiesta #${request.id} · ${request.oggetto_nome}`}
      onClose={onClose}
    >
      <DetailList
        rows={[
          ["Stato", <StatusBadge key="stato" status={request.stato} />],
          ["Articolo", request.oggetto_nome],
          ["Unità", request.codice_univoco],
          [
            "Utente",
            <span key="utente" className="inline-flex flex-wrap items-center gap-2">
              {request.utente_nome} {request.utente_cognome}
              <StrikeBadge strikes={request.penalty_strikes} blocked={request.is_blocked} />
            </span>,
          ],
          ["Email", request.utente_email],
          ["Dal", formatDate(request.dal)],
          ["Al", formatDate(request.al)],
          ["Utilizzo", usageLabel(request.tipo_utilizzo)],
          ["Inviata", formatDateTime(request.created_at)],
          ["Note", request.note],
          ["Motivo del rifiuto", request.motivo_rifiuto],
        ]}
      />
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          Chiudi
        </Button>
        {pending && (
          <>
            <Button variant="secondary" icon={X} onClick={onRefuse} className="text-red-700">
              Rifiuta
            </Button>
            <Button icon={Check} busy={approving} onClick={onApprove}>
              Approva
            </Button>
          </>
        )}
      </ModalActions>
    </Modal>
  );
}

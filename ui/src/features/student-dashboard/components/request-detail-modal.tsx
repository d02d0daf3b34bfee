import type { ReactNode } from "react";
import { REQUEST_STATE } from "../../../../../src/domain/bookings";
import type { RequestView } from "../../../../../src/modules/loans/model";
import { CloseActions } from "../../../components/form-actions";
import { Modal } from "../../../components/modal";
import { RequestStatusBadge } from "../../../components/status-badge";
import { formatDate, formatDateTime } from "../../../lib/dates";

const USAGE_LABELS = { interno: "Interno, in giornata", esterno: "Esterno" } as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-3 sm:gap-3">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/** Every detail of one of the student's requests, the reason included when it was rejected. */
export function RequestDetailModal({ request, onClose }: { request: RequestView; onClose: () => void }) {
  return (
    <Modal title="Dettaglio richiesta" description={request.oggetto_nome} onClose={onClose}>
      <dl className="space-y-3">
        <Field label="Stato">
          <RequestStatusBadge state={request.stato} />
        </Field>
        <Field label="Articolo">{request.oggetto_nome}</Field>
        <Field label="Unità">
          <span className="font-mono">{request.codice_univoco}</span>
        </Field>
        <Field label="Dal">{formatDate(request.dal)}</Field>
        <Field label="Al">{formatDate(request.al)}</Field>
        <Field label="Tipo di utilizzo">
          {request.tipo_utilizzo ? USAGE_LABELS[request.tipo_utilizzo] : "Non specificato"}
        </Field>
        <Field label="Note">{request.note || "Nessuna nota"}</Field>
        {(request.stato === REQUEST_STATE.refused || request.motivo_rifiuto) && (
          <Field label="Motivo del rifiuto">
            <span className="text-red-700">{request.motivo_rifiuto || "Non specificato"}</span>
          </Field>
        )}
        <Field label="Inviata il">{formatDateTime(request.created_at)}</Field>
      </dl>
      <CloseActions onClose={onClose} takesFocus />
    </Modal>
  );
}

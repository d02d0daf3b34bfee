import { X } from "lucide-react";
import { REQUEST_STATE } from "../../../../../src/domain/bookings";
import type { RequestView } from "../../../../../src/modules/loans/model";
import { Button } from "../../../components/button";
import { RequestStatusBadge } from "../../../components/status-badge";
import { formatDate } from "../../../lib/dates";

const USAGE_LABELS = { interno: "Interno, in giornata", esterno: "Esterno" } as const;

export function requestDates(request: Pick<RequestView, "dal" | "al">): string {
  return request.dal === request.al
    ? formatDate(request.dal)
    : `${formatDate(request.dal)} – ${formatDate(request.al)}`;
}

/** A pending or rejected request; pending ones can be withdrawn, rejected ones say why. */
export function RequestCard({ request, onCancel }: { request: RequestView; onCancel?: () => void }) {
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold text-slate-900">{request.oggetto_nome}</h3>
        <RequestStatusBadge state={request.stato} />
      </div>
      <p className="mt-1 text-sm break-words text-slate-500">
        Unità: <span className="font-mono">{request.codice_univoco}</span>
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">Date</dt>
          <dd className="font-medium text-slate-800">{requestDates(request)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Utilizzo</dt>
          <dd className="font-medium text-slate-800">
            {request.tipo_utilizzo ? USAGE_LABELS[request.tipo_utilizzo] : "Non specificato"}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Inviata il</dt>
          <dd className="font-medium text-slate-800">{formatDate(request.created_at)}</dd>
        </div>
      </dl>
      {request.note && <p className="mt-3 text-sm text-slate-500">{request.note}</p>}
      {request.stato === REQUEST_STATE.refused && (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          <span className="font-semibold">Motivo del rifiuto:</span> {request.motivo_rifiuto ?? "Non specificato"}
        </p>
      )}
      {onCancel && (
        <div className="mt-4 flex justify-end">
          <Button
            variant="secondary"
            icon={X}
            onClick={onCancel}
            aria-label={`Ritira richiesta: ${request.oggetto_nome}`}
            className="py-2"
          >
            Ritira richiesta
          </Button>
        </div>
      )}
    </article>
  );
}

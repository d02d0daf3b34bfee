import { ChevronRight, Inbox } from "lucide-react";
import type { RequestView } from "../../../../../src/modules/loans/model";
import { EmptyState } from "../../../components/empty-state";
import { LoadingState } from "../../../components/spinner";
import { RequestStatusBadge } from "../../../components/status-badge";
import { formatDate } from "../../../lib/dates";

interface RecentRequestsListProps {
  requests: RequestView[] | undefined;
  onOpen: (request: RequestView) => void;
}

/** "Prestiti Recenti": the latest requests; each opens its details. */
export function RecentRequestsList({ requests, onOpen }: RecentRequestsListProps) {
  if (!requests) return <LoadingState />;
  if (requests.length === 0) return <EmptyState icon={Inbox} title="Nessuna richiesta inviata" />;
  return (
    <ul aria-label="Richieste recenti" className="divide-y divide-slate-100">
      {requests.map((request) => (
        <li
          key={request.id}
          className="relative flex items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-indigo-600"
        >
          <span className="min-w-0 flex-1">
            <span className="block font-medium text-slate-900">{request.oggetto_nome}</span>
            <span className="block text-sm text-slate-600">
              {request.dal === request.al
                ? formatDate(request.dal)
                : `${formatDate(request.dal)} – ${formatDate(request.al)}`}
            </span>
          </span>
          <RequestStatusBadge state={request.stato} />
          <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          {/* Covers the whole row, so the row is the click target; its name says what it opens. */}
          <button
            type="button"
            onClick={() => onOpen(request)}
            className="absolute inset-0 size-full cursor-pointer focus-visible:outline-none"
          >
            <span className="sr-only">Dettagli richiesta: {request.oggetto_nome}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

import { ChevronRight, ClipboardList } from "lucide-react";
import { Fragment, type ReactNode, useState } from "react";
import { Link } from "react-router";
import { isPendingRequest } from "../../../../../src/domain/bookings";
import type { RequestView } from "../../../../../src/modules/loans/model";
import { useRecentRequests } from "../../../api/richieste";
import { ItemLink, StudentLink } from "../../../components/entity-links";
import { formatDate, formatRelativeTime } from "../../../lib/dates";
import { requestRows } from "../../../lib/set-lines";
import { RecentCard } from "./recent-card";
import { RequestManagementModal } from "./request-management-modal";
import { RequestStatusBadge } from "./request-status-badge";

/** A name lying on the row's covering button: above it, and tall enough to be touched on its own. */
const NAME_ON_ROW = "relative z-10 inline-block max-w-full truncate align-top leading-6";

/** A request, or the first listed line of a set with `title` naming every listed line. */
function RequestSummary({ request, title }: { request: RequestView; title?: ReactNode }) {
  return (
    <>
      <span className="flex min-w-0 items-start justify-between gap-3">
        <span className="min-w-0">
          {/*
            Above the row's covering button: the names lead to their pages, the rest of the row opens the
            request. Lying on that button, each name is a target of its own at least 24 px tall (WCAG 2.5.8).
          */}
          <span className="block truncate font-medium text-slate-900">
            {title ?? <ItemLink id={request.inventario_id} name={request.oggetto_nome} className={NAME_ON_ROW} />}
          </span>
          <span className="block truncate text-sm text-slate-600">
            <StudentLink
              id={request.utente_id}
              name={`${request.utente_nome ?? ""} ${request.utente_cognome ?? ""}`.trim()}
              className={NAME_ON_ROW}
            />
          </span>
        </span>
        <RequestStatusBadge status={request.stato} />
      </span>
      <span className="mt-1 block text-xs text-slate-500">
        Dal {formatDate(request.dal)} al {formatDate(request.al)} · {formatRelativeTime(request.created_at)}
      </span>
    </>
  );
}

/**
 * The lines of one set shown once: the set is decided as a whole on the pending tab, where its link leads,
 * never line by line from here.
 */
function SetSummary({ id, lines }: { id: number; lines: RequestView[] }) {
  const [first] = lines;
  if (!first) return null;
  return (
    <>
      <RequestSummary
        request={first}
        title={lines.map((line, index) => (
          <Fragment key={line.id}>
            {index > 0 && ", "}
            <ItemLink id={line.inventario_id} name={line.oggetto_nome} />
          </Fragment>
        ))}
      />
      <Link
        to="/prestiti?tab=in_attesa"
        className="mt-1 inline-block rounded text-xs font-medium text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Fa parte della prenotazione #{id}
      </Link>
    </>
  );
}

/** The five newest requests, a set's lines once; the pending ones open the request-management dialog. */
export function RecentRequests() {
  const requests = useRecentRequests();
  const [selected, setSelected] = useState<RequestView | null>(null);

  return (
    <>
      <RecentCard
        titleId="recent-requests-title"
        title="Richieste Recenti"
        action={
          <Link
            to="/prestiti?tab=in_attesa"
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            Vedi tutte
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        }
        state={requests}
        rows={requests.data?.elementi}
        errorText="Errore nel caricamento richieste"
        empty={{ icon: ClipboardList, title: "Nessuna richiesta", text: "Le richieste degli studenti compaiono qui." }}
      >
        {(rows) => (
          <ul className="divide-y divide-slate-100">
            {requestRows(rows).map((row) => {
              if (row.kind === "set")
                return (
                  <li key={`set-${row.id}`} className="px-5 py-3">
                    <SetSummary id={row.id} lines={row.lines} />
                  </li>
                );
              const { request } = row;
              return (
                <li
                  key={request.id}
                  className={`relative px-5 py-3 ${isPendingRequest(request.stato) ? "transition-colors hover:bg-indigo-50/50 has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-indigo-600" : ""}`}
                >
                  <RequestSummary request={request} />
                  {isPendingRequest(request.stato) && (
                    // Covers the whole row, so the row is the click target; its name says what it does.
                    <button
                      type="button"
                      onClick={() => setSelected(request)}
                      className="absolute inset-0 size-full cursor-pointer focus-visible:outline-none"
                    >
                      <span className="sr-only">
                        Gestisci la richiesta di {request.utente_nome} {request.utente_cognome}: {request.oggetto_nome}
                      </span>
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </RecentCard>
      {selected && <RequestManagementModal request={selected} onClose={() => setSelected(null)} />}
    </>
  );
}

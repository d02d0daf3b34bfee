import type { RequestView } from "../../../../../src/modules/loans/model";
import { Alert } from "../../../components/alert";
import { formatDate } from "../../../lib/dates";

/** What a request asks for and who asks, with a warning when the borrower has strikes or is blocked. */
export function RequestDetails({ request, borrower }: { request: RequestView; borrower: string }) {
  const rows: [string, string][] = [
    ["Articolo", `${request.oggetto_nome} (${request.codice_univoco})`],
    ["Utente", borrower],
    ["Email", request.utente_email ?? "—"],
    ["Dal", formatDate(request.dal)],
    ["Al", formatDate(request.al)],
  ];
  if (request.tipo_utilizzo) rows.push(["Utilizzo", request.tipo_utilizzo === "interno" ? "Interno" : "Esterno"]);
  if (request.note) rows.push(["Note", request.note]);
  return (
    <div className="space-y-3">
      {(request.is_blocked || request.penalty_strikes > 0) && (
        <Alert tone={request.is_blocked ? "error" : "warning"}>
          {request.is_blocked
            ? "Questo utente è bloccato per ritardi nella restituzione."
            : `Questo utente ha ${request.penalty_strikes} penalità.`}
        </Alert>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="min-w-0 text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

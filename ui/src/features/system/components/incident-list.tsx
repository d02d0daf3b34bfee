import { ShieldCheck } from "lucide-react";
import type { Incident } from "../../../api/system";
import { RelativeTime } from "../../../components/relative-time";
import { serviceName } from "./health";

/** The latest server errors and failed job runs the server remembers (since it started). */
export function IncidentList({ incidents }: { incidents: Incident[] }) {
  return (
    <section aria-labelledby="incidents-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2
        id="incidents-heading"
        className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900 sm:px-5"
      >
        Incidenti recenti
      </h2>
      {incidents.length === 0 ? (
        <div className="flex items-center gap-3 px-4 py-5 text-sm text-slate-500 sm:px-5">
          <ShieldCheck className="size-5 text-emerald-500" aria-hidden="true" />
          Nessun incidente rilevato
        </div>
      ) : (
        <ul aria-label="Incidenti recenti" className="divide-y divide-slate-100">
          {incidents.map((incident) => {
            const isError = incident.severity === "error";
            return (
              <li key={incident.id} className="px-4 py-3 sm:px-5">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                      isError ? "bg-red-100 text-red-800" : "bg-amber-100 text-amber-800"
                    }`}
                  >
                    {isError ? "Errore" : "Avviso"}
                  </span>
                  <span className="text-sm font-medium text-slate-900">{serviceName(incident.service)}</span>
                  <RelativeTime value={incident.time} className="ml-auto text-xs text-slate-500" />
                </div>
                <p className="mt-1 text-sm text-slate-600">{incident.message}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

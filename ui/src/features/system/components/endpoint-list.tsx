import type { EndpointStats } from "../../../api/system";
import { formatCount, formatMs } from "./format";
import { healthLook } from "./health";

const METHOD_COLORS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-800",
  POST: "bg-emerald-100 text-emerald-800",
  PUT: "bg-amber-100 text-amber-800",
  DELETE: "bg-red-100 text-red-800",
};

/** Every API route the server has answered since it started, busiest first, with its median latency. */
export function EndpointList({ endpoints }: { endpoints: EndpointStats[] }) {
  if (endpoints.length === 0)
    return <p className="text-sm text-slate-500">Nessuna richiesta registrata dall'avvio del server.</p>;
  return (
    <ul aria-label="Endpoint API" className="-my-2 divide-y divide-slate-100">
      {endpoints.map((endpoint) => {
        const look = healthLook(endpoint.status);
        return (
          <li key={`${endpoint.method} ${endpoint.path}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <span
              className={`w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold ${
                METHOD_COLORS[endpoint.method] ?? "bg-slate-100 text-slate-700"
              }`}
            >
              {endpoint.method}
            </span>
            <code className="min-w-0 flex-1 basis-40 font-mono text-sm break-words text-slate-800">
              {endpoint.path}
            </code>
            <span className="flex items-center gap-3 text-xs text-slate-500 tabular-nums">
              <span className="sm:w-40 sm:text-right">
                {formatCount(endpoint.count)} {endpoint.count === 1 ? "richiesta" : "richieste"}
                {endpoint.errors > 0 && (
                  <span className="text-red-700">
                    {" "}
                    · {formatCount(endpoint.errors)} {endpoint.errors === 1 ? "errore" : "errori"}
                  </span>
                )}
              </span>
              <span className="sm:w-20 sm:text-right" title="Tempo di risposta mediano">
                {formatMs(endpoint.medianMs)}
              </span>
              <span className={`rounded-full px-2 py-0.5 text-center font-medium sm:w-24 ${look.badge}`}>
                {look.serviceLabel}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

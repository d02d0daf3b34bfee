import { SERVICE_NAMES, type SystemStatus } from "../../../api/system";
import { formatMs, formatPercent } from "./format";
import { healthLook, SERVICE_LABELS } from "./health";

/** Each service the server checks, with its state, uptime since start and latest response time. */
export function ServiceList({ services }: { services: SystemStatus["services"] }) {
  const rows = SERVICE_NAMES.flatMap((name) => {
    const service = services[name];
    return service ? [{ name, service }] : [];
  });
  return (
    <section aria-labelledby="services-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2
        id="services-heading"
        className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900 sm:px-5"
      >
        Servizi
      </h2>
      <ul aria-label="Servizi" className="divide-y divide-slate-100">
        {rows.map(({ name, service }) => {
          const look = healthLook(service.status);
          return (
            <li key={name} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5">
              <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
                <span className={`size-2.5 shrink-0 rounded-full ${look.dot}`} aria-hidden="true" />
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900">{SERVICE_LABELS[name].name}</p>
                  <p className="text-xs text-slate-500">{SERVICE_LABELS[name].description}</p>
                </div>
              </div>
              <dl className="flex items-center gap-4 pl-5.5 text-xs text-slate-500 sm:pl-0">
                <div>
                  <dt className="sr-only">Disponibilità</dt>
                  <dd>
                    <span className="font-medium text-slate-700 tabular-nums">{formatPercent(service.uptime)}</span>{" "}
                    uptime
                  </dd>
                </div>
                <div>
                  <dt className="sr-only">Tempo di risposta</dt>
                  <dd className="font-medium text-slate-700 tabular-nums">{formatMs(service.responseTime)}</dd>
                </div>
                <div>
                  <dt className="sr-only">Stato</dt>
                  <dd>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${look.badge}`}>
                      {look.serviceLabel}
                    </span>
                  </dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

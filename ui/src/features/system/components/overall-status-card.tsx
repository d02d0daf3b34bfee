import type { SystemMetrics, SystemStatus } from "../../../api/system";
import { formatCount, formatPercent } from "./format";
import { healthLook } from "./health";

/** Each figure with a line that says what it counts, where the spec's heading alone would mislead. */
const FIGURES: { label: string; counts: string; value: (metrics: SystemMetrics) => string }[] = [
  {
    label: "Richieste totali",
    counts: "chiamate HTTP servite dall'avvio",
    value: (metrics) => formatCount(metrics.httpRequests),
  },
  {
    label: "Utenti attivi",
    counts: "negli ultimi 15 minuti",
    value: (metrics) => formatCount(metrics.usersActiveLast15Minutes),
  },
  { label: "Memoria", counts: "usata dal server", value: (metrics) => formatPercent(metrics.memoryUsage) },
  { label: "CPU", counts: "usata dal server", value: (metrics) => formatPercent(metrics.cpuUsage) },
];

const SUMMARY: Record<string, string> = {
  healthy: "Tutti i servizi rispondono normalmente.",
  warning: "Almeno un servizio è rallentato o vicino ai suoi limiti.",
  error: "Almeno un servizio non risponde: alcune funzioni potrebbero non essere disponibili.",
};

/** The system at a glance: its overall state and, for administrators, four live figures. */
export function OverallStatusCard({ status }: { status: SystemStatus }) {
  const look = healthLook(status.overall);
  const Icon = look.icon;
  const { metrics } = status;
  return (
    <section aria-label="Stato generale" className={`rounded-xl border p-4 shadow-sm sm:p-5 ${look.card}`}>
      <div className="flex items-center gap-4">
        <div className={`flex size-12 shrink-0 items-center justify-center rounded-full ${look.iconBox}`}>
          <Icon className="size-6" aria-hidden="true" />
        </div>
        <div className="min-w-0">
          <p className="text-lg font-semibold text-slate-900">{look.overallLabel}</p>
          <p className="text-sm text-slate-600">{SUMMARY[status.overall] ?? SUMMARY.warning}</p>
        </div>
      </div>
      {metrics && (
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {FIGURES.map(({ label, counts, value }) => (
            <div key={label} className="rounded-lg bg-white/70 px-3 py-2.5">
              <dt className="text-xs font-medium text-slate-600">{label}</dt>
              <dd className="mt-0.5 text-xl font-semibold text-slate-900 tabular-nums">{value(metrics)}</dd>
              <dd className="mt-0.5 text-xs text-slate-600">{counts}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

import type { SystemMetrics } from "../../../api/system";
import { formatDuration, formatMegabytes, formatPercent } from "./format";

/** Green below 70 %, amber below 90 %, red from there. */
function barColor(percent: number) {
  if (percent >= 90) return "bg-red-500";
  if (percent >= 70) return "bg-amber-500";
  return "bg-emerald-500";
}

function UsageBar({ label, percent, detail }: { label: string; percent: number; detail: string }) {
  const clamped = Math.min(100, Math.max(0, percent));
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-slate-500 tabular-nums">
          <span className="font-semibold text-slate-900">{formatPercent(percent)}</span> · {detail}
        </span>
      </div>
      <div className="h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className={`h-full rounded-full ${barColor(clamped)}`} style={{ width: `${clamped}%` }} />
      </div>
    </div>
  );
}

/** Memory, CPU and disk of the server process and its data directory. */
export function DetailedMetrics({ metrics }: { metrics: SystemMetrics }) {
  return (
    <div className="space-y-4">
      <UsageBar label="Memoria" percent={metrics.memoryUsage} detail={`${formatMegabytes(metrics.memoryMb)} in uso`} />
      <UsageBar label="CPU" percent={metrics.cpuUsage} detail="processo del server" />
      <UsageBar label="Disco" percent={metrics.diskUsage} detail={`${formatMegabytes(metrics.diskFreeMb)} liberi`} />
      <p className="text-sm text-slate-500">
        Server attivo da <span className="font-medium text-slate-700">{formatDuration(metrics.uptimeSeconds)}</span>
      </p>
    </div>
  );
}

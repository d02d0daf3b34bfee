import type { LucideIcon } from "lucide-react";
import { ClipboardList, MessageSquareWarning, Package, Wrench } from "lucide-react";
import { useInventorySummary } from "../../../api/inventario";
import { useRecentRequests, useWaitingBookingsCount } from "../../../api/richieste";
import { useRepairsSummary } from "../../../api/riparazioni";
import { useReportsSummary } from "../../../api/segnalazioni";

interface CounterProps {
  label: string;
  caption: string;
  icon: LucideIcon;
  tone: string;
  value: number | undefined;
  failed: boolean;
}

function Counter({ label, caption, icon: Icon, tone, value, failed }: CounterProps) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-4 sm:p-5">
      <div className={`flex size-10 shrink-0 items-center justify-center rounded-lg sm:size-12 ${tone}`}>
        <Icon className="size-5 sm:size-6" aria-hidden="true" />
      </div>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <p className="text-2xl font-semibold text-slate-900 tabular-nums" aria-busy={value === undefined && !failed}>
          {value ?? (failed ? "—" : "…")}
        </p>
        <p className="truncate text-xs text-slate-500">{caption}</p>
      </div>
    </div>
  );
}

/** Inventory items, requests, repairs in progress and active fault reports. */
export function DashboardCounters() {
  const inventory = useInventorySummary();
  const requests = useRecentRequests();
  const waiting = useWaitingBookingsCount();
  const repairs = useRepairsSummary();
  const reports = useReportsSummary();

  return (
    <section aria-label="Riepilogo" className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:gap-4 xl:grid-cols-4">
      <Counter
        label="Inventario"
        caption="articoli totali"
        icon={Package}
        tone="bg-indigo-50 text-indigo-600"
        value={inventory.data?.articoli_totali}
        failed={inventory.isError}
      />
      <Counter
        label="Richieste"
        caption={waiting.data === undefined ? "richieste di prestito" : `${waiting.data} in attesa`}
        icon={ClipboardList}
        tone="bg-sky-50 text-sky-600"
        value={requests.data?.totale}
        failed={requests.isError}
      />
      <Counter
        label="Riparazioni"
        caption="in corso"
        icon={Wrench}
        tone="bg-amber-50 text-amber-600"
        value={repairs.data?.in_corso}
        failed={repairs.isError}
      />
      <Counter
        label="Segnalazioni"
        caption="aperte o in corso"
        icon={MessageSquareWarning}
        tone="bg-rose-50 text-rose-600"
        value={reports.data?.attive}
        failed={reports.isError}
      />
    </section>
  );
}

import { AlarmClock, CalendarClock, PackageOpen, TriangleAlert } from "lucide-react";
import type { Alerts, LoanAlert } from "../../../api/avvisi";
import { daysLateText, formatDate } from "../../../lib/dates";

function lateText(alert: LoanAlert): string {
  return `scaduto il ${formatDate(alert.data_rientro)} (${daysLateText(alert.giorni_ritardo)})`;
}

const GROUPS = [
  {
    key: "prestiti_scaduti",
    title: "Prestiti scaduti",
    text: lateText,
    icon: TriangleAlert,
    style: "border-red-200 bg-red-50 text-red-800",
  },
  {
    key: "da_ritirare",
    title: "Da ritirare",
    text: (alert: LoanAlert) => `ti aspetta al banco dal ${formatDate(alert.data_uscita)}`,
    icon: PackageOpen,
    style: "border-violet-200 bg-violet-50 text-violet-900",
  },
  {
    key: "scadenze_oggi",
    title: "Da restituire oggi",
    text: () => "scade oggi",
    icon: AlarmClock,
    style: "border-amber-200 bg-amber-50 text-amber-900",
  },
  {
    key: "scadenze_domani",
    title: "Da restituire domani",
    text: () => "scade domani",
    icon: CalendarClock,
    style: "border-sky-200 bg-sky-50 text-sky-900",
  },
] as const;

/** The student's own alerts: overdue loans, loans waiting to be collected, and loans due today or tomorrow. */
export function AlertsList({ alerts }: { alerts: Alerts }) {
  if (alerts.totale_avvisi === 0) return null;
  return (
    <section aria-label="I tuoi avvisi" className="grid gap-3 md:grid-cols-3">
      {GROUPS.filter((group) => alerts[group.key].length > 0).map((group) => (
        <div key={group.key} className={`rounded-xl border p-4 ${group.style}`}>
          <h2 className="flex items-center gap-2 text-sm font-semibold">
            <group.icon className="size-4 shrink-0" aria-hidden="true" />
            {group.title}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {alerts[group.key].map((alert) => (
              <li key={alert.id}>
                <span className="font-medium">{alert.oggetto_nome}</span>: {group.text(alert)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

import type { LucideIcon } from "lucide-react";
import { CalendarClock, CalendarX, Clock, PackageOpen, PackageX } from "lucide-react";
import type { Alerts } from "../../../api/avvisi";

export type AlertKind = "stock" | "late" | "uncollected" | "today" | "tomorrow";

/** The five alert cards, in the order the dashboard shows them. */
export const ALERT_KINDS: { kind: AlertKind; title: string; icon: LucideIcon; tone: string; empty: string }[] = [
  {
    kind: "stock",
    title: "Scorte Basse",
    icon: PackageX,
    tone: "border-amber-200 bg-amber-50 text-amber-700",
    empty: "Scorte regolari",
  },
  {
    kind: "late",
    title: "Ritardi",
    icon: CalendarX,
    tone: "border-red-200 bg-red-50 text-red-700",
    empty: "Nessun prestito in ritardo",
  },
  {
    kind: "uncollected",
    title: "Da ritirare",
    icon: PackageOpen,
    tone: "border-violet-200 bg-violet-50 text-violet-700",
    empty: "Nessun prestito in attesa di ritiro",
  },
  {
    kind: "today",
    title: "Scadenze Oggi",
    icon: Clock,
    tone: "border-orange-200 bg-orange-50 text-orange-700",
    empty: "Nessun rientro previsto oggi",
  },
  {
    kind: "tomorrow",
    title: "In scadenza domani",
    icon: CalendarClock,
    tone: "border-sky-200 bg-sky-50 text-sky-700",
    empty: "Nessun rientro previsto domani",
  },
];

/** Which list of the answer each card shows. */
const LIST_OF: Record<AlertKind, keyof Alerts["totali"]> = {
  stock: "scorte_basse",
  late: "prestiti_scaduti",
  uncollected: "da_ritirare",
  today: "scadenze_oggi",
  tomorrow: "scadenze_domani",
};

/** How many alerts of this kind there are, also when the answer lists only the first few. */
export function countOf(alerts: Alerts, kind: AlertKind): number {
  return alerts.totali[LIST_OF[kind]];
}

export function entriesOf(alerts: Alerts, kind: AlertKind) {
  if (kind === "stock") return alerts.scorte_basse;
  if (kind === "late") return alerts.prestiti_scaduti;
  if (kind === "uncollected") return alerts.da_ritirare;
  if (kind === "today") return alerts.scadenze_oggi;
  return alerts.scadenze_domani;
}

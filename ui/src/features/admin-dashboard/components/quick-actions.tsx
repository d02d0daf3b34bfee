import type { LucideIcon } from "lucide-react";
import { ClipboardList, PackagePlus, Wrench } from "lucide-react";
import { Link } from "react-router";

const ACTIONS: { label: string; text: string; to: string; icon: LucideIcon; tone: string }[] = [
  {
    label: "Aggiungi Elemento",
    text: "Nuovo articolo in inventario",
    to: "/inventario?nuovo=1",
    icon: PackagePlus,
    tone: "bg-indigo-50 text-indigo-600",
  },
  {
    label: "Gestisci Richieste",
    text: "Approva o rifiuta le richieste",
    to: "/prestiti?tab=in_attesa",
    icon: ClipboardList,
    tone: "bg-sky-50 text-sky-600",
  },
  {
    label: "Gestisci Riparazioni",
    text: "Riparazioni in corso",
    to: "/riparazioni",
    icon: Wrench,
    tone: "bg-amber-50 text-amber-600",
  },
];

export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="mb-3 font-semibold text-slate-900">
        Azioni Rapide
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        {ACTIONS.map(({ label, text, to, icon: Icon, tone }) => (
          <Link
            key={label}
            to={to}
            className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition-colors hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <span className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tone}`}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-slate-900">{label}</span>
              <span className="block text-xs text-slate-500">{text}</span>
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}

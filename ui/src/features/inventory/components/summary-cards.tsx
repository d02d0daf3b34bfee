import type { LucideIcon } from "lucide-react";
import { AlertTriangle, Boxes, Package, Wrench } from "lucide-react";
import type { InventorySummary } from "../../../api/inventario";

interface SummaryCardsProps {
  summary: InventorySummary;
  /** Whether the list currently shows only the low-stock items. */
  lowStockShown: boolean;
  onToggleLowStock: () => void;
}

function Card({ label, value, icon: Icon, tint }: { label: string; value: number; icon: LucideIcon; tint: string }) {
  return (
    <div className="flex items-center gap-3">
      <div className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tint}`}>
        <Icon className="size-5" aria-hidden="true" />
      </div>
      <div className="min-w-0 text-left">
        <p className="text-2xl font-semibold text-slate-900">{value}</p>
        <p className="text-xs text-slate-500 sm:text-sm">{label}</p>
      </div>
    </div>
  );
}

const CARD = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm";

/** Totals over the whole inventory (not the filtered list); the low-stock card filters the list. */
export function SummaryCards({ summary, lowStockShown, onToggleLowStock }: SummaryCardsProps) {
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      <div className={CARD}>
        <Card
          label="Articoli totali"
          value={summary.articoli_totali}
          icon={Package}
          tint="bg-indigo-50 text-indigo-600"
        />
      </div>
      <div className={CARD}>
        <Card label="Unità totali" value={summary.unita_totali} icon={Boxes} tint="bg-sky-50 text-sky-600" />
      </div>
      <div className={CARD}>
        <Card label="In riparazione" value={summary.in_riparazione} icon={Wrench} tint="bg-orange-50 text-orange-600" />
      </div>
      <button
        type="button"
        aria-pressed={lowStockShown}
        title={lowStockShown ? "Mostra tutti gli articoli" : "Mostra solo gli articoli con scorte basse"}
        onClick={onToggleLowStock}
        className={`${CARD} transition-colors hover:border-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
          lowStockShown ? "border-amber-400 bg-amber-50/60" : ""
        }`}
      >
        <Card
          label="Scorte basse"
          value={summary.scorte_basse}
          icon={AlertTriangle}
          tint="bg-amber-50 text-amber-600"
        />
      </button>
    </div>
  );
}

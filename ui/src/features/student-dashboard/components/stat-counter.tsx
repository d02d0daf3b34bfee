import type { LucideIcon } from "lucide-react";

interface StatCounterProps {
  label: string;
  value: number | undefined;
  hint?: string;
  icon: LucideIcon;
  tone: "indigo" | "amber" | "rose" | "emerald";
  onClick: () => void;
}

const TONES = {
  indigo: "bg-indigo-50 text-indigo-600",
  amber: "bg-amber-50 text-amber-600",
  rose: "bg-rose-50 text-rose-600",
  emerald: "bg-emerald-50 text-emerald-600",
};

/** One of the dashboard's four counters; it leads to the view with the full list. */
export function StatCounter({ label, value, hint, icon: Icon, tone, onClick }: StatCounterProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full min-w-0 items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition-colors hover:border-indigo-200 hover:bg-indigo-50/30 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span className={`hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex ${TONES[tone]}`}>
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block text-xs font-medium text-slate-500 sm:text-sm">{label}</span>
        <span className="block text-2xl font-semibold text-slate-900">{value ?? "–"}</span>
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </span>
    </button>
  );
}

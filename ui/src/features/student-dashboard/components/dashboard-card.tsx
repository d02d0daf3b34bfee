import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";

interface DashboardCardProps {
  title: string;
  /** A link to the full list, under the title. */
  more?: { label: string; onClick: () => void };
  children: ReactNode;
}

export function DashboardCard({ title, more, children }: DashboardCardProps) {
  return (
    <section className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {more && (
          <button
            type="button"
            onClick={more.onClick}
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {more.label}
            <ArrowRight className="size-3.5" aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="flex-1">{children}</div>
    </section>
  );
}

import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";

interface StatsCardProps {
  title: string;
  icon: LucideIcon;
  /** A short note beside the title (e.g. the period total). */
  aside?: ReactNode;
  /** Dims the content while a new period is loading over the previous one. */
  stale?: boolean;
  children: ReactNode;
  className?: string;
}

/** A titled white card holding one statistic; the title names the region for screen readers. */
export function StatsCard({ title, icon: Icon, aside, stale = false, children, className = "" }: StatsCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={stale}
      className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Icon className="size-4 text-indigo-600" aria-hidden="true" />
          {title}
        </h2>
        {aside}
      </div>
      <div className={`transition-opacity ${stale ? "opacity-60" : ""}`}>{children}</div>
    </section>
  );
}

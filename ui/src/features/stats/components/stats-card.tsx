import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { CardHeading } from "../../../components/card-heading";

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
export function StatsCard({ title, icon, aside, stale = false, children, className = "" }: StatsCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={stale}
      className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <CardHeading id={headingId} icon={icon} title={title} />
        {aside}
      </div>
      <div className={`transition-opacity ${stale ? "opacity-60" : ""}`}>{children}</div>
    </section>
  );
}

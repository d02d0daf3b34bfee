import type { UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "../../../components/alert";

/** A calm card (indigo icon) or one that asks for attention (red frame and icon). */
const TONES = {
  calm: { frame: "border-slate-200", icon: "text-indigo-600" },
  alarm: { frame: "border-red-200", icon: "text-red-600" },
};

interface DashboardListCardProps<Row> {
  query: UseQueryResult<Row[]>;
  titleId: string;
  title: string;
  icon: LucideIcon;
  tone: keyof typeof TONES;
  /** The list's items, one `li` a row. */
  children: (rows: Row[]) => ReactNode;
}

/**
 * A dashboard card listing what waits for the desk: its icon and title over the list the title names.
 * Hidden while nothing waits; a failure shows as an alert in its place.
 */
export function DashboardListCard<Row>({
  query,
  titleId,
  title,
  icon: Icon,
  tone,
  children,
}: DashboardListCardProps<Row>) {
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  if (!query.data || query.data.length === 0) return null;
  const look = TONES[tone];
  return (
    <section aria-labelledby={titleId} className={`rounded-xl border ${look.frame} bg-white shadow-sm`}>
      <header className="flex items-center gap-2 border-b border-slate-100 px-5 py-4">
        <Icon className={`size-5 ${look.icon}`} aria-hidden="true" />
        <h2 id={titleId} className="font-semibold text-slate-900">
          {title}
        </h2>
      </header>
      <ul aria-label={title} className="divide-y divide-slate-100">
        {children(query.data)}
      </ul>
    </section>
  );
}

import type { UseQueryResult } from "@tanstack/react-query";
import { BarChart3, type LucideIcon } from "lucide-react";
import { EmptyState } from "../../../components/empty-state";
import { LoadingState } from "../../../components/spinner";
import { StatsCard } from "./stats-card";

export interface RankedEntry {
  key: string | number;
  name: string;
  /** A second line: course, category, number of students. */
  detail?: string;
  count: number;
}

interface RankedCardProps<Row> {
  title: string;
  icon: LucideIcon;
  /** The list's name, when it is not the title. */
  label?: string;
  query: UseQueryResult<Row[]>;
  toEntry: (row: Row) => RankedEntry;
}

const RANK_COLORS = ["bg-amber-100 text-amber-800", "bg-slate-200 text-slate-700", "bg-orange-100 text-orange-800"];

function requestsLabel(count: number) {
  return count === 1 ? "1 richiesta" : `${count} richieste`;
}

/** A card with a top-five list, dimmed while a new period loads over the previous one. */
export function RankedCard<Row>({ title, icon, label = title, query, toEntry }: RankedCardProps<Row>) {
  return (
    <StatsCard title={title} icon={icon} stale={query.isPlaceholderData}>
      <RankedList label={label} query={query} toEntry={toEntry} />
    </StatsCard>
  );
}

/** A top-five list: rank, name, a detail line, the request count and a bar scaled to the first entry. */
function RankedList<Row>({ label, query, toEntry }: Omit<RankedCardProps<Row>, "title" | "icon"> & { label: string }) {
  if (query.isPending) return <LoadingState label="Caricamento..." />;
  // The page shows a failure once; the list just stays empty.
  if (query.isError && !query.data)
    return <p className="py-6 text-center text-sm text-slate-500">Dati non disponibili</p>;
  const entries = query.data?.map(toEntry);
  if (!entries || entries.length === 0) return <EmptyState icon={BarChart3} title="Nessun dato disponibile" />;
  const highest = Math.max(...entries.map((entry) => entry.count), 1);
  return (
    <ol aria-label={label} className="space-y-3">
      {entries.map((entry, index) => (
        <li key={entry.key} className="flex items-center gap-3">
          <span
            className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
              RANK_COLORS[index] ?? "bg-slate-100 text-slate-600"
            }`}
          >
            <span className="sr-only">Posizione </span>
            {index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex items-baseline justify-between gap-3">
              <p className="truncate text-sm font-medium text-slate-900" title={entry.name}>
                {entry.name}
              </p>
              <p className="shrink-0 text-sm font-semibold text-slate-700 tabular-nums">{requestsLabel(entry.count)}</p>
            </div>
            {entry.detail && <p className="truncate text-xs text-slate-500">{entry.detail}</p>}
            <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <div
                className="h-full rounded-full bg-indigo-500"
                style={{ width: `${(entry.count / highest) * 100}%` }}
              />
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}

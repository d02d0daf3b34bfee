import { BarChart3 } from "lucide-react";
import { EmptyState } from "../../../components/empty-state";
import { LoadingState } from "../../../components/spinner";

export interface RankedEntry {
  key: string | number;
  name: string;
  /** A second line: course, category, number of students. */
  detail?: string;
  count: number;
}

interface RankedListProps {
  label: string;
  entries: RankedEntry[] | undefined;
  pending: boolean;
  /** The query failed: the page shows the error once, the list just stays empty. */
  failed: boolean;
}

const RANK_COLORS = ["bg-amber-100 text-amber-800", "bg-slate-200 text-slate-700", "bg-orange-100 text-orange-800"];

function requestsLabel(count: number) {
  return count === 1 ? "1 richiesta" : `${count} richieste`;
}

/** A top-five list: rank, name, a detail line, the request count and a bar scaled to the first entry. */
export function RankedList({ label, entries, pending, failed }: RankedListProps) {
  if (pending) return <LoadingState label="Caricamento..." />;
  if (failed) return <p className="py-6 text-center text-sm text-slate-500">Dati non disponibili</p>;
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

import { CalendarX2 } from "lucide-react";
import type { BookedRange } from "../../../api/inventario";
import { formatDate } from "../../../lib/dates";

function rangeLabel(range: BookedRange): string {
  if (range.fino_alla_restituzione) return `dal ${formatDate(range.dal)} fino alla restituzione`;
  if (range.dal === range.al) return `il ${formatDate(range.dal)}`;
  return `dal ${formatDate(range.dal)} al ${formatDate(range.al)}`;
}

/** The dates already taken on a unit, so the student can pick free ones. */
export function BookedRanges({ ranges, label }: { ranges: BookedRange[]; label: string }) {
  if (ranges.length === 0) return <p className="text-xs text-emerald-700">Nessuna prenotazione: libera in ogni data</p>;
  return (
    <ul aria-label={label} className="space-y-1">
      {ranges.map((range) => (
        <li
          key={`${range.tipo}-${range.dal}-${range.al}`}
          className={`flex items-start gap-1.5 text-xs ${range.fino_alla_restituzione ? "text-red-700" : "text-slate-600"}`}
        >
          <CalendarX2 className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-medium">{rangeLabel(range)}</span>
            <span className="text-slate-500">
              {" "}
              · {range.tipo === "prestito" ? "in prestito" : "richiesta in attesa"}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

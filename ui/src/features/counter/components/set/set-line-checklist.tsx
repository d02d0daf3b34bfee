import { ArrowLeftRight } from "lucide-react";
import type { ReactNode } from "react";
import type { SetLine } from "../../../../api/prenotazioni";
import type { Ticks } from "./set-ticks";

interface SetLineChecklistProps {
  label: string;
  lines: readonly SetLine[];
  ticks: Ticks;
  onToggle: (line: SetLine, ticked: boolean) => void;
  /** What else a line shows once ticked, or not (a condition to choose, a reason to give). */
  extra?: (line: SetLine, ticked: boolean) => ReactNode;
}

/** The set's units, ticked by scanning (or by hand): a swapped unit says which one it replaces. */
export function SetLineChecklist({ label, lines, ticks, onToggle, extra }: SetLineChecklistProps) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {lines.map((line) => {
        const tick = ticks[line.richiesta_id];
        return (
          <li key={line.richiesta_id} className={`space-y-2 px-3 py-2 ${tick ? "bg-emerald-50/60" : ""}`}>
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                checked={Boolean(tick)}
                onChange={(event) => onToggle(line, event.target.checked)}
                className="mt-1 size-4 rounded border-slate-300 text-indigo-600"
              />
              <span className="min-w-0 text-sm">
                <span className="font-mono font-semibold break-words text-slate-900">
                  {tick?.code ?? line.codice_univoco}
                </span>
                <span className="text-slate-600"> · {line.oggetto_nome}</span>
                {tick?.replaces && (
                  <span className="mt-0.5 flex items-center gap-1 text-xs font-medium text-indigo-700">
                    <ArrowLeftRight className="size-3.5" aria-hidden="true" /> Sostituisce {tick.replaces}
                  </span>
                )}
              </span>
            </label>
            {extra?.(line, Boolean(tick))}
          </li>
        );
      })}
    </ul>
  );
}

import { ArrowLeftRight } from "lucide-react";
import type { ReactNode } from "react";
import type { SetLine } from "../../../../api/prenotazioni";
import { ScanOutcomeNote } from "./scan-outcome-note";
import type { ScannedTicks } from "./use-scanned-ticks";

interface SetLineChecklistProps {
  label: string;
  lines: readonly SetLine[];
  /** The lines' ticks, from the scans and by hand. */
  scanned: ScannedTicks;
  /** What else a line shows once ticked, or not (a condition to choose, a reason to give). */
  extra?: (line: SetLine, ticked: boolean) => ReactNode;
}

/**
 * The set's units, ticked by scanning (or by hand), under what the last scan did: a swapped unit says which
 * one it replaces.
 */
export function SetLineChecklist({ label, lines, scanned, extra }: SetLineChecklistProps) {
  const { ticks, outcome, toggle } = scanned;
  return (
    <>
      <ScanOutcomeNote outcome={outcome} />
      <ul aria-label={label} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {lines.map((line) => {
          const tick = ticks[line.richiesta_id];
          return (
            <li key={line.richiesta_id} className={`space-y-2 px-3 py-2 ${tick ? "bg-emerald-50/60" : ""}`}>
              <label className="flex items-start gap-3">
                <input
                  type="checkbox"
                  checked={Boolean(tick)}
                  onChange={(event) => toggle(line, event.target.checked)}
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
    </>
  );
}

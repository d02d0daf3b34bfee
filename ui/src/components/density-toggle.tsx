import { Rows3, Rows4 } from "lucide-react";
import { setTableDensity, useTableDensity } from "../lib/table-density";

/** Switches every desk table between roomy and compact rows; the browser remembers the choice. */
export function DensityToggle() {
  const density = useTableDensity();
  const compact = density === "compatta";
  const Icon = compact ? Rows4 : Rows3;
  return (
    <button
      type="button"
      aria-pressed={compact}
      onClick={() => setTableDensity(compact ? "comoda" : "compatta")}
      className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <Icon className="size-4" aria-hidden="true" />
      Righe compatte
    </button>
  );
}

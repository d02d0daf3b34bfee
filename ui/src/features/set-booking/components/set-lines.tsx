import { Boxes, Minus, Plus, Trash2 } from "lucide-react";
import { type SetCartLine, setCartQuantity } from "../../../lib/set-cart";

/** The set's lines, each with its quantity (+/−) and "Rimuovi"; a kit counts once. */
export function SetLines({ lines }: { lines: readonly SetCartLine[] }) {
  return (
    <ul aria-label="Righe del set" className="divide-y divide-slate-100">
      {lines.map((line) => (
        <li key={`${line.kind}-${line.id}`} className="flex items-center gap-3 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words text-slate-900">{line.nome}</p>
            {line.kind === "kit" && (
              <p className="inline-flex items-center gap-1 text-xs text-indigo-700">
                <Boxes className="size-3.5" aria-hidden="true" /> Kit con i suoi accessori
              </p>
            )}
          </div>
          {line.kind === "articolo" && <QuantityStepper line={line} />}
          <button
            type="button"
            onClick={() => setCartQuantity(line.kind, line.id, 0)}
            aria-label={`Rimuovi ${line.nome} dal set`}
            className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

const STEP_BUTTON =
  "rounded-md p-1.5 text-slate-600 hover:bg-slate-100 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-indigo-600";

function QuantityStepper({ line }: { line: SetCartLine }) {
  return (
    <fieldset className="flex items-center gap-1 rounded-lg border border-slate-200 px-1">
      <legend className="sr-only">Quantità di {line.nome}</legend>
      <button
        type="button"
        className={STEP_BUTTON}
        disabled={line.quantita <= 1}
        onClick={() => setCartQuantity(line.kind, line.id, line.quantita - 1)}
        aria-label={`Una unità in meno di ${line.nome}`}
      >
        <Minus className="size-4" aria-hidden="true" />
      </button>
      <output aria-live="polite" className="w-6 text-center text-sm font-semibold text-slate-900">
        {line.quantita}
      </output>
      <button
        type="button"
        className={STEP_BUTTON}
        onClick={() => setCartQuantity(line.kind, line.id, line.quantita + 1)}
        aria-label={`Una unità in più di ${line.nome}`}
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </fieldset>
  );
}

import { ExternalLink, SearchCheck, SearchX } from "lucide-react";
import type { InventoryUnit } from "../../../api/inventario";
import { UnitStateBadge } from "./state-badges";

export interface UnitActions {
  onOpenLoan: (unit: InventoryUnit) => void;
  onToggleLost: (unit: InventoryUnit) => void;
  /** The unit whose lost/found change is being saved. */
  busyUnitId: number | null;
}

/** A unit held by a loan (started or booked) opens that loan's details. */
function isLent(unit: InventoryUnit): boolean {
  return (unit.stato === "prestato" || unit.stato === "riservato") && unit.prestito_corrente_id !== null;
}

export function UnitList({ units, id, ...actions }: UnitActions & { units: InventoryUnit[]; id?: string }) {
  return (
    <ul
      id={id}
      aria-label="Unità"
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-slate-50/50"
    >
      {units.map((unit) => (
        <li key={unit.id} className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-3 py-2 text-sm">
          {isLent(unit) ? (
            <button
              type="button"
              onClick={() => actions.onOpenLoan(unit)}
              title="Dettagli del prestito"
              className="inline-flex items-center gap-1 rounded font-mono text-sm font-medium wrap-anywhere text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {unit.codice_univoco}
              <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">: dettagli del prestito</span>
            </button>
          ) : (
            <span className="font-mono text-sm font-medium wrap-anywhere text-slate-800">{unit.codice_univoco}</span>
          )}
          <UnitStateBadge state={unit.stato} />
          {unit.note && <span className="min-w-0 basis-full text-xs text-slate-500 sm:basis-auto">{unit.note}</span>}
          <button
            type="button"
            onClick={() => actions.onToggleLost(unit)}
            disabled={actions.busyUnitId === unit.id}
            aria-label={`${unit.stato === "perso" ? "Segna come ritrovata" : "Segna come persa"} l'unità ${unit.codice_univoco}`}
            className="ml-auto inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
          >
            {unit.stato === "perso" ? (
              <>
                <SearchCheck className="size-3.5" aria-hidden="true" />
                Segna come ritrovata
              </>
            ) : (
              <>
                <SearchX className="size-3.5" aria-hidden="true" />
                Segna come persa
              </>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

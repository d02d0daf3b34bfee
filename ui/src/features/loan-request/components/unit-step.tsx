import { ChevronRight, PackageX, RefreshCw } from "lucide-react";
import type { UnitState } from "../../../../../src/domain/unit-state";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { LoadingState } from "../../../components/spinner";
import { Badge, type BadgeTone } from "../../../components/status-badge";
import { type BookableUnit, useBookableUnits } from "../../../lib/bookable-units";
import type { RequestableItem } from "../api/get-requestable-items";
import { BookedRanges } from "./booked-ranges";

const UNIT_STATES: Record<UnitState, { label: string; tone: BadgeTone }> = {
  disponibile: { label: "Disponibile", tone: "green" },
  prestato: { label: "In prestito", tone: "amber" },
  riservato: { label: "Prenotata", tone: "blue" },
  in_riparazione: { label: "In riparazione", tone: "orange" },
  perso: { label: "Persa", tone: "red" },
};

interface UnitStepProps {
  item: RequestableItem;
  selectedId: number | null;
  onSelect: (unit: BookableUnit) => void;
}

/** Step 2: one specific unit of the item, with the dates already taken on each. */
export function UnitStep({ item, selectedId, onSelect }: UnitStepProps) {
  const units = useBookableUnits(item.id);

  if (units.isPending) return <LoadingState label="Caricamento unità..." />;
  if (units.isError)
    return (
      <Alert
        tone="error"
        action={
          <Button variant="ghost" icon={RefreshCw} onClick={() => units.refetch()} className="-my-1.5 py-1.5">
            Riprova
          </Button>
        }
      >
        {units.error.message}
      </Alert>
    );
  if (units.data.length === 0)
    return (
      <EmptyState
        icon={PackageX}
        title="Nessuna unità prenotabile"
        text="Tutte le unità di questo articolo sono in riparazione o non più disponibili."
      />
    );

  return (
    <ul aria-label={`Unità di ${item.nome}`} className="space-y-2">
      {units.data.map((unit) => {
        const state = UNIT_STATES[unit.stato];
        return (
          <li key={unit.id}>
            <button
              type="button"
              onClick={() => onSelect(unit)}
              aria-pressed={unit.id === selectedId}
              className={`flex w-full items-start gap-3 rounded-lg border p-3 text-left transition-colors hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                unit.id === selectedId ? "border-indigo-500 bg-indigo-50/60" : "border-slate-200"
              }`}
            >
              <span className="min-w-0 flex-1 space-y-1.5">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-sm font-semibold break-all text-slate-900">
                    {unit.codice_univoco}
                  </span>
                  <Badge tone={state.tone}>{state.label}</Badge>
                </span>
                {unit.note && <span className="block text-xs text-slate-500">{unit.note}</span>}
                <BookedRanges ranges={unit.prenotazioni} label={`Date già prenotate per ${unit.codice_univoco}`} />
              </span>
              <ChevronRight className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

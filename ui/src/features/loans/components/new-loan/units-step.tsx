import { Boxes } from "lucide-react";
import { type BookableUnit, type BookedRange, useBookableUnits } from "../../../../api/inventario";
import { Alert } from "../../../../components/alert";
import { EmptyState } from "../../../../components/empty-state";
import { LoadingState } from "../../../../components/spinner";
import { formatDate } from "../../../../lib/dates";
import { freeTodayLabel } from "../../../../lib/item-availability";
import { ChoiceCard } from "./choice-card";

const UNIT_STATES: Record<string, { label: string; tone: string }> = {
  disponibile: { label: "Disponibile", tone: "bg-emerald-50 text-emerald-700 ring-emerald-200" },
  prestato: { label: "In Prestito", tone: "bg-sky-50 text-sky-700 ring-sky-200" },
  riservato: { label: "Riservata", tone: "bg-amber-50 text-amber-800 ring-amber-200" },
};

export function rangeText(range: BookedRange): string {
  const kind = range.tipo === "prestito" ? "In prestito" : "Richiesta in attesa";
  if (range.fino_alla_restituzione) return `${kind} dal ${formatDate(range.dal)} fino alla restituzione (scaduto)`;
  return `${kind} dal ${formatDate(range.dal)} al ${formatDate(range.al)}`;
}

interface UnitsStepProps {
  itemId: number;
  selectedIds: number[];
  onToggle: (unitId: number) => void;
}

/** Step 3: one or more units, each with the dates it is already taken. */
export function UnitsStep({ itemId, selectedIds, onToggle }: UnitsStepProps) {
  const units = useBookableUnits(itemId);
  if (units.isPending) return <LoadingState label="Caricamento unità..." />;
  if (units.isError) return <Alert tone="error">Errore nel caricamento unità</Alert>;
  if (units.data.length === 0)
    return <EmptyState icon={Boxes} title="Nessuna unità prenotabile" text="Le unità sono in riparazione o perse." />;
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 text-sm text-slate-600">
        Seleziona le unità da consegnare ({selectedIds.length} selezionate).
      </legend>
      <div className="max-h-80 space-y-2 overflow-y-auto pr-1">
        {units.data.map((unit) => (
          <ChoiceCard
            key={unit.id}
            type="checkbox"
            name="loan-units"
            checked={selectedIds.includes(unit.id)}
            onChange={() => onToggle(unit.id)}
            label={<span className="font-mono break-words">{unit.codice_univoco}</span>}
            details={<UnitBookings unit={unit} />}
            aside={<UnitState state={unit.stato} />}
          />
        ))}
      </div>
    </fieldset>
  );
}

function UnitBookings({ unit }: { unit: BookableUnit }) {
  if (unit.prenotazioni.length === 0) return <>Nessuna prenotazione</>;
  return (
    <>
      {unit.libera_fino_al && <span className="block font-medium text-amber-800">{freeTodayLabel(unit, true)}</span>}
      {unit.prenotazioni.map((range) => (
        <span key={`${range.tipo}-${range.dal}-${range.al}`} className="block">
          {rangeText(range)}
        </span>
      ))}
    </>
  );
}

function UnitState({ state }: { state: string }) {
  const shown = UNIT_STATES[state] ?? { label: state, tone: "bg-slate-100 text-slate-600 ring-slate-200" };
  return (
    <span
      className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${shown.tone}`}
    >
      {shown.label}
    </span>
  );
}

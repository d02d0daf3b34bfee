import { ArrowLeft, ArrowRight, Shuffle } from "lucide-react";
import { useState } from "react";
import type { CatalogueItem } from "../../../api/inventario";
import { useBookableUnits } from "../../../api/inventario";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ModalActions } from "../../../components/modal";
import { RadioCard } from "../../../components/radio-card";
import { LoadingState } from "../../../components/spinner";
import { UnitStatusBadge } from "../../../components/status-badge";
import { BookedRanges } from "./booked-ranges";

interface UnitStepProps {
  item: CatalogueItem;
  /** The unit chosen before, or null for "any free unit" (the default). */
  selectedId: number | null;
  /** A choice is kept as soon as it is made, so Back from a later step comes back to it. */
  onChoose: (unitId: number | null) => void;
  onNext: () => void;
  onBack: () => void;
}

/**
 * Step 2: "Qualsiasi unità libera" first and chosen by default — the server then picks a unit free for
 * the dates — or one specific unit, with the dates already taken on each.
 */
export function UnitStep({ item, selectedId, onChoose, onNext, onBack }: UnitStepProps) {
  const units = useBookableUnits(item.id);
  // Shown at once: the address the choice is written to follows a moment later (a router transition).
  const [choice, setChoice] = useState(selectedId);
  function choose(unitId: number | null) {
    setChoice(unitId);
    onChoose(unitId);
  }
  const name = `unita-${item.id}`;

  return (
    <>
      <p className="mb-3 text-sm text-slate-600">
        Unità di <span className="font-medium text-slate-900">{item.nome}</span>: lascia scegliere all'ufficio la prima
        libera per le tue date, oppure scegline una.
      </p>
      <fieldset className="space-y-2">
        <legend className="sr-only">Unità da richiedere</legend>
        <RadioCard name={name} checked={choice === null} onSelect={() => choose(null)}>
          <Shuffle className="size-5 shrink-0 text-indigo-600" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            <span className="block font-medium text-slate-900">Qualsiasi unità libera</span>
            <span className="block text-xs text-slate-600">
              Vedi tutte le date in cui almeno un'unità è libera; l'unità è assegnata all'invio.
            </span>
          </span>
        </RadioCard>
        {units.isPending && <LoadingState label="Caricamento unità..." />}
        {units.isError && <Alert tone="error">{units.error.message}</Alert>}
        {units.data?.map((unit) => {
          return (
            <RadioCard
              key={unit.id}
              name={name}
              align="start"
              checked={choice === unit.id}
              onSelect={() => choose(unit.id)}
            >
              <span className="min-w-0 flex-1 space-y-1.5">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-sm font-semibold break-words text-slate-900">
                    {unit.codice_univoco}
                  </span>
                  <UnitStatusBadge state={unit.stato} availableLabel="Disponibile oggi" />
                </span>
                {unit.note && <span className="block text-xs text-slate-500">{unit.note}</span>}
                <BookedRanges ranges={unit.prenotazioni} label={`Date già prenotate per ${unit.codice_univoco}`} />
              </span>
            </RadioCard>
          );
        })}
      </fieldset>
      <ModalActions>
        <Button variant="secondary" icon={ArrowLeft} onClick={onBack}>
          Indietro
        </Button>
        <Button onClick={onNext}>
          Avanti
          <ArrowRight className="size-4" aria-hidden="true" />
        </Button>
      </ModalActions>
    </>
  );
}

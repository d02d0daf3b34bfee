import { ArrowLeft, ArrowRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { DATE_MESSAGES } from "../../../../../src/domain/loan-rules";
import type { UsageType } from "../../../../../src/domain/loan-types";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Modal, ModalActions } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";
import type { BookableUnit } from "../../../lib/bookable-units";
import { type RequestableItem, useRequestableItems } from "../api/get-requestable-items";
import { useServerToday } from "../api/get-server-today";
import { DatesStep } from "./dates-step";
import { ItemStep } from "./item-step";
import { STEP_LABELS, StepIndicator, type WizardStep } from "./step-indicator";
import { UnitStep } from "./unit-step";
import { UsageStep } from "./usage-step";

interface LoanRequestDialogProps {
  /** Starts at the unit step for this item (the "Richiedi" button of a card). */
  initialItemId?: number;
  /** The student's academic course. */
  course: string | null;
  onClose: () => void;
}

const STEP_TITLES: Record<WizardStep, string> = {
  1: "Scegli l'articolo",
  2: "Scegli l'unità",
  3: "Tipo di utilizzo",
  4: "Date e note",
};

/**
 * The new-request wizard: item → unit → usage type (only for `entrambi` items) → dates and notes.
 * Each step has a way back; the chosen unit and usage are kept when going back and forth.
 */
export function LoanRequestDialog({ initialItemId, course, onClose }: LoanRequestDialogProps) {
  const items = useRequestableItems();
  const today = useServerToday();
  const [step, setStep] = useState<WizardStep>(initialItemId === undefined ? 1 : 2);
  const [itemId, setItemId] = useState<number | null>(initialItemId ?? null);
  const [unit, setUnit] = useState<BookableUnit | null>(null);
  const [usage, setUsage] = useState<UsageType | null>(null);
  const [usageMissing, setUsageMissing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  const item = items.data?.find((candidate) => candidate.id === itemId) ?? null;
  const choosesUsage = item?.tipo_prestito === "entrambi";
  const waitingForInitialItem = initialItemId !== undefined && items.isPending;
  // Without a known item (e.g. no longer offered) only the first step makes sense.
  const current: WizardStep = item || waitingForInitialItem ? step : 1;

  // Moving between steps moves focus to the new step's title, so keyboard and screen-reader users follow.
  useEffect(() => {
    if (shownStep.current === current) return;
    shownStep.current = current;
    heading.current?.focus();
  }, [current]);

  function chooseItem(chosen: RequestableItem) {
    if (chosen.id !== itemId) {
      setUnit(null);
      setUsage(null);
    }
    setItemId(chosen.id);
    setStep(2);
  }

  function chooseUnit(chosen: BookableUnit) {
    setUnit(chosen);
    setStep(choosesUsage ? 3 : 4);
  }

  function confirmUsage() {
    if (!usage) {
      setUsageMissing(true);
      return;
    }
    setStep(4);
  }

  return (
    <Modal
      title="Nuova Richiesta"
      description={`Passo ${current} di 4 · ${STEP_LABELS[current]}`}
      onClose={onClose}
      size="lg"
    >
      <StepIndicator current={current} usageSkipped={item !== null && !choosesUsage} />
      <h3 ref={heading} tabIndex={-1} className="mb-4 text-base font-semibold text-slate-900 focus:outline-none">
        {STEP_TITLES[current]}
      </h3>

      {waitingForInitialItem && <LoadingState label="Caricamento articolo..." />}

      {current === 1 && (
        <>
          <ItemStep course={course} selectedId={itemId} onSelect={chooseItem} />
          <ModalActions>
            <Button variant="secondary" onClick={onClose}>
              Annulla
            </Button>
          </ModalActions>
        </>
      )}

      {item && current === 2 && (
        <>
          <p className="mb-3 text-sm text-slate-600">
            Unità di <span className="font-medium text-slate-900">{item.nome}</span>: scegli quella che preferisci,
            guardando le date già occupate.
          </p>
          <UnitStep item={item} selectedId={unit?.id ?? null} onSelect={chooseUnit} />
          <ModalActions>
            <Button variant="secondary" icon={ArrowLeft} onClick={() => setStep(1)}>
              Indietro
            </Button>
          </ModalActions>
        </>
      )}

      {item && current === 3 && (
        <>
          <UsageStep
            value={usage}
            onChange={(chosen) => {
              setUsage(chosen);
              setUsageMissing(false);
            }}
          />
          {usageMissing && (
            <div className="mt-4">
              <Alert tone="error">{DATE_MESSAGES.usageRequired}</Alert>
            </div>
          )}
          <ModalActions>
            <Button variant="secondary" icon={ArrowLeft} onClick={() => setStep(2)}>
              Indietro
            </Button>
            <Button onClick={confirmUsage}>
              Avanti
              <ArrowRight className="size-4" aria-hidden="true" />
            </Button>
          </ModalActions>
        </>
      )}

      {item && unit && current === 4 && (
        <DatesStep
          item={item}
          unit={unit}
          usage={choosesUsage ? usage : null}
          today={today}
          onBack={() => setStep(choosesUsage ? 3 : 2)}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

import { ArrowLeft, ArrowRight, Check } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type InventoryItem, useSaveItem } from "../../../../api/inventario";
import { Alert } from "../../../../components/alert";
import { Button } from "../../../../components/button";
import { useDisabledReason } from "../../../../components/disabled-reason";
import { Modal } from "../../../../components/modal";
import { useToast } from "../../../../components/toast";
import { failureText } from "../../../../lib/failure-text";
import {
  acceptQuantity,
  emptyForm,
  formFromItem,
  type ItemForm,
  regenerateUnits,
  saveProblem,
  stepProblem,
  toPayload,
  WIZARD_STEPS,
  type WizardMode,
} from "../../utils/item-form";
import { BasicStep } from "./basic-step";
import { CoursesStep } from "./courses-step";
import { DescriptionStep } from "./description-step";
import type { FormChange } from "./step-props";
import { UnitsStep } from "./units-step";
import { UsageStep } from "./usage-step";

interface ItemWizardProps {
  /** The item to edit; without it the wizard creates a new one. */
  item?: InventoryItem;
  onClose: () => void;
}

const LAST_STEP = WIZARD_STEPS.length;

const SAVE_LABELS = {
  create: { idle: "Crea Elemento", busy: "Creazione..." },
  edit: { idle: "Aggiorna Elemento", busy: "Aggiornamento..." },
};

function StepIndicator({ step }: { step: number }) {
  return (
    <ol aria-label="Passaggi" className="mb-5 flex items-center gap-1.5">
      {WIZARD_STEPS.map((label, index) => {
        const number = index + 1;
        const state = number < step ? "done" : number === step ? "current" : "todo";
        return (
          <li
            key={label}
            aria-current={state === "current" ? "step" : undefined}
            className="flex flex-1 flex-col items-center gap-1"
          >
            <span
              className={`h-1.5 w-full rounded-full ${state === "todo" ? "bg-slate-200" : "bg-indigo-600"}`}
              aria-hidden="true"
            />
            <span className="sr-only">
              Passo {number}: {label}
              {state === "done" ? " (completato)" : ""}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The five-step item form. It moves forward only from a valid step; the unit codes follow the name
 * (and, on creation, the quantity) until the user edits them on the last step.
 */
export function ItemWizard({ item, onClose }: ItemWizardProps) {
  const mode: WizardMode = item ? "edit" : "create";
  const [step, setStep] = useState(1);
  const [form, setForm] = useState<ItemForm>(() => (item ? formFromItem(item) : emptyForm()));
  const [problem, setProblem] = useState<string | null>(null);
  const [quantityRefused, setQuantityRefused] = useState(false);
  const saveItem = useSaveItem();
  const showToast = useToast();

  function change(update: FormChange) {
    setForm((current) => ({ ...current, ...(typeof update === "function" ? update(current) : update) }));
  }

  function changeName(nome: string) {
    setForm((current) => {
      const next = { ...current, nome };
      return { ...next, unita: regenerateUnits(next, mode) };
    });
  }

  function changeQuantity(typed: string) {
    const accepted = acceptQuantity(form.quantity, typed);
    setQuantityRefused(typed !== "" && Number(accepted) !== Number(typed));
    setForm((current) => {
      const next = { ...current, quantity: accepted };
      return mode === "create" ? { ...next, unita: regenerateUnits(next, mode) } : next;
    });
  }

  function goForward() {
    if (stepProblem(form, step)) return;
    if (step === 1) setForm((current) => ({ ...current, unita: regenerateUnits(current, mode) }));
    setStep(step + 1);
  }

  function goBack() {
    setProblem(null);
    if (step === 1) onClose();
    else setStep(step - 1);
  }

  function save() {
    const found = saveProblem(form);
    setProblem(found);
    if (found) return;
    saveItem.mutate(
      { id: item?.id, payload: toPayload(form) },
      {
        onSuccess: (saved) => {
          showToast(mode === "create" ? `"${saved.nome}" aggiunto all'inventario` : `"${saved.nome}" aggiornato`);
          onClose();
        },
      },
    );
  }

  // Enter in a field moves on, like the Next button; on the last step it saves.
  function submit(event: FormEvent) {
    event.preventDefault();
    if (step < LAST_STEP) goForward();
    else save();
  }

  const error = problem ?? (saveItem.isError ? failureText(saveItem.error, "Errore nel salvataggio") : null);
  const { buttonProps, reasonLine } = useDisabledReason(stepProblem(form, step));
  return (
    <Modal
      title={mode === "create" ? "Nuovo Articolo" : "Modifica Articolo"}
      description={`Passo ${step} di ${LAST_STEP}: ${WIZARD_STEPS[step - 1]}`}
      onClose={onClose}
      size="lg"
    >
      <StepIndicator step={step} />
      <form onSubmit={submit} noValidate>
        <h3 className="mb-4 text-base font-semibold text-slate-900">{WIZARD_STEPS[step - 1]}</h3>
        {step === 1 && (
          <BasicStep
            form={form}
            onChange={change}
            onNameChange={changeName}
            onQuantityChange={changeQuantity}
            quantityRefused={quantityRefused}
          />
        )}
        {step === 2 && <DescriptionStep form={form} onChange={change} />}
        {step === 3 && <UsageStep form={form} onChange={change} />}
        {step === 4 && <CoursesStep form={form} onChange={change} />}
        {step === 5 && <UnitsStep form={form} onChange={change} />}

        {error && (
          <div className="mt-4">
            <Alert tone="error">{error}</Alert>
          </div>
        )}

        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="secondary" icon={step === 1 ? undefined : ArrowLeft} onClick={goBack}>
            {step === 1 ? "Annulla" : "Indietro"}
          </Button>
          {step < LAST_STEP ? (
            <Button type="submit" {...buttonProps}>
              Avanti
              <ArrowRight className="size-4" aria-hidden="true" />
            </Button>
          ) : (
            <Button type="submit" icon={Check} {...buttonProps} busy={saveItem.isPending}>
              {SAVE_LABELS[mode][saveItem.isPending ? "busy" : "idle"]}
            </Button>
          )}
        </div>
        {reasonLine}
      </form>
    </Modal>
  );
}

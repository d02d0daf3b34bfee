import { type FormEvent, useState } from "react";
import { type InventoryItem, useItem } from "../../../api/inventario";
import { type RepairDetails, useCreateRepair } from "../../../api/riparazioni";
import { Alert } from "../../../components/alert";
import { useDisabledReason } from "../../../components/disabled-reason";
import { Modal } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";
import { ChosenUnit } from "../../../components/unit-choice";
import { WizardActions } from "../../../components/wizard-actions";
import { WizardSteps } from "../../../components/wizard-steps";
import { RepairCreatedDialog, useRepairCreated } from "./repair-created";
import { RepairFields, repairDetailsProblem } from "./repair-fields";
import { RepairItemStep } from "./repair-item-step";
import { RepairUnitStep } from "./repair-unit-step";

const STEPS = ["Articolo", "Unità", "Dettagli"] as const;
/** The spec's words for a repair without its item or its unit (admin.md, "Other rules"). */
const CHOOSE_ITEM_AND_UNIT = "Seleziona oggetto e ID specifico";
const EMPTY_DETAILS: RepairDetails = { descrizione: "", note_tecniche: "", priorita: "media" };

/**
 * The three-step form that puts one unit into repair: item, then the unit, then what is wrong with it.
 * A `preset` (the item page's link) starts on the unit step, or on the details when its unit can go.
 */
export function NewRepairModal({
  onClose,
  preset,
}: {
  onClose: () => void;
  preset?: { itemId: number; unitId: number | null };
}) {
  // The preset item comes from the server; an item picked in the first step is kept as it was listed.
  const presetItem = useItem(preset?.itemId ?? null);
  const [picked, setPicked] = useState<InventoryItem | null>(null);
  const createRepair = useCreateRepair();
  const [step, setStep] = useState(preset ? (preset.unitId === null ? 2 : 3) : 1);
  const [search, setSearch] = useState("");
  const [unitId, setUnitId] = useState<number | null>(preset?.unitId ?? null);
  const [details, setDetails] = useState(EMPTY_DETAILS);
  const [triedToSave, setTriedToSave] = useState(false);
  const { created, onCreated } = useRepairCreated(onClose);

  const item = picked ?? (presetItem.data as InventoryItem | undefined) ?? null;
  const unit = item?.unita.find((candidate) => candidate.id === unitId) ?? null;
  const loadingPreset = preset !== undefined && picked === null && presetItem.isPending;

  function chooseItem(chosen: InventoryItem) {
    if (chosen.id !== item?.id) setUnitId(null);
    setPicked(chosen);
  }

  const missingChoice = (step === 1 && !item) || (step === 2 && !unit) ? CHOOSE_ITEM_AND_UNIT : null;
  const { buttonProps, reasonLine } = useDisabledReason(loadingPreset ? null : missingChoice);

  function goBack() {
    createRepair.reset();
    setStep(step - 1);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (missingChoice) return;
    if (step < STEPS.length) return setStep(step + 1);
    setTriedToSave(true);
    if (repairDetailsProblem(details) || !item || !unit) return;
    createRepair.mutate({ inventario_id: item.id, unit_id: unit.id, ...details }, { onSuccess: onCreated });
  }

  // Another component in its place mounts a new dialog, so focus moves into it again (the submit button just disappeared).
  if (created) return <RepairCreatedDialog repair={created} title="Nuova Riparazione" onClose={onClose} />;

  const error = createRepair.error?.message;
  return (
    <Modal
      title="Nuova Riparazione"
      description="Metti in riparazione un'unità dell'inventario."
      onClose={onClose}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <WizardSteps steps={STEPS} current={step} />
        {loadingPreset && <LoadingState label="Caricamento inventario..." />}
        {presetItem.isError && <Alert tone="error">Errore nel caricamento inventario</Alert>}
        {step === 1 && (
          <RepairItemStep search={search} onSearch={setSearch} selectedId={item?.id ?? null} onSelect={chooseItem} />
        )}
        {step === 2 && item && <RepairUnitStep item={item} selectedId={unitId} onSelect={setUnitId} />}
        {step === 3 && item && unit && (
          <div className="space-y-4">
            <ChosenUnit itemName={item.nome} unitLabel="ID specifico" code={unit.codice_univoco} />
            <RepairFields value={details} onChange={setDetails} showProblems={triedToSave} />
          </div>
        )}
        <WizardActions
          step={step}
          stepCount={STEPS.length}
          finishLabel="Crea Riparazione"
          error={error}
          busy={createRepair.isPending}
          submitProps={{ ...buttonProps, disabled: buttonProps.disabled || loadingPreset }}
          onCancel={onClose}
          onBack={goBack}
        />
        {reasonLine}
      </form>
    </Modal>
  );
}

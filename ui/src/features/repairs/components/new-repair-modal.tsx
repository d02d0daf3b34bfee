import { Package } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type InventoryItem, useInventorySearch, useItem } from "../../../api/inventario";
import { type CreatedRepair, type RepairDetails, useCreateRepair } from "../../../api/riparazioni";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { useDisabledReason } from "../../../components/disabled-reason";
import { EmptyState } from "../../../components/empty-state";
import { Modal, ModalActions } from "../../../components/modal";
import { RadioCard } from "../../../components/radio-card";
import { SearchField } from "../../../components/search-field";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";
import { WizardSteps } from "../../../components/wizard-steps";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { RepairCreated } from "./repair-created";
import { RepairFields, repairDetailsProblem } from "./repair-fields";
import { canGoIntoRepair, UnitStateBadge } from "./repair-labels";

const STEPS = ["Articolo", "Unità", "Dettagli"] as const;
/** The spec's words for a repair without its item or its unit (admin.md, "Other rules"). */
const CHOOSE_ITEM_AND_UNIT = "Seleziona oggetto e ID specifico";
const EMPTY_DETAILS: RepairDetails = { descrizione: "", note_tecniche: "", priorita: "media" };
/** Items the first step lists at once: the desk searches among the rest on the server. */
const PICKER_SIZE = 50;
const SEARCH_DELAY_MS = 250;

function repairableUnits(item: InventoryItem) {
  return item.unita.filter((unit) => canGoIntoRepair(unit.stato));
}

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
  const showToast = useToast();
  const [step, setStep] = useState(preset ? (preset.unitId === null ? 2 : 3) : 1);
  const [search, setSearch] = useState("");
  const [unitId, setUnitId] = useState<number | null>(preset?.unitId ?? null);
  const [details, setDetails] = useState(EMPTY_DETAILS);
  const [triedToSave, setTriedToSave] = useState(false);
  const [created, setCreated] = useState<CreatedRepair | null>(null);

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
    createRepair.mutate(
      { inventario_id: item.id, unit_id: unit.id, ...details },
      {
        onSuccess: (repair) => {
          if (repair.avvisi_prenotazioni.length > 0) return setCreated(repair);
          showToast(`Riparazione creata: ${repair.codice_univoco} è in riparazione`);
          onClose();
        },
      },
    );
  }

  if (created)
    return (
      // A new key remounts the dialog, so focus moves into it again (the submit button just disappeared).
      <Modal key="created" title="Nuova Riparazione" onClose={onClose} size="lg">
        <RepairCreated repair={created} />
        <ModalActions>
          <Button onClick={onClose}>Chiudi</Button>
        </ModalActions>
      </Modal>
    );

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
          <ItemStep search={search} onSearch={setSearch} selectedId={item?.id ?? null} onSelect={chooseItem} />
        )}
        {step === 2 && item && <UnitStep item={item} selectedId={unitId} onSelect={setUnitId} />}
        {step === 3 && item && unit && (
          <div className="space-y-4">
            <dl className="grid gap-3 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-2">
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Articolo</dt>
                <dd className="font-medium text-slate-900">{item.nome}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">ID specifico</dt>
                <dd className="font-mono text-xs break-all text-slate-900">{unit.codice_univoco}</dd>
              </div>
            </dl>
            <RepairFields value={details} onChange={setDetails} showProblems={triedToSave} />
          </div>
        )}
        {error && (
          <div className="mt-4">
            <Alert tone="error">{error}</Alert>
          </div>
        )}
        <ModalActions>
          {step === 1 ? (
            <Button variant="secondary" onClick={onClose}>
              Annulla
            </Button>
          ) : (
            <Button variant="secondary" onClick={goBack}>
              Indietro
            </Button>
          )}
          <Button
            type="submit"
            busy={createRepair.isPending}
            {...buttonProps}
            disabled={buttonProps.disabled || loadingPreset}
          >
            {step < STEPS.length ? "Avanti" : "Crea Riparazione"}
          </Button>
        </ModalActions>
        {reasonLine}
      </form>
    </Modal>
  );
}

function ItemStep({
  search,
  onSearch,
  selectedId,
  onSelect,
}: {
  search: string;
  onSearch: (search: string) => void;
  selectedId: number | null;
  onSelect: (item: InventoryItem) => void;
}) {
  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const items = useInventorySearch({ search: term || undefined }, PICKER_SIZE);
  const shown = items.data?.elementi ?? [];
  const matching = items.data?.totale ?? 0;
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-slate-700">Quale articolo va in riparazione?</legend>
      <SearchField
        id="repair-item-search"
        label="Cerca articolo"
        placeholder="Cerca per nome, numero di serie o codice"
        value={search}
        onChange={onSearch}
        className="mb-3"
      />
      {items.isPending && <LoadingState label="Caricamento inventario..." />}
      {items.isError && <Alert tone="error">Errore nel caricamento inventario</Alert>}
      {items.isSuccess && shown.length === 0 && <EmptyState icon={Package} title="Nessun articolo trovato" />}
      {shown.length > 0 && (
        <ul className="max-h-80 space-y-2 overflow-y-auto pr-1">
          {shown.map((item) => {
            const repairable = repairableUnits(item).length;
            const selected = item.id === selectedId;
            return (
              <li key={item.id}>
                <RadioCard
                  name="repair-item"
                  checked={selected}
                  disabled={repairable === 0}
                  onSelect={() => onSelect(item)}
                >
                  <Package className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium text-slate-900">{item.nome}</span>
                    {item.categoria_nome && (
                      <span className="block truncate text-xs text-slate-600">{item.categoria_nome}</span>
                    )}
                  </span>
                  <span className="shrink-0 text-right text-xs text-slate-600">
                    {repairable === 0 ? "Nessuna unità riparabile" : `${repairable} di ${item.unita.length} riparabili`}
                  </span>
                </RadioCard>
              </li>
            );
          })}
        </ul>
      )}
      {matching > shown.length && (
        <p className="mt-2 px-1 text-xs text-slate-500">
          {shown.length} di {matching} mostrati: cerca per trovare gli altri.
        </p>
      )}
    </fieldset>
  );
}

function UnitStep({
  item,
  selectedId,
  onSelect,
}: {
  item: InventoryItem;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const units = repairableUnits(item);
  const excluded = item.unita.length - units.length;
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-slate-700">Quale unità di {item.nome}?</legend>
      <ul className="max-h-80 space-y-2 overflow-y-auto pr-1">
        {units.map((unit) => {
          const selected = unit.id === selectedId;
          return (
            <li key={unit.id}>
              <RadioCard name="repair-unit" checked={selected} onSelect={() => onSelect(unit.id)}>
                <span className="min-w-0 flex-1">
                  <span className="block font-mono text-xs break-all text-slate-900">{unit.codice_univoco}</span>
                  {unit.note && <span className="block text-xs text-slate-600">{unit.note}</span>}
                </span>
                <UnitStateBadge value={unit.stato} />
              </RadioCard>
            </li>
          );
        })}
      </ul>
      {units.some((unit) => unit.stato === "riservato") && (
        <p className="mt-3 text-xs text-slate-500">
          Anche un'unità prenotata può andare in riparazione: dopo averla creata vedrai quali prenotazioni spostare.
        </p>
      )}
      {excluded > 0 && (
        <p className="mt-3 text-xs text-slate-500">
          {excluded === 1
            ? "1 unità non è mostrata: è in prestito, già in riparazione o persa."
            : `${excluded} unità non sono mostrate: sono in prestito, già in riparazione o perse.`}
        </p>
      )}
    </fieldset>
  );
}

import type { LucideIcon } from "lucide-react";
import { Building2, Info, Plus, Shuffle, Trash2, Truck } from "lucide-react";
import { ITEM_TEXT_LIMITS } from "../../../../../src/domain/item-limits";
import { LOAN_TYPE_LABELS, LOAN_TYPES, type LoanType } from "../../../../../src/domain/loan-types";
import { MAX_UNITS_PER_ITEM, unitCodeBase, unitCodeBaseIsCut } from "../../../../../src/domain/unit-codes";
import { useCategories } from "../../../api/categorie";
import { Alert } from "../../../components/alert";
import { Button, IconButton } from "../../../components/button";
import { SelectField, TextAreaField, TextField } from "../../../components/form-field";
import { LoadingState } from "../../../components/spinner";
import { useCourses } from "../api/get-courses";
import { appendUnit, type ItemForm, QUANTITY_HINT, type UnitDraft } from "../utils/item-form";
import { InlineCategoryForm } from "./inline-category-form";
import { UnitStateBadge } from "./state-badges";

interface StepProps {
  form: ItemForm;
  onChange: (change: Partial<ItemForm>) => void;
}

interface BasicStepProps extends StepProps {
  onNameChange: (name: string) => void;
  onQuantityChange: (typed: string) => void;
  /** The last value typed in the quantity was ignored: the hint says why. */
  quantityRefused: boolean;
}

export function BasicStep({ form, onChange, onNameChange, onQuantityChange, quantityRefused }: BasicStepProps) {
  return (
    <div className="space-y-4">
      <TextField
        label="Nome"
        value={form.nome}
        onChange={(event) => onNameChange(event.target.value)}
        placeholder="Es. Fotocamera Canon EOS R6"
        hint={
          unitCodeBaseIsCut(form.nome)
            ? `Nome lungo: i codici delle unità ne useranno solo l'inizio (${unitCodeBase(form.nome).length} caratteri).`
            : undefined
        }
        maxLength={ITEM_TEXT_LIMITS.nome}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Quantità"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_UNITS_PER_ITEM}
          step={1}
          value={form.quantity}
          onChange={(event) => onQuantityChange(event.target.value)}
          hint={quantityRefused ? QUANTITY_HINT : "Una unità per ogni pezzo, ognuna con il suo codice."}
        />
        <TextField
          label="Posizione (scaffale)"
          optional
          value={form.posizione}
          onChange={(event) => onChange({ posizione: event.target.value })}
          placeholder="Es. Armadio A, ripiano 2"
          maxLength={ITEM_TEXT_LIMITS.posizione}
        />
        <TextField
          label="Fornitore"
          optional
          value={form.fornitore}
          onChange={(event) => onChange({ fornitore: event.target.value })}
          maxLength={ITEM_TEXT_LIMITS.fornitore}
        />
        <TextField
          label="Numero di serie"
          optional
          value={form.seriale}
          onChange={(event) => onChange({ seriale: event.target.value })}
          maxLength={ITEM_TEXT_LIMITS.seriale}
        />
      </div>
    </div>
  );
}

export function DescriptionStep({ form, onChange }: StepProps) {
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="item-note" className="mb-1.5 block text-sm font-medium text-slate-700">
          Descrizione e note <span className="font-normal text-slate-500">(opzionale)</span>
        </label>
        <textarea
          id="item-note"
          rows={4}
          value={form.note}
          onChange={(event) => onChange({ note: event.target.value })}
          placeholder="Accessori inclusi, avvertenze, stato d'uso…"
          maxLength={ITEM_TEXT_LIMITS.note}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
        />
      </div>
      <TextAreaField
        label="Accessori da verificare"
        optional
        rows={3}
        value={form.checklist}
        onChange={(event) => onChange({ checklist: event.target.value })}
        placeholder={"Batteria\nCaricatore\nTappo dell'obiettivo"}
        maxLength={2000}
        hint="Uno per riga: il banco li controlla alla consegna e alla restituzione."
      />
      <TextField
        label="Link all'immagine"
        optional
        type="url"
        inputMode="url"
        value={form.immagine_url}
        onChange={(event) => onChange({ immagine_url: event.target.value })}
        placeholder="https://…"
        maxLength={ITEM_TEXT_LIMITS.immagineUrl}
        hint="Incolla il link diretto a un'immagine (ad esempio il link di condivisione da Google Drive, Dropbox o OneDrive)."
      />
    </div>
  );
}

const USAGE_OPTIONS: Record<LoanType, { icon: LucideIcon; text: string }> = {
  solo_esterno: {
    icon: Truck,
    text: "Prestito di più giorni: l'attrezzatura può uscire dall'accademia.",
  },
  solo_interno: {
    icon: Building2,
    text: "Uso in giornata, solo all'interno dell'accademia (restituzione lo stesso giorno).",
  },
  entrambi: {
    icon: Shuffle,
    text: "Entrambi: è l'utente a scegliere, a ogni richiesta, se usarla in sede o portarla fuori.",
  },
};

export function UsageStep({ form, onChange }: StepProps) {
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-medium text-slate-700">Come si può prendere in prestito?</legend>
      <div className="space-y-3">
        {LOAN_TYPES.map((type) => {
          const { icon: Icon, text } = USAGE_OPTIONS[type];
          const chosen = form.tipo_prestito === type;
          return (
            <label
              key={type}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${
                chosen ? "border-indigo-500 bg-indigo-50" : "border-slate-200 hover:bg-slate-50"
              }`}
            >
              <input
                type="radio"
                name="tipo_prestito"
                value={type}
                checked={chosen}
                onChange={() => onChange({ tipo_prestito: type })}
                className="sr-only"
              />
              <Icon className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden="true" />
              <span>
                <span className="block text-sm font-medium text-slate-900">{LOAN_TYPE_LABELS[type]}</span>
                <span className="block text-xs text-slate-600">{text}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export function CoursesStep({ form, onChange }: StepProps) {
  const courses = useCourses();
  const categories = useCategories();
  const [mainCourse] = form.corsi_assegnati;

  function toggle(name: string) {
    const selected = form.corsi_assegnati.includes(name);
    onChange({
      corsi_assegnati: selected
        ? form.corsi_assegnati.filter((course) => course !== name)
        : [...form.corsi_assegnati, name],
    });
  }

  return (
    <div className="space-y-5">
      {(courses.isError || categories.isError) && (
        <Alert tone="error">Errore nel caricamento categorie/corsi/unità</Alert>
      )}
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Corsi assegnati</legend>
        <p className="mb-2 text-xs text-slate-500">
          Solo gli studenti di questi corsi vedranno l'articolo. Il primo scelto è il corso principale (categoria
          madre).
        </p>
        {courses.isPending && <LoadingState />}
        {courses.data && (
          <div className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
            {courses.data.map((course) => {
              const checked = form.corsi_assegnati.includes(course.nome);
              return (
                <label
                  key={course.id}
                  className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50"
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => toggle(course.nome)}
                    className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
                  />
                  <span className="flex-1 text-slate-800">{course.nome}</span>
                  {course.nome === mainCourse && (
                    <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs text-indigo-700">principale</span>
                  )}
                </label>
              );
            })}
          </div>
        )}
        <p className="mt-2 text-xs text-slate-500">
          {mainCourse ? `Categoria madre: ${mainCourse}` : "Seleziona almeno un corso per continuare."}
        </p>
      </fieldset>

      <div>
        <SelectField
          label="Categoria"
          optional
          value={form.categoria_id}
          onChange={(event) => onChange({ categoria_id: event.target.value })}
          disabled={!categories.data}
        >
          <option value="">Nessuna categoria</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.nome}
            </option>
          ))}
        </SelectField>
        <div className="mt-2">
          <InlineCategoryForm onCreated={(category) => onChange({ categoria_id: String(category.id) })} />
        </div>
      </div>
    </div>
  );
}

export function UnitsStep({ form, onChange }: StepProps) {
  function setUnits(unita: UnitDraft[]) {
    onChange({ unita, quantity: String(unita.length) });
  }

  function update(index: number, change: Partial<UnitDraft>) {
    setUnits(form.unita.map((unit, position) => (position === index ? { ...unit, ...change } : unit)));
  }

  return (
    <div className="space-y-3">
      <p className="flex items-start gap-2 text-xs text-slate-500">
        <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        Ogni unità ha un codice univoco, generato dal nome: puoi modificarlo (ad esempio per usare l'etichetta già
        presente sull'oggetto). Le unità esistenti conservano il loro storico.
      </p>
      <ol aria-label="Unità" className="max-h-60 space-y-2 overflow-y-auto rounded-lg border border-slate-200 p-2">
        {form.unita.map((unit, index) => (
          <li
            key={unit.id ?? `new-${index}`}
            className="grid grid-cols-[1.75rem_1fr_auto] items-center gap-2 rounded-md bg-slate-50 p-2"
          >
            <span className="text-center text-xs font-medium text-slate-500">{index + 1}</span>
            <div className="grid min-w-0 gap-2 sm:grid-cols-2">
              <input
                aria-label={`Codice unità ${index + 1}`}
                value={unit.codice_univoco}
                onChange={(event) => update(index, { codice_univoco: event.target.value })}
                maxLength={ITEM_TEXT_LIMITS.codice}
                className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 font-mono text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
              />
              <input
                aria-label={`Note unità ${index + 1}`}
                value={unit.note}
                onChange={(event) => update(index, { note: event.target.value })}
                placeholder="Note (opzionale)"
                maxLength={ITEM_TEXT_LIMITS.notaUnita}
                className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
              />
            </div>
            <div className="flex items-center gap-1">
              {unit.stato && (
                <span className="hidden sm:inline">
                  <UnitStateBadge state={unit.stato} />
                </span>
              )}
              <IconButton
                icon={Trash2}
                tone="danger"
                label={`Rimuovi unità ${index + 1}`}
                disabled={form.unita.length <= 1}
                onClick={() => setUnits(form.unita.filter((_, position) => position !== index))}
                className="disabled:opacity-30"
              />
            </div>
          </li>
        ))}
      </ol>
      <Button variant="secondary" icon={Plus} onClick={() => setUnits(appendUnit(form))}>
        Aggiungi unità
      </Button>
    </div>
  );
}

import { Bookmark, BookmarkPlus, RotateCcw, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ITEM_STATES } from "../../../../../src/domain/unit-state";
import { useCourses } from "../../../api/corsi";
import { Alert } from "../../../components/alert";
import { Button, IconButton } from "../../../components/button";
import { DateField } from "../../../components/date-field";
import { SelectField } from "../../../components/form-field";
import { useSavedFilters } from "../hooks/use-saved-filters";
import {
  type InventoryFilters,
  LOW_STOCK,
  NO_FILTERS,
  SORT_FIELDS,
  type SortField,
  type SortOrder,
  type StatusFilter,
} from "../utils/filters";
import { ITEM_STATE_LABELS, SORT_FIELD_LABELS } from "../utils/labels";

interface AdvancedFiltersProps {
  id: string;
  filters: InventoryFilters;
  onChange: (filters: InventoryFilters) => void;
}

/** Course, status, date range and ordering, plus named filter sets kept in this browser. */
export function AdvancedFilters({ id, filters, onChange }: AdvancedFiltersProps) {
  const courses = useCourses();
  const { saved, save, remove } = useSavedFilters();
  const [name, setName] = useState("");

  function set<K extends keyof InventoryFilters>(key: K, value: InventoryFilters[K]) {
    onChange({ ...filters, [key]: value });
  }

  function saveCurrent(event: FormEvent) {
    event.preventDefault();
    if (save(name, filters)) setName("");
  }

  return (
    <div id={id} className="space-y-5 border-b border-slate-100 bg-slate-50/60 p-4">
      {courses.isError && <Alert tone="error">Errore nel caricamento categorie/corsi/unità</Alert>}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          label="Corso"
          required={false}
          value={filters.course}
          onChange={(event) => set("course", event.target.value)}
        >
          <option value="">Tutti i corsi</option>
          {courses.data?.map((course) => (
            <option key={course.id} value={course.nome}>
              {course.nome}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Stato"
          required={false}
          value={filters.status}
          onChange={(event) => set("status", event.target.value as StatusFilter | "")}
        >
          <option value="">Tutti gli stati</option>
          {ITEM_STATES.map((state) => (
            <option key={state} value={state}>
              {ITEM_STATE_LABELS[state]}
            </option>
          ))}
          <option value={LOW_STOCK}>Scorte basse</option>
        </SelectField>
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-1">
          <DateField label="Aggiunto dal" value={filters.dateFrom} onChange={(day) => set("dateFrom", day)} />
          <DateField label="Aggiunto fino al" value={filters.dateTo} onChange={(day) => set("dateTo", day)} />
        </div>
        <SelectField
          label="Ordina per"
          required={false}
          value={filters.sortBy}
          onChange={(event) => set("sortBy", event.target.value as SortField)}
        >
          {SORT_FIELDS.map((field) => (
            <option key={field} value={field}>
              {SORT_FIELD_LABELS[field]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Ordine"
          required={false}
          value={filters.sortOrder}
          onChange={(event) => set("sortOrder", event.target.value as SortOrder)}
        >
          <option value="asc">Crescente (A → Z, dal più vecchio)</option>
          <option value="desc">Decrescente (Z → A, dal più recente)</option>
        </SelectField>
        <div className="flex items-end">
          <Button variant="secondary" icon={RotateCcw} onClick={() => onChange(NO_FILTERS)} className="w-full">
            Reimposta filtri
          </Button>
        </div>
      </div>

      <section aria-labelledby={`${id}-saved`} className="border-t border-slate-200 pt-4">
        <h3 id={`${id}-saved`} className="text-sm font-semibold text-slate-800">
          Filtri salvati
        </h3>
        <form onSubmit={saveCurrent} className="mt-2 flex flex-col gap-2 sm:flex-row">
          <label htmlFor={`${id}-name`} className="sr-only">
            Nome del filtro
          </label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Nome del filtro (es. Fotografia disponibili)"
            maxLength={60}
            className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none sm:max-w-xs"
          />
          <Button type="submit" variant="secondary" icon={BookmarkPlus} disabled={!name.trim()}>
            Salva filtro
          </Button>
        </form>
        {saved.length === 0 ? (
          <p className="mt-2 text-xs text-slate-500">
            Nessun filtro salvato. I filtri salvati restano solo in questo browser.
          </p>
        ) : (
          <ul aria-label="Filtri salvati" className="mt-3 flex flex-wrap gap-2">
            {saved.map((entry) => (
              <li
                key={entry.id}
                className="flex items-center rounded-full border border-slate-200 bg-white pl-1 text-sm shadow-sm"
              >
                <button
                  type="button"
                  onClick={() => onChange(entry.filters)}
                  aria-label={`Applica il filtro ${entry.name}`}
                  className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-slate-700 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <Bookmark className="size-3.5 text-indigo-500" aria-hidden="true" />
                  {entry.name}
                </button>
                <IconButton
                  icon={Trash2}
                  tone="danger"
                  label={`Elimina il filtro ${entry.name}`}
                  onClick={() => remove(entry.id)}
                  className="size-7"
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

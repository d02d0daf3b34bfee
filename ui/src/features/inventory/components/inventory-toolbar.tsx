import { Printer, SlidersHorizontal, X } from "lucide-react";
import { type Dispatch, type SetStateAction, useId, useState } from "react";
import type { Category } from "../../../api/categorie";
import { Button } from "../../../components/button";
import { SearchField } from "../../../components/search-field";
import { type ListView, ViewSwitch } from "../../../components/view-switch";
import { advancedFilterCount, type InventoryFilters } from "../utils/filters";
import { AdvancedFilters } from "./advanced-filters";
import { InlineCategoryForm } from "./inline-category-form";

interface InventoryToolbarProps {
  filters: InventoryFilters;
  onChange: Dispatch<SetStateAction<InventoryFilters>>;
  categories: Category[];
  categoriesFailed: boolean;
  /** Null on a phone, which always gets the cards. */
  view: ListView | null;
  onView: (view: ListView) => void;
}

/** Above the list: the search, the category, a new category, the view and the advanced filters' panel. */
export function InventoryToolbar({ filters, onChange, categories, ...props }: InventoryToolbarProps) {
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const advancedId = useId();
  const activeAdvanced = advancedFilterCount(filters);
  const setFilter = <K extends keyof InventoryFilters>(key: K, value: InventoryFilters[K]) =>
    onChange((current) => ({ ...current, [key]: value }));

  return (
    <>
      <div className="flex flex-col gap-3 border-b border-slate-100 p-4 lg:flex-row lg:flex-wrap lg:items-center">
        <SearchField
          id="inventory-search"
          label="Cerca nell'inventario"
          placeholder="Nome, numero di serie o note"
          value={filters.search}
          onChange={(value) => setFilter("search", value)}
          className="min-w-0 lg:min-w-64 lg:flex-1"
        />
        <div className="flex flex-wrap items-center gap-2">
          {categories.length > 0 && (
            <>
              <label htmlFor="inventory-category" className="sr-only">
                Filtra per categoria
              </label>
              <select
                id="inventory-category"
                value={filters.category}
                onChange={(event) => setFilter("category", event.target.value)}
                className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white py-2 pr-8 pl-3 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none sm:w-52"
              >
                <option value="">Tutte le categorie</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.nome}
                  </option>
                ))}
              </select>
            </>
          )}
          <InlineCategoryForm />
          {props.view && <ViewSwitch view={props.view} onChange={props.onView} />}
          <Button
            variant="secondary"
            icon={SlidersHorizontal}
            aria-expanded={advancedOpen}
            aria-controls={advancedId}
            onClick={() => setAdvancedOpen((open) => !open)}
            className="py-2 max-sm:px-3"
          >
            Filtri avanzati
            {activeAdvanced > 0 && (
              <span className="rounded-full bg-indigo-100 px-1.5 text-xs text-indigo-700">{activeAdvanced}</span>
            )}
          </Button>
        </div>
        {props.categoriesFailed && (
          <p role="alert" className="text-xs text-red-600 lg:basis-full">
            Errore nel caricamento categorie/corsi/unità
          </p>
        )}
      </div>

      {advancedOpen && <AdvancedFilters id={advancedId} filters={filters} onChange={onChange} />}
    </>
  );
}

/** Under the toolbar while something narrows the list: how many items match, their labels, and a way back. */
export function FilterResultsBar(props: {
  matching: number;
  categoryName: string | null;
  onPrintLabels: () => void;
  onClear: () => void;
}) {
  const { matching, categoryName } = props;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2.5">
      <p role="status" className="text-sm text-slate-600">
        {`${matching} ${matching === 1 ? "risultato trovato" : "risultati trovati"}${
          categoryName ? ` nella categoria "${categoryName}"` : ""
        }`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          icon={Printer}
          onClick={props.onPrintLabels}
          disabled={matching === 0}
          className="px-3 py-1.5"
        >
          Stampa etichette
        </Button>
        <Button variant="ghost" icon={X} onClick={props.onClear} className="px-3 py-1.5">
          Cancella filtri
        </Button>
      </div>
    </div>
  );
}

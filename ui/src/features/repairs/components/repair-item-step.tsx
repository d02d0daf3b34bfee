import { Package } from "lucide-react";
import { type InventoryItem, useInventorySearch } from "../../../api/inventario";
import { Alert } from "../../../components/alert";
import { EmptyState } from "../../../components/empty-state";
import { RadioCard } from "../../../components/radio-card";
import { SearchField } from "../../../components/search-field";
import { LoadingState } from "../../../components/spinner";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { repairableUnits } from "./repair-labels";

/** Items the first step lists at once: the desk searches among the rest on the server. */
const PICKER_SIZE = 50;
const SEARCH_DELAY_MS = 250;

/** The new repair's first step: the item, searched on the server, with how many of its units can go. */
export function RepairItemStep({
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

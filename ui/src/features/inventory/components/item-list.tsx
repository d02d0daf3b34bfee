import { Layers } from "lucide-react";
import type { InventoryItem } from "../../../api/inventario";
import type { ItemGroup } from "../utils/filters";
import { type ItemActions, ItemCard } from "./item-card";

interface ItemListProps extends ItemActions {
  groups: ItemGroup[];
  /** Items ticked for labels. */
  selectedIds: ReadonlySet<number>;
}

/** The filtered items, grouped by name: a group of several items shows their combined quantity. */
export function ItemList({ groups, selectedIds, ...actions }: ItemListProps) {
  const card = (item: InventoryItem) => (
    <ItemCard key={item.id} item={item} selected={selectedIds.has(item.id)} {...actions} />
  );
  return (
    <ul aria-label="Articoli" className="space-y-3">
      {groups.map((group) => (
        <li key={group.items[0]?.id}>
          {group.items.length === 1 ? (
            group.items.map(card)
          ) : (
            <section
              aria-label={group.name}
              className="rounded-xl border border-dashed border-slate-300 bg-slate-50/70 p-2 sm:p-3"
            >
              <header className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 px-1 text-sm">
                <Layers className="size-4 text-slate-500" aria-hidden="true" />
                <span className="font-semibold text-slate-800">{group.name}</span>
                <span className="text-slate-500">
                  {group.items.length} articoli · Quantità totale: {group.totalQuantity}
                </span>
              </header>
              <div className="space-y-2">{group.items.map(card)}</div>
            </section>
          )}
        </li>
      ))}
    </ul>
  );
}

interface EmptyTextInput {
  search: string;
  categoryName: string | null;
  /** Course, status or dates narrow the list. */
  otherFilters: boolean;
}

/** What the empty list says, depending on what narrowed it. */
export function emptyListText({ search, categoryName, otherFilters }: EmptyTextInput): string {
  const term = search.trim();
  if (term && categoryName) return `Nessun articolo corrisponde a "${term}" nella categoria "${categoryName}".`;
  if (term) return `Nessun articolo corrisponde a "${term}".`;
  if (categoryName) return `Non ci sono articoli nella categoria "${categoryName}".`;
  if (otherFilters) return "Nessun articolo corrisponde ai filtri selezionati.";
  return "L'inventario è vuoto: aggiungi il primo articolo o importa un file Excel.";
}

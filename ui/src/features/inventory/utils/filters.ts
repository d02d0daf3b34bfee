import { isLowStock } from "../../../../../src/domain/stock-level";
import type { ItemState } from "../../../../../src/domain/unit-state";
import type { InventoryItem } from "../../../api/inventario";

export const SORT_FIELDS = ["nome", "seriale", "categoria", "data_aggiunta"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = "asc" | "desc";

/** The low-stock rule is offered next to the effective states in the status filter. */
export const LOW_STOCK = "scorte_basse";
export type StatusFilter = ItemState | typeof LOW_STOCK;

/** Everything that narrows or orders the list; saved filters store exactly this. */
export interface InventoryFilters {
  search: string;
  /** A category id as text, "" for all. */
  category: string;
  /** A course name, "" for all. */
  course: string;
  status: StatusFilter | "";
  /** `YYYY-MM-DD` bounds on data_aggiunta, inclusive; "" for open. */
  dateFrom: string;
  dateTo: string;
  sortBy: SortField;
  sortOrder: SortOrder;
}

export const NO_FILTERS: InventoryFilters = {
  search: "",
  category: "",
  course: "",
  status: "",
  dateFrom: "",
  dateTo: "",
  sortBy: "nome",
  sortOrder: "asc",
};

/** True when something narrows the list (ordering alone does not). */
export function isFiltering(filters: InventoryFilters): boolean {
  return Boolean(
    filters.search.trim() || filters.category || filters.course || filters.status || filters.dateFrom || filters.dateTo,
  );
}

function matchesStatus(item: InventoryItem, status: InventoryFilters["status"]): boolean {
  if (status === "") return true;
  if (status === LOW_STOCK) return isLowStock(item.unita_disponibili, item.quantita_totale);
  return item.stato_effettivo === status;
}

export function matchesFilters(item: InventoryItem, filters: InventoryFilters): boolean {
  const term = filters.search.trim().toLowerCase();
  if (term && ![item.nome, item.seriale, item.note].some((text) => text?.toLowerCase().includes(term))) return false;
  if (filters.category && String(item.categoria_id) !== filters.category) return false;
  if (filters.course && !item.corsi_assegnati.includes(filters.course)) return false;
  if (!matchesStatus(item, filters.status)) return false;
  const added = item.data_aggiunta.slice(0, 10);
  if (filters.dateFrom && added < filters.dateFrom) return false;
  if (filters.dateTo && added > filters.dateTo) return false;
  return true;
}

const collator = new Intl.Collator("it", { sensitivity: "base", numeric: true });

function sortKey(item: InventoryItem, field: SortField): string {
  switch (field) {
    case "nome":
      return item.nome;
    case "seriale":
      return item.seriale ?? "";
    case "categoria":
      return item.categoria_nome ?? "";
    case "data_aggiunta":
      return item.data_aggiunta;
  }
}

/** The items that pass the filters, in the chosen order (ties by name). */
export function filterItems(items: InventoryItem[], filters: InventoryFilters): InventoryItem[] {
  const direction = filters.sortOrder === "desc" ? -1 : 1;
  return items
    .filter((item) => matchesFilters(item, filters))
    .sort(
      (a, b) =>
        direction * collator.compare(sortKey(a, filters.sortBy), sortKey(b, filters.sortBy)) ||
        collator.compare(a.nome, b.nome),
    );
}

export interface ItemGroup {
  name: string;
  items: InventoryItem[];
  totalQuantity: number;
}

/** Items sharing a name (e.g. the same camera bought twice) form one group, in list order. */
export function groupByName(items: InventoryItem[]): ItemGroup[] {
  const groups = new Map<string, ItemGroup>();
  for (const item of items) {
    const key = item.nome.trim().toLowerCase();
    const group = groups.get(key);
    if (group) {
      group.items.push(item);
      group.totalQuantity += item.quantita_totale;
    } else {
      groups.set(key, { name: item.nome, items: [item], totalQuantity: item.quantita_totale });
    }
  }
  return [...groups.values()];
}

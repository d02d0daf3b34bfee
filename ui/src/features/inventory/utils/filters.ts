import {
  INVENTORY_SORT_FIELDS,
  type InventorySortField,
  type InventoryStatusFilter,
  LOW_STOCK,
} from "../../../../../src/domain/inventory-list";
import type { InventoryItem, InventoryListQuery } from "../../../api/inventario";

export { INVENTORY_SORT_FIELDS as SORT_FIELDS, LOW_STOCK };
export type SortField = InventorySortField;
export type SortOrder = "asc" | "desc";
export type StatusFilter = InventoryStatusFilter;

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

/** How many advanced filters (beyond search and category) narrow the list. */
export function advancedFilterCount(filters: InventoryFilters): number {
  return [filters.course, filters.status, filters.dateFrom, filters.dateTo].filter(Boolean).length;
}

/** The filters as the server's list query: empty ones are left out, the order is always said. */
export function inventoryQuery(filters: InventoryFilters): InventoryListQuery {
  const query: InventoryListQuery = { sortBy: filters.sortBy, sortOrder: filters.sortOrder };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.category) query.categoria = filters.category;
  if (filters.course) query.corso = filters.course;
  if (filters.status) query.stato = filters.status;
  if (filters.dateFrom) query.dateFrom = filters.dateFrom;
  if (filters.dateTo) query.dateTo = filters.dateTo;
  return query;
}

export interface ItemGroup {
  name: string;
  items: InventoryItem[];
  totalQuantity: number;
}

/** Items sharing a name (e.g. the same camera bought twice) form one group, in the server's order. */
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

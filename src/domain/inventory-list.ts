import { ITEM_STATES, type ItemState } from "./unit-state";

/** The inventory list's orders (`GET /api/inventario?sortBy=…`), for the server and the screen. */
export const INVENTORY_SORT_FIELDS = ["nome", "seriale", "categoria", "data_aggiunta"] as const;
export type InventorySortField = (typeof INVENTORY_SORT_FIELDS)[number];

/** The status filter offers the low-stock rule next to the items' effective states. */
export const LOW_STOCK = "scorte_basse";
export const INVENTORY_STATUS_FILTERS = [...ITEM_STATES, LOW_STOCK] as const;
export type InventoryStatusFilter = ItemState | typeof LOW_STOCK;

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { addDays } from "../../../src/domain/dates";
import type { AvailabilityView } from "../../../src/modules/availability/model";
import type {
  BookableUnit,
  BookedRange,
  CatalogueItem,
  CatalogueQuery,
  InventoryItem,
  InventoryQuery,
  InventorySummary,
  InventoryUnit,
  ItemDetails,
  ItemInput,
  WholeInventoryItem,
} from "../../../src/modules/inventory/model";
import { answerOf, nextPageOf, server } from "../lib/api";
import { categorieKeys } from "./categorie";

// The inventory: the desk's paged list and its summary, one item, its units' bookings, and the writes on
// items and units (GET/POST/PUT/DELETE /api/inventario…).

export type {
  BookableUnit,
  BookedRange,
  CatalogueItem,
  InventoryItem,
  InventorySummary,
  InventoryUnit,
  ItemDetails,
  WholeInventoryItem,
};

/** What the desk's list asks the server: the spec's filters and order; the page is the hook's. */
export type InventoryListQuery = Omit<InventoryQuery, "pagina" | "per_pagina">;

/** Every key starts with "inventario", so a write that invalidates the inventory refreshes these too. */
export const inventarioKeys = {
  all: ["inventario"] as const,
  item: (itemId: number | null) => ["inventario", itemId] as const,
  availability: (itemId: number | null, from: string) => ["inventario", itemId, "disponibilita", from] as const,
  bookableUnits: (itemId: number | null) => ["inventario", itemId, "disponibili"] as const,
  pages: (query: InventoryListQuery) => ["inventario", "elenco", query] as const,
  summary: ["inventario", "riepilogo"] as const,
};

export function useItem(itemId: number | null) {
  return useQuery({
    queryKey: inventarioKeys.item(itemId),
    queryFn: () => answerOf(server.api.inventario({ id: String(itemId) }).get()),
    enabled: itemId !== null,
  });
}

/** Items per page of the desk's list: "Mostra altri" asks the server for the next one. */
export const INVENTORY_PAGE_SIZE = 50;

/** One page of the list; the plain call (no `pagina`) answers the whole array instead. */
async function inventoryPage(query: InventoryListQuery, page: number, size: number) {
  const answer = await answerOf(
    server.api.inventario.get({ query: { ...query, pagina: String(page), per_pagina: String(size) } }),
  );
  if (Array.isArray(answer)) throw new Error("GET /api/inventario ha risposto senza pagine");
  return answer;
}

/**
 * The desk's inventory page by page, filtered, searched and ordered on the server. While another filter
 * is on its way, the previous cards stay.
 */
export function useInventoryPages(query: InventoryListQuery) {
  return useInfiniteQuery({
    queryKey: inventarioKeys.pages(query),
    queryFn: ({ pageParam }) => inventoryPage(query, pageParam, INVENTORY_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
  });
}

/** Every item passing the filters, with its units (the labels of a whole filtered list). */
export async function fetchInventory(query: InventoryListQuery): Promise<WholeInventoryItem[]> {
  const answer = await answerOf(server.api.inventario.get({ query }));
  return Array.isArray(answer) ? answer : answer.elementi;
}

/** A first page of items matching `search` (and `stato`), for a picker that searches as one types. */
export function useInventorySearch(query: InventoryListQuery, size: number) {
  return useQuery({
    queryKey: [...inventarioKeys.pages(query), "prima", size],
    queryFn: () => inventoryPage(query, 1, size),
    placeholderData: keepPreviousData,
  });
}

/** The summary cards: totals over the whole inventory, one aggregate answer instead of the list. */
export function useInventorySummary() {
  return useQuery({
    queryKey: inventarioKeys.summary,
    queryFn: () => answerOf(server.api.inventario.riepilogo.get()),
  });
}

export type ItemAvailability = AvailabilityView;
export type UnitOccupation = AvailabilityView["unita"][number]["occupazioni"][number];

/** How far ahead a booking can be placed: the calendar answers at most 366 days. */
export const BOOKING_HORIZON_DAYS = 365;

/** An item's booking calendar from `from` (usually today) for a year. */
export function useItemAvailability(itemId: number | null, from: string) {
  return useQuery(itemAvailabilityQuery(itemId, from));
}

/** The item page and the set drawer read one item's calendar alike (and share it in the cache). */
export function itemAvailabilityQuery(itemId: number | null, from: string) {
  const to = addDays(from, BOOKING_HORIZON_DAYS);
  return {
    queryKey: inventarioKeys.availability(itemId, from),
    queryFn: () =>
      answerOf(server.api.inventario({ id: String(itemId) }).disponibilita.get({ query: { dal: from, al: to } })),
    enabled: itemId !== null && from !== "",
  };
}

/** Units of an item that can be booked for some dates, free ones first. */
export function useBookableUnits(itemId: number | null) {
  return useQuery({
    queryKey: inventarioKeys.bookableUnits(itemId),
    queryFn: () => answerOf(server.api.inventario({ id: String(itemId) }).disponibili.get()),
    enabled: itemId !== null,
  });
}

/** What the item wizard sends, on creation and on editing alike. */
export type ItemPayload = ItemInput;

/** Items and units change what the lists, the summary and the categories' counts show. */
function useInventoryWrite<Input, Output>(write: (input: Input) => Promise<Output>, categoriesToo = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
      if (categoriesToo) queryClient.invalidateQueries({ queryKey: categorieKeys.all });
    },
  });
}

/** Creates an item (no id) or updates one (with id). */
export function useSaveItem() {
  return useInventoryWrite(({ id, payload }: { id?: number; payload: ItemPayload }) =>
    id === undefined
      ? answerOf(server.api.inventario.post(payload), "Errore nel salvataggio")
      : answerOf(server.api.inventario({ id: String(id) }).put(payload), "Errore nel salvataggio"),
  );
}

export function useDeleteItem() {
  return useInventoryWrite((id: number) =>
    answerOf(server.api.inventario({ id: String(id) }).delete(), "Errore nell'eliminazione"),
  );
}

/** Marks a unit lost, or found again. */
export function useSetUnitLost() {
  return useInventoryWrite(
    ({ itemId, unitId, lost }: { itemId: number; unitId: number; lost: boolean }) =>
      answerOf(
        server.api
          .inventario({ id: String(itemId) })
          .units({ unitId: String(unitId) })
          .put({ perso: lost }),
        "Errore nell'aggiornamento dell'unità",
      ),
    false,
  );
}

/** One page of the student's catalogue: GET /api/inventario/disponibili with `pagina`. */
async function cataloguePage(query: Omit<CatalogueQuery, "pagina" | "per_pagina">, page: number, size: number) {
  const answer = await answerOf(
    server.api.inventario.disponibili.get({ query: { ...query, pagina: String(page), per_pagina: String(size) } }),
  );
  if (Array.isArray(answer)) throw new Error("GET /api/inventario/disponibili ha risposto senza pagine");
  return answer;
}

const CATALOGUE_PAGE_SIZE = 24;

/**
 * The student's catalogue page by page, searched and filtered by category on the server: a course with
 * hundreds of items never comes at once. While another search is on its way, the previous cards stay.
 */
export function useCataloguePages(search: string, categoryId: string) {
  return useInfiniteQuery({
    queryKey: ["inventario", "disponibili", "pagine", search, categoryId],
    queryFn: ({ pageParam }) =>
      cataloguePage(
        { ...(search && { search }), ...(categoryId && { categoria: categoryId }) },
        pageParam,
        CATALOGUE_PAGE_SIZE,
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
  });
}

/** The items of the student's course, and how many of them are free now: one-row pages, never the list. */
export function useCourseItemCounts() {
  return useQuery({
    queryKey: ["inventario", "disponibili", "conteggi"],
    queryFn: async () => {
      const [all, free] = await Promise.all([cataloguePage({}, 1, 1), cataloguePage({ stato: "disponibile" }, 1, 1)]);
      return { total: all.totale, available: free.totale };
    },
  });
}

/**
 * Every item of the student's course (the spec's plain GET /api/inventario/disponibili), for the request
 * wizard's first step. Its key is the catalogue's, so a write that refreshes the inventory refreshes it.
 */
export function useRequestableItems() {
  return useQuery({
    queryKey: ["inventario", "disponibili"],
    queryFn: async () => {
      const answer = await answerOf(server.api.inventario.disponibili.get({ query: {} }));
      if (!Array.isArray(answer)) throw new Error("GET /api/inventario/disponibili ha risposto con una pagina");
      return answer;
    },
  });
}

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { addDays } from "../../../src/domain/dates";
import type { LoanType } from "../../../src/domain/loan-types";
import type { ItemState, UnitState } from "../../../src/domain/unit-state";
import type { AvailabilityView } from "../../../src/modules/availability/model";
import { answerOf, server } from "../lib/api";
import { categorieKeys } from "./categorie";

// The inventory: the desk's paged list and its summary, one item, its units' bookings, and the writes on
// items and units (GET/POST/PUT/DELETE /api/inventario…).

/** What the desk's list asks the server: the spec's filters and order (src/modules/inventory/list-query.ts). */
export interface InventoryListQuery {
  search?: string;
  categoria?: string;
  corso?: string;
  stato?: string;
  dateFrom?: string;
  dateTo?: string;
  sortBy?: string;
  sortOrder?: string;
}

/** Every key starts with "inventario", so a write that invalidates the inventory refreshes these too. */
export const inventarioKeys = {
  all: ["inventario"] as const,
  item: (itemId: number | null) => ["inventario", itemId] as const,
  availability: (itemId: number | null, from: string) => ["inventario", itemId, "disponibilita", from] as const,
  bookableUnits: (itemId: number | null) => ["inventario", itemId, "disponibili"] as const,
  pages: (query: InventoryListQuery) => ["inventario", "elenco", query] as const,
  summary: ["inventario", "riepilogo"] as const,
};

export interface InventoryUnit {
  id: number;
  codice_univoco: string;
  stato: UnitState;
  /** The open loan holding the unit (desk only). */
  prestito_corrente_id: number | null;
  note: string | null;
}

/** An item as `GET /api/inventario/:id` shows it (students only reach their course's items). */
export interface ItemDetails {
  id: number;
  nome: string;
  note: string | null;
  posizione: string | null;
  categoria_nome: string | null;
  immagine_url: string | null;
  tipo_prestito: LoanType;
  stato_effettivo: ItemState;
  quantita_totale: number;
  unita_disponibili: number;
  corsi_assegnati: string[];
  unita: InventoryUnit[];
}

export function useItem(itemId: number | null) {
  return useQuery({
    queryKey: inventarioKeys.item(itemId),
    queryFn: () => answerOf(server.api.inventario({ id: String(itemId) }).get()) as Promise<ItemDetails>,
    enabled: itemId !== null,
  });
}

/** An item as the desk's list (`GET /api/inventario`) shows it, with every unit and how it is filed. */
export interface InventoryItem extends ItemDetails {
  fornitore: string | null;
  seriale: string | null;
  /** Accessories to check at hand-over and return, one per line. */
  checklist: string | null;
  categoria_id: number | null;
  categoria_madre: string | null;
  categoria_figlia: string | null;
  hasMultipleUnits: boolean;
  data_aggiunta: string;
}

/** Items per page of the desk's list: "Mostra altri" asks the server for the next one. */
export const INVENTORY_PAGE_SIZE = 50;

/** One page of the list; the plain call (no `pagina`) answers the whole array instead. */
async function inventoryPage(query: InventoryListQuery, page: number, size: number) {
  const answer = await answerOf(
    server.api.inventario.get({ query: { ...query, pagina: String(page), per_pagina: String(size) } }),
  );
  if (Array.isArray(answer)) throw new Error("GET /api/inventario ha risposto senza pagine");
  return answer as { elementi: InventoryItem[]; totale: number; pagina: number; per_pagina: number };
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
    getNextPageParam: (last) => (last.pagina * last.per_pagina < last.totale ? last.pagina + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** Every item passing the filters, with its units (the labels of a whole filtered list). */
export async function fetchInventory(query: InventoryListQuery): Promise<InventoryItem[]> {
  const answer = await answerOf(server.api.inventario.get({ query }));
  return (Array.isArray(answer) ? answer : answer.elementi) as InventoryItem[];
}

/** A first page of items matching `search` (and `stato`), for a picker that searches as one types. */
export function useInventorySearch(query: InventoryListQuery, size: number) {
  return useQuery({
    queryKey: [...inventarioKeys.pages(query), "prima", size],
    queryFn: () => inventoryPage(query, 1, size),
    placeholderData: keepPreviousData,
  });
}

export interface InventorySummary {
  articoli_totali: number;
  unita_totali: number;
  in_riparazione: number;
  scorte_basse: number;
}

/** The summary cards: totals over the whole inventory, one aggregate answer instead of the list. */
export function useInventorySummary() {
  return useQuery({
    queryKey: inventarioKeys.summary,
    queryFn: () => answerOf(server.api.inventario.riepilogo.get()) as Promise<InventorySummary>,
  });
}

export type ItemAvailability = AvailabilityView;
export type UnitOccupation = AvailabilityView["unita"][number]["occupazioni"][number];

/** How far ahead a booking can be placed: the calendar answers at most 366 days. */
export const BOOKING_HORIZON_DAYS = 365;

/** An item's booking calendar from `from` (usually today) for a year. */
export function useItemAvailability(itemId: number | null, from: string) {
  const to = addDays(from, BOOKING_HORIZON_DAYS);
  return useQuery({
    queryKey: inventarioKeys.availability(itemId, from),
    queryFn: () =>
      answerOf(server.api.inventario({ id: String(itemId) }).disponibilita.get({ query: { dal: from, al: to } })),
    enabled: itemId !== null && from !== "",
  });
}

/** A date range already taken on a unit: a pending request or an open loan. */
export interface BookedRange {
  dal: string;
  al: string;
  tipo: "richiesta" | "prestito";
  /** An overdue loan keeps the unit until it comes back, whatever `al` says. */
  fino_alla_restituzione: boolean;
}

export interface BookableUnit {
  id: number;
  codice_univoco: string;
  stato: UnitState;
  note: string | null;
  prenotazioni: BookedRange[];
}

/** Units of an item that can be booked for some dates, free ones first. */
export function useBookableUnits(itemId: number | null) {
  return useQuery({
    queryKey: inventarioKeys.bookableUnits(itemId),
    queryFn: () => answerOf(server.api.inventario({ id: String(itemId) }).disponibili.get()) as Promise<BookableUnit[]>,
    enabled: itemId !== null,
  });
}

/** What the item wizard sends, on creation and on editing alike. */
export interface ItemPayload {
  nome: string;
  quantita_totale: number;
  posizione: string;
  fornitore: string;
  seriale: string;
  checklist: string;
  note: string;
  immagine_url: string;
  tipo_prestito: LoanType;
  /** Course names; the first is the item's categoria_madre. */
  corsi_assegnati: string[];
  categoria_madre: string;
  categoria_id: number | null;
  /** Existing units keep their id, so the server reconciles them by id and never by position. */
  unita: Array<{ id?: number; codice_univoco: string; note: string }>;
}

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

/** An item of the student's course, as its card shows it. */
export interface AvailableItem {
  id: number;
  nome: string;
  note: string | null;
  posizione: string | null;
  categoria_id: number | null;
  categoria_nome: string | null;
  quantita_totale: number;
  unita_disponibili: number;
  stato_effettivo: ItemState;
  tipo_prestito: LoanType;
  immagine_url: string | null;
}

/** One page of the student's catalogue: GET /api/inventario/disponibili with `pagina`. */
async function cataloguePage(
  query: { search?: string; categoria?: string; stato?: string },
  page: number,
  size: number,
) {
  const answer = await answerOf(
    server.api.inventario.disponibili.get({ query: { ...query, pagina: String(page), per_pagina: String(size) } }),
  );
  if (Array.isArray(answer)) throw new Error("GET /api/inventario/disponibili ha risposto senza pagine");
  return answer as { elementi: AvailableItem[]; totale: number; pagina: number; per_pagina: number };
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
    getNextPageParam: (last) => (last.pagina * last.per_pagina < last.totale ? last.pagina + 1 : undefined),
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

import { useQuery } from "@tanstack/react-query";
import type { Occupation } from "../../../src/domain/availability";
import { addDays } from "../../../src/domain/dates";
import type { LoanType } from "../../../src/domain/loan-types";
import type { ItemState, UnitState } from "../../../src/domain/unit-state";
import { apiRequest } from "../lib/api";

// One item of the inventory and its units' bookings: GET /api/inventario/:id, …/disponibilita, …/disponibili.

/** Every key starts with "inventario", so a write that invalidates the inventory refreshes these too. */
export const inventarioKeys = {
  all: ["inventario"] as const,
  item: (itemId: number | null) => ["inventario", itemId] as const,
  availability: (itemId: number | null, from: string) => ["inventario", itemId, "disponibilita", from] as const,
  bookableUnits: (itemId: number | null) => ["inventario", itemId, "disponibili"] as const,
  list: ["inventario", "elenco"] as const,
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
    queryFn: () => apiRequest<ItemDetails>(`/api/inventario/${itemId}`),
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

/** Every item with its units: the inventory and repairs screens filter it on the client, the dashboard counts it. */
export function useInventory() {
  return useQuery({ queryKey: inventarioKeys.list, queryFn: () => apiRequest<InventoryItem[]>("/api/inventario") });
}

export interface UnitOccupation extends Occupation {
  /** The loan, request or repair: desk only. */
  riferimento_id: number | null;
  /** Who holds or asked for it: desk only. */
  chi: string | null;
}

export interface ItemAvailability {
  inventario_id: number;
  dal: string;
  al: string;
  unita: { id: number; codice_univoco: string; occupazioni: UnitOccupation[] }[];
  /** Days from today on with at least one unit free. */
  giorni_liberi: string[];
}

/** How far ahead a booking can be placed: the calendar answers at most 366 days. */
export const BOOKING_HORIZON_DAYS = 365;

/** An item's booking calendar from `from` (usually today) for a year. */
export function useItemAvailability(itemId: number | null, from: string) {
  const to = addDays(from, BOOKING_HORIZON_DAYS);
  return useQuery({
    queryKey: inventarioKeys.availability(itemId, from),
    queryFn: () => apiRequest<ItemAvailability>(`/api/inventario/${itemId}/disponibilita?dal=${from}&al=${to}`),
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
    queryFn: () => apiRequest<BookableUnit[]>(`/api/inventario/${itemId}/disponibili`),
    enabled: itemId !== null,
  });
}

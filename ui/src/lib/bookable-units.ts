import { useQuery } from "@tanstack/react-query";
import type { UnitState } from "../../../src/domain/unit-state";
import { apiRequest } from "./api";

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
    queryKey: ["inventario", itemId, "disponibili"],
    queryFn: () => apiRequest<BookableUnit[]>(`/api/inventario/${itemId}/disponibili`),
    enabled: itemId !== null,
  });
}

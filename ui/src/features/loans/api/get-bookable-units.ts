import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export interface BookedRange {
  dal: string;
  al: string;
  tipo: "richiesta" | "prestito";
  /** An overdue loan: the unit stays taken until it comes back. */
  fino_alla_restituzione: boolean;
}

export interface BookableUnit {
  id: number;
  codice_univoco: string;
  stato: string;
  note: string | null;
  prenotazioni: BookedRange[];
}

/** The units of an item that can be booked for some dates, with the ranges already taken. */
export function useBookableUnits(itemId: number | null) {
  return useQuery({
    queryKey: ["inventario", itemId, "disponibili"],
    queryFn: () => apiRequest<BookableUnit[]>(`/api/inventario/${itemId}/disponibili`),
    enabled: itemId !== null,
  });
}

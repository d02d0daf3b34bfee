import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { addDays } from "../../../src/domain/dates";
import { requestJson } from "../lib/api";
import type { SetAccessory } from "./prenotazioni";

// Kits: the desk's templates of a set (GET/POST/PUT/DELETE /api/kit), the days a whole kit can be
// booked (GET /api/kit/:id/disponibilita) and its label.

export interface KitLine {
  inventario_id: number;
  inventario_nome?: string;
  quantita: number;
  /** A pinned unit, always lent with this kit. */
  unit_id?: number | null;
  codice_univoco?: string | null;
}

export interface Kit {
  id: number;
  nome: string;
  descrizione: string | null;
  corsi_assegnati: string[];
  righe: KitLine[];
  accessori: SetAccessory[];
}

export interface KitInput {
  nome: string;
  descrizione: string | null;
  corsi_assegnati: string[];
  righe: { inventario_id: number; quantita: number; unit_id?: number }[];
  accessori: SetAccessory[];
}

/** The days within [dal, al] on which every line of the kit is free. */
export interface KitAvailability {
  dal: string;
  al: string;
  giorni_liberi: string[];
}

export const kitKeys = {
  all: ["kit"] as const,
  availability: (id: number, from: string) => ["kit", id, "disponibilita", from] as const,
};

/** The desk's kits, or a student's: the kits of their course. */
export function useKits() {
  return useQuery({
    queryKey: kitKeys.all,
    queryFn: () => requestJson<Kit[]>("GET", "/api/kit", "Errore nel caricamento dei kit"),
  });
}

export function useKitAvailability(kitId: number | null, from: string, horizonDays: number) {
  const to = addDays(from, horizonDays);
  return useQuery({
    queryKey: kitKeys.availability(kitId ?? 0, from),
    queryFn: () =>
      requestJson<KitAvailability>(
        "GET",
        `/api/kit/${kitId}/disponibilita?dal=${from}&al=${to}`,
        "Errore nel caricamento della disponibilità del kit",
      ),
    enabled: kitId !== null && from !== "",
  });
}

function useKitWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: kitKeys.all }),
  });
}

export function useSaveKit() {
  return useKitWrite(({ id, input }: { id: number | null; input: KitInput }) =>
    id === null
      ? requestJson<Kit>("POST", "/api/kit", "Errore nel salvataggio del kit", input)
      : requestJson<Kit>("PUT", `/api/kit/${id}`, "Errore nel salvataggio del kit", input),
  );
}

export function useDeleteKit() {
  return useKitWrite((id: number) => requestJson<unknown>("DELETE", `/api/kit/${id}`, "Errore nell'eliminazione"));
}

/** The kit's label (PDF with its QR code), for a download button. */
export function kitLabelPath(id: number) {
  return `/api/kit/${id}/etichetta`;
}

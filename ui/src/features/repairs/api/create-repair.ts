import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Priority } from "../../../../../src/domain/repairs";
import { inventarioKeys } from "../../../api/inventario";
import { type Repair, riparazioniKeys } from "../../../api/riparazioni";
import { segnalazioniKeys } from "../../../api/segnalazioni";
import { apiRequest } from "../../../lib/api";

/** A booking of the unit still ahead, which the repair may get in the way of. */
export interface BookingAhead {
  tipo: "richiesta" | "prestito";
  id: number;
  dal: string;
  al: string;
  utente: string;
}

export interface CreatedRepair extends Repair {
  avvisi_prenotazioni: BookingAhead[];
}

export interface RepairDetails {
  descrizione: string;
  note_tecniche: string;
  priorita: Priority;
}

export interface NewRepairInput extends RepairDetails {
  inventario_id: number;
  unit_id: number;
}

export function useCreateRepair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewRepairInput) =>
      apiRequest<CreatedRepair>("/api/riparazioni", {
        method: "POST",
        body: input,
        fallbackError: "Errore nel salvataggio",
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: riparazioniKeys.all });
      queryClient.invalidateQueries({ queryKey: segnalazioniKeys.all });
      queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { inventarioKeys } from "../../../api/inventario";
import { type Repair, riparazioniKeys } from "../../../api/riparazioni";
import { segnalazioniKeys } from "../../../api/segnalazioni";
import { apiRequest } from "../../../lib/api";

export type RepairOutcome = "completata" | "annullata";

const FAILURE: Record<RepairOutcome, string> = {
  completata: "Errore nel completamento riparazione",
  annullata: "Errore nell'annullamento riparazione",
};

/** Completes or cancels a repair in progress; a completed repair also resolves the report it came from. */
export function useCloseRepair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: number; outcome: RepairOutcome }) =>
      apiRequest<Repair>(`/api/riparazioni/${id}`, {
        method: "PUT",
        body: { stato: outcome },
        fallbackError: FAILURE[outcome],
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: riparazioniKeys.all });
      queryClient.invalidateQueries({ queryKey: segnalazioniKeys.all });
      queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
    },
  });
}

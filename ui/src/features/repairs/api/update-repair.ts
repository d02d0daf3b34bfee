import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Repair, riparazioniKeys } from "../../../api/riparazioni";
import { apiRequest } from "../../../lib/api";
import type { RepairDetails } from "./create-repair";

/** Edits the description, notes and priority of a repair in progress. */
export function useUpdateRepair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, details }: { id: number; details: RepairDetails }) =>
      apiRequest<Repair>(`/api/riparazioni/${id}`, {
        method: "PUT",
        body: details,
        fallbackError: "Errore nel salvataggio",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: riparazioniKeys.all }),
  });
}

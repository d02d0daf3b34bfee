import { useMutation, useQueryClient } from "@tanstack/react-query";
import { inventarioKeys } from "../../../api/inventario";
import { riparazioniKeys } from "../../../api/riparazioni";
import { segnalazioniKeys } from "../../../api/segnalazioni";
import { apiRequest } from "../../../lib/api";
import type { CreatedRepair, RepairDetails } from "./create-repair";

/** Opens a repair of the reported unit; the report links to it and moves to in_corso. */
export function useCreateRepairFromReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, details }: { reportId: number; details: RepairDetails }) =>
      apiRequest<CreatedRepair>(`/api/segnalazioni/${reportId}/riparazione`, {
        method: "POST",
        body: details,
        fallbackError: "Errore nel salvataggio",
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: riparazioniKeys.all });
      queryClient.invalidateQueries({ queryKey: segnalazioniKeys.all });
      queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReportState } from "../../../../../src/domain/repairs";
import { inventarioKeys } from "../../../api/inventario";
import { type Report, segnalazioniKeys } from "../../../api/segnalazioni";
import { apiRequest } from "../../../lib/api";

export interface ReportMove {
  id: number;
  stato: ReportState;
  /** Resolving a loss report as lost marks its unit `perso`. */
  esito?: "perso";
}

export function useUpdateReportState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...move }: ReportMove) =>
      apiRequest<Report>(`/api/segnalazioni/${id}`, {
        method: "PUT",
        body: move,
        fallbackError: "Errore nell'aggiornamento della segnalazione",
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: segnalazioniKeys.all });
      // A confirmed loss changes the unit's state.
      queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Priority, ReportType } from "../../../../../src/domain/repairs";
import { type MyReport, segnalazioniKeys } from "../../../api/segnalazioni";
import { apiRequest } from "../../../lib/api";

/** The reporter is not sent: the server takes it from the session. */
export interface NewReportInput {
  tipo: ReportType;
  urgenza: Priority;
  messaggio: string;
  inventario_id: number;
  unit_id: number;
  prestito_id: number;
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewReportInput) =>
      apiRequest<MyReport>("/api/segnalazioni", {
        method: "POST",
        body: input,
        fallbackError: "Errore nella creazione della segnalazione",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segnalazioniKeys.mine }),
  });
}

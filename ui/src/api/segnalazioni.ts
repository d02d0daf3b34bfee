import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NewReport, ReportMove } from "../../../src/modules/reports/model";
import { answerOf, server } from "../lib/api";
import { inventarioKeys } from "./inventario";

// Fault reports: GET /api/segnalazioni (the notifications and Riparazioni), GET /api/segnalazioni/riepilogo
// (the dashboard's counter and newest reports), GET /api/segnalazioni/mie (a student's own, on the dashboard
// and the fault form), a student's new report and the desk moving one along.

export type { ReportView } from "../../../src/modules/reports/model";

/** Every key starts with "segnalazioni", so a change that invalidates the reports refreshes them all. */
export const segnalazioniKeys = {
  all: ["segnalazioni"] as const,
  mine: ["segnalazioni", "mie"] as const,
  summary: ["segnalazioni", "riepilogo"] as const,
};

export function useMyReports() {
  return useQuery({ queryKey: segnalazioniKeys.mine, queryFn: () => answerOf(server.api.segnalazioni.mie.get()) });
}

/** Every fault report, newest first; the notifications poll it only while they may announce new ones. */
export function useReports(options: { refetchInterval?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: segnalazioniKeys.all,
    queryFn: () => answerOf(server.api.segnalazioni.get()),
    refetchInterval: options.refetchInterval,
    enabled: options.enabled,
  });
}

/** How many reports the desk is still dealing with, and the five newest: the dashboard's view. */
export function useReportsSummary() {
  return useQuery({
    queryKey: segnalazioniKeys.summary,
    queryFn: () => answerOf(server.api.segnalazioni.riepilogo.get()),
  });
}

/** The reporter is not sent: the server takes it from the session. */
export type NewReportInput = Omit<NewReport, "user_id">;

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewReportInput) =>
      answerOf(server.api.segnalazioni.post(input), "Errore nella creazione della segnalazione"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segnalazioniKeys.mine }),
  });
}

export function useUpdateReportState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...move }: ReportMove & { id: number }) =>
      answerOf(server.api.segnalazioni({ id }).put(move), "Errore nell'aggiornamento della segnalazione"),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: segnalazioniKeys.all });
      // A confirmed loss changes the unit's state.
      queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
    },
  });
}

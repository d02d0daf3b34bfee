import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NewRepair, RepairChange, RepairView } from "../../../src/modules/repairs/model";
import { answerOf, server } from "../lib/api";
import { inventarioKeys } from "./inventario";
import { segnalazioniKeys } from "./segnalazioni";

// Repairs: GET /api/riparazioni (the notifications, Riparazioni), GET /api/riparazioni/riepilogo (the
// dashboard's counter), opening one, editing it, completing or cancelling it.

export type { BookingAhead, CreatedRepair, RepairView } from "../../../src/modules/repairs/model";

/** Every key starts with "riparazioni", so a change that invalidates the repairs refreshes them all. */
export const riparazioniKeys = {
  all: ["riparazioni"] as const,
  summary: ["riparazioni", "riepilogo"] as const,
};

/** What the desk writes about a repair, all of it filled in: the repair forms edit exactly these. */
export type RepairDetails = {
  [Field in "descrizione" | "note_tecniche" | "priorita"]-?: NonNullable<RepairChange[Field]>;
};

/** Every repair; the notifications poll it only while they may announce new ones. */
export function useRepairs(options: { refetchInterval?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: riparazioniKeys.all,
    queryFn: () => answerOf(server.api.riparazioni.get()),
    refetchInterval: options.refetchInterval,
    enabled: options.enabled,
  });
}

/** How many repairs are in progress, counted by the server: the dashboard's counter. */
export function useRepairsSummary() {
  return useQuery({
    queryKey: riparazioniKeys.summary,
    queryFn: () => answerOf(server.api.riparazioni.riepilogo.get()),
  });
}

/** A repair changes the unit's state and may come from, or resolve, a fault report. */
function useRefreshAfterRepair() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.invalidateQueries({ queryKey: riparazioniKeys.all });
    queryClient.invalidateQueries({ queryKey: segnalazioniKeys.all });
    queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
  };
}

export function useCreateRepair() {
  const refresh = useRefreshAfterRepair();
  return useMutation({
    mutationFn: (input: NewRepair) => answerOf(server.api.riparazioni.post(input), "Errore nel salvataggio"),
    onSuccess: refresh,
  });
}

/** Edits the description, notes and priority of a repair in progress. */
export function useUpdateRepair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, details }: { id: number; details: RepairDetails }): Promise<RepairView> =>
      answerOf(server.api.riparazioni({ id }).put(details), "Errore nel salvataggio"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: riparazioniKeys.all }),
  });
}

export type RepairOutcome = "completata" | "annullata";

const CLOSE_FAILURE: Record<RepairOutcome, string> = {
  completata: "Errore nel completamento riparazione",
  annullata: "Errore nell'annullamento riparazione",
};

/** Completes or cancels a repair in progress; a completed repair also resolves the report it came from. */
export function useCloseRepair() {
  const refresh = useRefreshAfterRepair();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: number; outcome: RepairOutcome }) =>
      answerOf(server.api.riparazioni({ id }).put({ stato: outcome }), CLOSE_FAILURE[outcome]),
    onSuccess: refresh,
  });
}

/** Opens a repair of the reported unit; the report links to it and moves to in_corso. */
export function useCreateRepairFromReport() {
  const refresh = useRefreshAfterRepair();
  return useMutation({
    mutationFn: ({ reportId, details }: { reportId: number; details: RepairDetails }) =>
      answerOf(server.api.segnalazioni({ id: reportId }).riparazione.post(details), "Errore nel salvataggio"),
    onSuccess: refresh,
  });
}

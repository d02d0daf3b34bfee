import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { type AcademySettings, closedDaysBetween, DEFAULT_SETTINGS } from "../../../src/domain/academy-settings";
import { answerOf, server } from "../lib/api";

// The academy's settings: GET|PUT /api/impostazioni (the desk's Impostazioni screen) and the booking rules
// every signed-in person may read (GET /api/impostazioni/regole).

export const impostazioniKeys = {
  all: ["impostazioni"] as const,
  rules: ["impostazioni", "regole"] as const,
};

export function useBookingRules() {
  return useQuery({ queryKey: impostazioniKeys.rules, queryFn: () => answerOf(server.api.impostazioni.regole.get()) });
}

/** The strikes that block an account: the academy's setting, the default until it has arrived. */
export function useBlockThreshold(): number {
  return useBookingRules().data?.soglia_blocco ?? DEFAULT_SETTINGS.soglia_blocco;
}

/** The days between `first` and `last` the desk is closed (closed weekdays and closures), once the rules are in. */
export function useClosedDays(first: string, last: string): ReadonlySet<string> | undefined {
  const rules = useBookingRules().data;
  return useMemo(() => (rules ? closedDaysBetween(rules, first, last) : undefined), [rules, first, last]);
}

export function useSettings() {
  return useQuery({ queryKey: impostazioniKeys.all, queryFn: () => answerOf(server.api.impostazioni.get()) });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AcademySettings) =>
      answerOf(server.api.impostazioni.put(settings), "Errore nel salvataggio delle impostazioni"),
    onSuccess: (saved) => {
      queryClient.setQueryData(impostazioniKeys.all, saved);
      // The booking rules are part of the settings: calendars and warnings read the new ones.
      queryClient.invalidateQueries({ queryKey: impostazioniKeys.rules });
    },
  });
}

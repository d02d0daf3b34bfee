import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AcademySettings } from "../../../../../src/domain/academy-settings";
import { apiRequest } from "../../../lib/api";

const settingsKey = ["impostazioni"] as const;

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => apiRequest<AcademySettings>("/api/impostazioni") });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AcademySettings) =>
      apiRequest<AcademySettings>("/api/impostazioni", {
        method: "PUT",
        body: settings,
        fallbackError: "Errore nel salvataggio delle impostazioni",
      }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

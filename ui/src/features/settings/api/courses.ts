import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CourseWithState as ManagedCourse } from "../../../../../src/modules/courses/model";
import { corsiKeys } from "../../../api/corsi";
import { apiRequest } from "../../../lib/api";

export type { ManagedCourse };

/** Every course, archived ones too (the active list, GET /api/corsi, is what registrations offer). */
export function useAllCourses() {
  return useQuery({ queryKey: corsiKeys.withArchived, queryFn: () => apiRequest<ManagedCourse[]>("/api/corsi/tutti") });
}

export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id?: number; nome?: string; archiviato?: boolean }) =>
      change.id === undefined
        ? apiRequest<ManagedCourse>("/api/corsi", { method: "POST", body: { nome: change.nome } })
        : apiRequest<ManagedCourse>(`/api/corsi/${change.id}`, {
            method: "PUT",
            body: { nome: change.nome, archiviato: change.archiviato },
          }),
    // Both lists: this screen's and the active one the forms offer.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: corsiKeys.all }),
  });
}

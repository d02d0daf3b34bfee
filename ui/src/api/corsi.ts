import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, publicAnswerOf, publicServer, server } from "../lib/api";

// The courses: GET /api/corsi (public, the ones open to registrations: the sign-up form, profiles, the
// inventory's course filter and wizard) and the settings screen's management (GET /api/corsi/tutti with the
// archived ones, POST and PUT /api/corsi).

export type { Course, CourseWithState as ManagedCourse } from "../../../src/modules/courses/model";

/** Every key starts with "corsi", so a change in the settings refreshes every list of courses. */
export const corsiKeys = {
  all: ["corsi"] as const,
  active: ["corsi", "attivi"] as const,
  withArchived: ["corsi", "tutti"] as const,
};

export function useCourses() {
  return useQuery({
    queryKey: corsiKeys.active,
    queryFn: () => publicAnswerOf(publicServer.api.corsi.get()),
    // Courses change about once a year, and only through the settings screen, which invalidates this list.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every course, archived ones too. */
export function useAllCourses() {
  return useQuery({ queryKey: corsiKeys.withArchived, queryFn: () => answerOf(server.api.corsi.tutti.get()) });
}

export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, nome, archiviato }: { id?: number; nome?: string; archiviato?: boolean }) =>
      id === undefined
        ? answerOf(server.api.corsi.post({ nome: nome ?? "" }))
        : answerOf(server.api.corsi({ id }).put({ nome, archiviato })),
    // Both lists: this screen's and the active one the forms offer.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: corsiKeys.all }),
  });
}

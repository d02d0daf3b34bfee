import { useQuery } from "@tanstack/react-query";
import type { Course } from "../../../src/modules/courses/model";
import { apiRequest } from "../lib/api";

// The courses open to registrations: GET /api/corsi (public: the sign-up form, profiles, the inventory's
// course filter and wizard). The settings screen's list with archived ones keys under the same prefix.

export type { Course };

/** Every key starts with "corsi", so a change in the settings refreshes every list of courses. */
export const corsiKeys = {
  all: ["corsi"] as const,
  active: ["corsi", "attivi"] as const,
  withArchived: ["corsi", "tutti"] as const,
};

export function useCourses() {
  return useQuery({
    queryKey: corsiKeys.active,
    queryFn: () => apiRequest<Course[]>("/api/corsi", { anonymous: true }),
    // Courses change about once a year, and only through the settings screen, which invalidates this list.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import type { Course } from "../types";

export function useCourses() {
  return useQuery({
    queryKey: ["courses"],
    queryFn: () => apiRequest<Course[]>("/api/corsi"),
    // The academy's courses change once a year at most.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api";

/**
 * The names of the courses open to registrations (GET /api/corsi, public: the sign-up form needs it).
 * `keep` stays offered even when archived: the course a student already follows.
 */
export function useCourseNames(keep?: string | null): string[] {
  const courses = useQuery({
    queryKey: ["corsi"],
    queryFn: () => apiRequest<Array<{ id: number; nome: string }>>("/api/corsi", { anonymous: true }),
  });
  const names = courses.data?.map((course) => course.nome) ?? [];
  return keep && !names.includes(keep) ? [...names, keep] : names;
}

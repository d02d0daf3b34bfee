import { useCourses } from "../api/corsi";

/**
 * The names of the courses open to registrations. `keep` stays offered even when archived: the course a
 * student already follows.
 */
export function useCourseNames(keep?: string | null): string[] {
  const courses = useCourses();
  const names = courses.data?.map((course) => course.nome) ?? [];
  return keep && !names.includes(keep) ? [...names, keep] : names;
}

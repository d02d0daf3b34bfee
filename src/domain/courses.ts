/**
 * The academy's initial courses, seeded into the `corsi` table by a migration; the desk adds, renames
 * and archives courses from then on (GET /api/corsi answers the active ones).
 */
export const COURSES = [
  "Cinema e Audiovisivi",
  "Design",
  "Fashion Design",
  "Fotografia",
  "Graphic Design & Multimedia",
  "Interior Design",
  "Pittura",
  "Regia e Videomaking",
] as const;

export type Course = (typeof COURSES)[number];

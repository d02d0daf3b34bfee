/** The academy's fixed list of courses (also seeded into the `corsi` table by a migration). */
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

export function isCourse(value: unknown): value is Course {
  return typeof value === "string" && (COURSES as readonly string[]).includes(value);
}

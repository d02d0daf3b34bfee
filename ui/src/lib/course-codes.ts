import type { Course } from "../../../src/domain/courses";

/** Short codes that stand for each course on badges where the full name does not fit. */
export const COURSE_CODES: Record<Course, string> = {
  "Cinema e Audiovisivi": "CIN",
  Design: "DES",
  "Fashion Design": "FSH",
  Fotografia: "FOT",
  "Graphic Design & Multimedia": "GDM",
  "Interior Design": "INT",
  Pittura: "PIT",
  "Regia e Videomaking": "REG",
};

export function courseCode(course: string): string {
  return COURSE_CODES[course as Course] ?? course.slice(0, 3).toUpperCase();
}

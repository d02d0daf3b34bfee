import { describe, expect, it } from "bun:test";
import { COURSES } from "../../../src/domain/courses";
import { COURSE_CODES, courseCode } from "./course-codes";

describe("course codes", () => {
  it("has one distinct code for every course of the academy", () => {
    expect(Object.keys(COURSE_CODES).sort()).toEqual([...COURSES].sort());
    expect(new Set(Object.values(COURSE_CODES)).size).toBe(COURSES.length);
  });

  it("falls back to the first letters of an unknown course", () => {
    expect(courseCode("Scultura")).toBe("SCU");
    expect(courseCode("Fotografia")).toBe("FOT");
  });
});

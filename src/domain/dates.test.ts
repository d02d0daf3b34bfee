import { describe, expect, it } from "bun:test";
import { addDays, calendarDateIn, daysBetween, isIsoDate } from "./dates";

describe("isIsoDate", () => {
  it("accepts real calendar dates written YYYY-MM-DD", () => {
    for (const date of ["2026-03-10", "2024-02-29", "2026-12-31", "2000-01-01"]) expect(isIsoDate(date)).toBe(true);
  });

  it("refuses impossible dates, other formats and non-strings", () => {
    for (const value of [
      "2026-02-29",
      "2026-13-01",
      "2026-04-31",
      "2026-00-10",
      "2026-3-10",
      "10/03/2026",
      "2026-03-10T00:00:00Z",
      " 2026-03-10",
      "",
      null,
      undefined,
      20260310,
      new Date("2026-03-10"),
    ]) {
      expect(isIsoDate(value)).toBe(false);
    }
  });
});

describe("calendarDateIn", () => {
  it("gives the calendar date of an instant in the given zone", () => {
    const lateEvening = new Date("2026-03-09T23:30:00Z");
    expect(calendarDateIn("Europe/Rome", lateEvening)).toBe("2026-03-10");
    expect(calendarDateIn("UTC", lateEvening)).toBe("2026-03-09");
  });

  it("handles the night the clocks change", () => {
    // 29 March 2026: Rome moves from UTC+1 to UTC+2 at 01:00 UTC.
    expect(calendarDateIn("Europe/Rome", new Date("2026-03-28T22:59:00Z"))).toBe("2026-03-28");
    expect(calendarDateIn("Europe/Rome", new Date("2026-03-28T23:00:00Z"))).toBe("2026-03-29");
    expect(calendarDateIn("Europe/Rome", new Date("2026-03-29T21:59:00Z"))).toBe("2026-03-29");
    expect(calendarDateIn("Europe/Rome", new Date("2026-03-29T22:00:00Z"))).toBe("2026-03-30");
  });
});

describe("addDays", () => {
  it("moves across months, years and leap days", () => {
    expect(addDays("2026-03-10", 1)).toBe("2026-03-11");
    expect(addDays("2026-03-31", 1)).toBe("2026-04-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-03-10", 0)).toBe("2026-03-10");
  });

  it("is not disturbed by daylight saving changes", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-10-24", 2)).toBe("2026-10-26");
  });
});

describe("daysBetween", () => {
  it("counts whole days, negative when the second date is earlier", () => {
    expect(daysBetween("2026-03-10", "2026-03-10")).toBe(0);
    expect(daysBetween("2026-03-10", "2026-03-11")).toBe(1);
    expect(daysBetween("2026-03-10", "2026-03-18")).toBe(8);
    expect(daysBetween("2026-03-18", "2026-03-10")).toBe(-8);
    expect(daysBetween("2025-12-31", "2026-01-01")).toBe(1);
    expect(daysBetween("2024-02-01", "2024-03-01")).toBe(29);
    expect(daysBetween("2026-03-25", "2026-04-01")).toBe(7);
  });

  it("is the inverse of addDays", () => {
    for (const days of [-400, -31, -1, 0, 1, 2, 29, 365, 366]) {
      expect(daysBetween("2026-03-10", addDays("2026-03-10", days))).toBe(days);
    }
  });
});

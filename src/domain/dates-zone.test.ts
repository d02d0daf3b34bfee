import { describe, expect, it } from "bun:test";
import { addDays, calendarDateIn, startOfDayIn, startOfIsoWeek } from "./dates";

/** The day `instant` falls on in `timeZone`, and the day the millisecond before it fell on. */
function daysAround(timeZone: string, instant: string) {
  const at = new Date(instant);
  return { before: calendarDateIn(timeZone, new Date(at.getTime() - 1)), at: calendarDateIn(timeZone, at) };
}

describe("startOfDayIn", () => {
  it("starts a winter day in Rome at 23:00 UTC of the day before", () => {
    expect(startOfDayIn("Europe/Rome", "2026-03-10")).toBe("2026-03-09T23:00:00.000Z");
    expect(startOfDayIn("Europe/Rome", "2026-01-01")).toBe("2025-12-31T23:00:00.000Z");
  });

  it("starts a summer day in Rome at 22:00 UTC of the day before", () => {
    expect(startOfDayIn("Europe/Rome", "2026-07-15")).toBe("2026-07-14T22:00:00.000Z");
  });

  it("handles the spring change in Rome (29 March 2026, 02:00 → 03:00)", () => {
    // The day of the change still begins on winter time, the next one on summer time.
    expect(startOfDayIn("Europe/Rome", "2026-03-28")).toBe("2026-03-27T23:00:00.000Z");
    expect(startOfDayIn("Europe/Rome", "2026-03-29")).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfDayIn("Europe/Rome", "2026-03-30")).toBe("2026-03-29T22:00:00.000Z");
  });

  it("handles the autumn change in Rome (25 October 2026, 03:00 → 02:00)", () => {
    expect(startOfDayIn("Europe/Rome", "2026-10-24")).toBe("2026-10-23T22:00:00.000Z");
    expect(startOfDayIn("Europe/Rome", "2026-10-25")).toBe("2026-10-24T22:00:00.000Z");
    expect(startOfDayIn("Europe/Rome", "2026-10-26")).toBe("2026-10-25T23:00:00.000Z");
  });

  it("is exactly the first instant of that calendar day, every day of a year in Rome", () => {
    for (let offset = 0; offset < 366; offset++) {
      const day = addDays("2026-01-01", offset);
      expect({ day, ...daysAround("Europe/Rome", startOfDayIn("Europe/Rome", day)) }).toEqual({
        day,
        before: addDays(day, -1),
        at: day,
      });
    }
  });

  it("is exact in zones whose clocks change between local and UTC midnight", () => {
    // Sydney and Auckland change their clocks in the afternoon UTC of the day before, so the offset
    // in force at UTC midnight is not the one in force when their day begins.
    for (const timeZone of ["Australia/Sydney", "Pacific/Auckland", "America/New_York", "UTC"]) {
      for (const day of ["2026-04-04", "2026-04-05", "2026-04-06", "2026-09-27", "2026-10-04", "2026-03-08"]) {
        expect({ timeZone, day, ...daysAround(timeZone, startOfDayIn(timeZone, day)) }).toEqual({
          timeZone,
          day,
          before: addDays(day, -1),
          at: day,
        });
      }
    }
    expect(startOfDayIn("Pacific/Auckland", "2026-04-05")).toBe("2026-04-04T11:00:00.000Z");
    expect(startOfDayIn("Australia/Sydney", "2026-10-04")).toBe("2026-10-03T14:00:00.000Z");
  });
});

describe("startOfIsoWeek", () => {
  it("gives the Monday of the week, Monday itself included", () => {
    expect(startOfIsoWeek("2026-03-09")).toBe("2026-03-09");
    expect(startOfIsoWeek("2026-03-10")).toBe("2026-03-09");
    expect(startOfIsoWeek("2026-03-14")).toBe("2026-03-09");
  });

  it("counts Sunday as the last day of the week, not the first", () => {
    expect(startOfIsoWeek("2026-03-15")).toBe("2026-03-09");
    expect(startOfIsoWeek("2026-03-16")).toBe("2026-03-16");
  });

  it("crosses month and year boundaries", () => {
    expect(startOfIsoWeek("2026-03-01")).toBe("2026-02-23");
    expect(startOfIsoWeek("2026-01-01")).toBe("2025-12-29");
    expect(startOfIsoWeek("2024-03-01")).toBe("2024-02-26");
  });

  it("is not moved by the daylight saving change", () => {
    expect(startOfIsoWeek("2026-03-29")).toBe("2026-03-23");
    expect(startOfIsoWeek("2026-10-25")).toBe("2026-10-19");
  });

  it("always lands on a Monday at most six days earlier", () => {
    for (let offset = 0; offset < 60; offset++) {
      const day = addDays("2026-02-01", offset);
      const monday = startOfIsoWeek(day);
      expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(monday <= day && addDays(monday, 6) >= day).toBe(true);
    }
  });
});

import { describe, expect, it } from "bun:test";
import { createClock } from "./clock";

describe("clock", () => {
  it("tells the real time and is not shifted when no start was given", () => {
    const clock = createClock({ timeZone: "Europe/Rome" });
    expect(clock.shifted).toBe(false);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it("starts at the given instant, keeps ticking, and says it is shifted", () => {
    const start = new Date("2026-03-10T09:00:00Z");
    const clock = createClock({ timeZone: "Europe/Rome", startAt: start });
    expect(clock.shifted).toBe(true);
    const elapsed = clock.now().getTime() - start.getTime();
    expect(elapsed).toBeGreaterThanOrEqual(0);
    expect(elapsed).toBeLessThan(1000);
  });

  it("computes today in Rome, not in UTC, around midnight (winter time, UTC+1)", () => {
    const clock = createClock({ timeZone: "Europe/Rome", startAt: new Date("2026-03-09T22:59:00Z") });
    expect(clock.today()).toBe("2026-03-09");
    clock.travelTo(new Date("2026-03-09T23:00:30Z"));
    expect(clock.today()).toBe("2026-03-10");
  });

  it("computes today in Rome around midnight in summer time (UTC+2)", () => {
    const clock = createClock({ timeZone: "Europe/Rome", startAt: new Date("2026-07-09T21:59:00Z") });
    expect(clock.today()).toBe("2026-07-09");
    clock.travelTo(new Date("2026-07-09T22:00:30Z"));
    expect(clock.today()).toBe("2026-07-10");
  });

  it("changes year at Rome's midnight on New Year's Eve", () => {
    const clock = createClock({ timeZone: "Europe/Rome", startAt: new Date("2026-12-31T23:30:00Z") });
    expect(clock.today()).toBe("2027-01-01");
  });

  it("follows the configured academy zone", () => {
    const instant = new Date("2026-03-10T03:00:00Z");
    expect(createClock({ timeZone: "Europe/Rome", startAt: instant }).today()).toBe("2026-03-10");
    expect(createClock({ timeZone: "America/New_York", startAt: instant }).today()).toBe("2026-03-09");
  });

  it("travels backwards and forwards in time and marks itself shifted", () => {
    const clock = createClock({ timeZone: "Europe/Rome" });
    clock.travelTo(new Date("2025-01-15T12:00:00Z"));
    expect(clock.shifted).toBe(true);
    expect(clock.today()).toBe("2025-01-15");
    expect(Math.abs(clock.now().getTime() - Date.parse("2025-01-15T12:00:00Z"))).toBeLessThan(1000);
    clock.travelTo(new Date("2030-06-01T08:00:00Z"));
    expect(clock.today()).toBe("2030-06-01");
  });
});

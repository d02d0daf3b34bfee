import { describe, expect, it } from "bun:test";
import {
  academyDateProblem,
  addMonths,
  bookingDays,
  closedDaysBetween,
  DEFAULT_SETTINGS,
  isOpenDay,
  loanLimitProblem,
  nextOpenDay,
  settingsProblem,
} from "./academy-settings";
import { strikesForDaysLate } from "./loan-rules";

const weekdaysWithAugust = {
  ...DEFAULT_SETTINGS,
  giorni_apertura: [1, 2, 3, 4, 5],
  chiusure: [{ dal: "2026-08-01", al: "2026-08-31", motivo: "Agosto" }],
};

describe("open days", () => {
  it("are the open weekdays outside every closure", () => {
    expect(isOpenDay(weekdaysWithAugust, "2026-07-31")).toBe(true); // Friday
    expect(isOpenDay(weekdaysWithAugust, "2026-07-25")).toBe(false); // Saturday
    expect(isOpenDay(weekdaysWithAugust, "2026-08-12")).toBe(false);
    expect(nextOpenDay(weekdaysWithAugust, "2026-08-12")).toBe("2026-09-01");
    expect(nextOpenDay(weekdaysWithAugust, "2026-07-31")).toBe("2026-07-31");
  });

  it("are what a calendar greys out: closed weekdays and closures between two days", () => {
    expect([...closedDaysBetween(weekdaysWithAugust, "2026-07-30", "2026-08-02")]).toEqual([
      "2026-08-01",
      "2026-08-02",
    ]);
    expect([...closedDaysBetween(weekdaysWithAugust, "2026-07-23", "2026-07-27")]).toEqual([
      "2026-07-25",
      "2026-07-26",
    ]);
    expect(closedDaysBetween(DEFAULT_SETTINGS, "2026-01-01", "2026-12-31").size).toBe(0);
  });

  it("has no next open day when everything is closed for the next two years", () => {
    const closed = { ...DEFAULT_SETTINGS, chiusure: [{ dal: "2026-01-01", al: "2030-01-01", motivo: "Lavori" }] };
    expect(nextOpenDay(closed, "2026-03-10")).toBeNull();
    expect(academyDateProblem(closed, { start: "2026-03-10", end: "2026-03-10", internal: true })).toBe(
      "Il 10/03/2026 (data di inizio) l'accademia è chiusa (Lavori): nessun giorno di apertura in vista",
    );
  });
});

describe("booking limits", () => {
  it("count a booking's days with both ends and spare internal use from the longest loan", () => {
    const weekLong = { ...DEFAULT_SETTINGS, durata_massima_giorni: 1 };
    expect(bookingDays("2026-03-10", "2026-03-10")).toBe(1);
    expect(academyDateProblem(weekLong, { start: "2026-03-10", end: "2026-03-11", internal: false })).toBe(
      "Il prestito può durare al massimo 1 giorno",
    );
    expect(academyDateProblem(weekLong, { start: "2026-03-10", end: "2026-03-11", internal: true })).toBeNull();
    expect(
      academyDateProblem(weekLong, { start: "2026-03-10", end: "2026-03-11", internal: false, itemMaxDays: 2 }),
    ).toBeNull();
  });

  it("limit what a student holds only when a limit is set", () => {
    expect(loanLimitProblem(DEFAULT_SETTINGS, 500)).toBeNull();
    expect(loanLimitProblem({ ...DEFAULT_SETTINGS, prestiti_massimi_per_studente: 1 }, 0)).toBeNull();
    expect(loanLimitProblem({ ...DEFAULT_SETTINGS, prestiti_massimi_per_studente: 1 }, 1)).toContain(
      "Hai già 1 prestito o richiesta in corso",
    );
  });
});

describe("strikes and their expiry", () => {
  it("take the last step of the scale reached", () => {
    const scale = [
      { da_giorni: 2, strike: 1 },
      { da_giorni: 5, strike: 4 },
    ];
    expect([0, 1, 2, 4, 5, 100].map((days) => strikesForDaysLate(days, scale))).toEqual([0, 0, 1, 1, 4, 4]);
  });

  it("count months on the calendar, clamping to the month's last day", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
  });

  it("accept the defaults as valid settings", () => {
    expect(settingsProblem(DEFAULT_SETTINGS)).toBeNull();
  });
});

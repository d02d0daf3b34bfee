import { describe, expect, it } from "bun:test";
import { formatDate, formatDateTime, formatRelativeTime, MISSING_FIELD } from "./dates";

describe("formatRelativeTime", () => {
  const now = new Date("2025-03-10T12:00:00Z");
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const MINUTE = 60_000;

  it('says "Ora" under one minute', () => {
    expect(formatRelativeTime(before(0), now)).toBe("Ora");
    expect(formatRelativeTime(before(59_000), now)).toBe("Ora");
  });

  it("counts minutes under an hour", () => {
    expect(formatRelativeTime(before(MINUTE), now)).toBe("1 min fa");
    expect(formatRelativeTime(before(59 * MINUTE), now)).toBe("59 min fa");
  });

  it("counts hours under a day", () => {
    expect(formatRelativeTime(before(60 * MINUTE), now)).toBe("1 ora fa");
    expect(formatRelativeTime(before(5 * 60 * MINUTE), now)).toBe("5 ore fa");
    expect(formatRelativeTime(before(23 * 60 * MINUTE + 59 * MINUTE), now)).toBe("23 ore fa");
  });

  it("counts days from 24 hours on", () => {
    expect(formatRelativeTime(before(24 * 60 * MINUTE), now)).toBe("1 giorno fa");
    expect(formatRelativeTime(before(3 * 24 * 60 * MINUTE), now)).toBe("3 giorni fa");
  });

  it("treats a moment in the future as now", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toBe("Ora");
  });

  it("falls back for missing and unreadable dates", () => {
    expect(formatRelativeTime(null, now)).toBe("Data non specificata");
    expect(formatRelativeTime("ieri", now)).toBe("Data non valida");
  });
});

describe("formatDate", () => {
  it("shows a calendar date in the Italian format, on the same day in every time zone", () => {
    expect(formatDate("2025-03-05")).toBe("05/03/2025");
  });

  it("shows a timestamp with its time", () => {
    expect(formatDateTime(new Date(2025, 2, 5, 14, 30))).toBe("05/03/2025, 14:30");
    expect(formatDate("2025-03-05T10:00:00.000Z")).toBe("05/03/2025");
  });

  it('says "Data non specificata" for a missing date', () => {
    expect(formatDate(null)).toBe("Data non specificata");
    expect(formatDate(undefined)).toBe("Data non specificata");
    expect(formatDate("")).toBe("Data non specificata");
    expect(formatDateTime(null)).toBe("Data non specificata");
  });

  it('lets a field say "Non specificata" instead', () => {
    expect(formatDate(null, MISSING_FIELD)).toBe("Non specificata");
  });

  it('says "Data non valida" for text that is not a date', () => {
    expect(formatDate("31 febbraio")).toBe("Data non valida");
    expect(formatDate("2025-02-31")).toBe("Data non valida");
    expect(formatDateTime("domani")).toBe("Data non valida");
  });
});

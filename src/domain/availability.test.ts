import { describe, expect, it } from "bun:test";
import {
  daysEveryNeedIsMet,
  daysWithAFreeUnit,
  freeUnitsFor,
  isFreeFor,
  itemFreeToday,
  needIsMet,
  nextFreeStart,
  type Occupation,
  proposedReturnDate,
  unitFreeToday,
  unitStateOn,
} from "./availability";

const loan = (dal: string, al: string | null): Occupation => ({ tipo: "prestito", dal, al });

describe("the overlap rule", () => {
  it("treats ranges as inclusive: touching on one day is an overlap", () => {
    const taken = [loan("2026-03-10", "2026-03-12")];
    expect(isFreeFor(taken, "2026-03-12", "2026-03-14")).toBe(false);
    expect(isFreeFor(taken, "2026-03-08", "2026-03-10")).toBe(false);
    expect(isFreeFor(taken, "2026-03-11", "2026-03-11")).toBe(false);
    expect(isFreeFor(taken, "2026-03-13", "2026-03-20")).toBe(true);
    expect(isFreeFor(taken, "2026-03-01", "2026-03-09")).toBe(true);
  });

  it("keeps a unit taken for ever after the start of an occupation with no known end", () => {
    const taken = [{ tipo: "riparazione" as const, dal: "2026-03-10", al: null }];
    expect(isFreeFor(taken, "2027-01-01", "2027-01-02")).toBe(false);
    expect(isFreeFor(taken, "2026-03-01", "2026-03-09")).toBe(true);
  });
});

describe("an item's calendar", () => {
  const units = [
    { id: 1, occupazioni: [loan("2026-03-10", "2026-03-15")] },
    { id: 2, occupazioni: [loan("2026-03-12", "2026-03-20")] },
  ];

  it("lists the units free over a whole range", () => {
    expect(freeUnitsFor(units, "2026-03-16", "2026-03-18").map((unit) => unit.id)).toEqual([1]);
    expect(freeUnitsFor(units, "2026-03-10", "2026-03-11").map((unit) => unit.id)).toEqual([2]);
    expect(freeUnitsFor(units, "2026-03-12", "2026-03-15")).toEqual([]);
  });

  it("lists the days on which at least one unit is free", () => {
    expect(daysWithAFreeUnit(units, "2026-03-10", "2026-03-17")).toEqual([
      "2026-03-10",
      "2026-03-11",
      "2026-03-16",
      "2026-03-17",
    ]);
  });

  it("finds the first start at which some unit is free for as many days", () => {
    // Three days from the 12th: unit 1 is free from the 16th, unit 2 from the 21st.
    expect(nextFreeStart(units, "2026-03-12", "2026-03-14")).toBe("2026-03-16");
    expect(nextFreeStart(units, "2026-03-01", "2026-03-03")).toBe("2026-03-01");
  });

  it("answers null when nothing frees up within the horizon", () => {
    const forever = [{ id: 1, occupazioni: [{ tipo: "perso" as const, dal: "0000-01-01", al: null }] }];
    expect(nextFreeStart(forever, "2026-03-12", "2026-03-14")).toBeNull();
    expect(
      nextFreeStart([{ id: 1, occupazioni: [loan("2026-03-01", "2027-12-31")] }], "2026-03-12", "2026-03-12"),
    ).toBeNull();
  });
});

describe("a kit's needs", () => {
  const units = [
    { id: 1, occupazioni: [loan("2026-03-10", "2026-03-10")] },
    { id: 2, occupazioni: [loan("2026-03-11", "2026-03-11")] },
    { id: 3, occupazioni: [] },
  ];

  it("is met only while every pinned unit is free and enough others are", () => {
    expect(needIsMet({ units, pinnedUnitIds: [1], anyUnits: 2 }, "2026-03-12", "2026-03-12")).toBe(true);
    expect(needIsMet({ units, pinnedUnitIds: [1], anyUnits: 0 }, "2026-03-10", "2026-03-10")).toBe(false);
    // Units 2 and 3 are free on day 10, but unit 3 is pinned: only unit 2 counts among the others.
    expect(needIsMet({ units, pinnedUnitIds: [3], anyUnits: 2 }, "2026-03-10", "2026-03-10")).toBe(false);
    expect(needIsMet({ units, pinnedUnitIds: [], anyUnits: 2 }, "2026-03-10", "2026-03-10")).toBe(true);
    expect(needIsMet({ units, pinnedUnitIds: [99], anyUnits: 0 }, "2026-03-12", "2026-03-12")).toBe(false);
  });

  it("lists the days on which every need is met", () => {
    const needs = [
      { units, pinnedUnitIds: [2], anyUnits: 0 },
      { units: units.filter((unit) => unit.id !== 2), pinnedUnitIds: [], anyUnits: 2 },
    ];
    expect(daysEveryNeedIsMet(needs, "2026-03-09", "2026-03-12")).toEqual(["2026-03-09", "2026-03-12"]);
  });
});

describe("today's availability", () => {
  const today = "2026-11-24";
  const request = (dal: string, al: string): Occupation => ({ tipo: "richiesta", dal, al });

  it("keeps a unit booked next week free today, until the day before the booking", () => {
    const taken = [request("2026-12-01", "2026-12-03")];
    expect(unitFreeToday(taken, today)).toEqual({
      libera: true,
      liberaFinoAl: "2026-11-30",
      prossimaDisponibilita: today,
    });
    expect(unitStateOn(taken, today)).toBe("disponibile");
    expect(unitStateOn(taken, "2026-12-01")).toBe("riservato");
  });

  it("walks back-to-back occupations to the first free day, and knows none past an open end", () => {
    const chained = [loan("2026-11-20", "2026-11-26"), request("2026-11-27", "2026-11-28")];
    expect(unitFreeToday(chained, today)).toEqual({
      libera: false,
      liberaFinoAl: null,
      prossimaDisponibilita: "2026-11-29",
    });
    expect(unitFreeToday([loan("2026-11-20", null)], today).prossimaDisponibilita).toBeNull();
  });

  it("makes an item free as long as its longest free unit, or from the earliest day one frees up", () => {
    const bookedSoon = unitFreeToday([request("2026-11-26", "2026-11-27")], today);
    const bookedLater = unitFreeToday([request("2026-12-05", "2026-12-06")], today);
    const lent = unitFreeToday([loan("2026-11-20", "2026-11-29")], today);
    expect(itemFreeToday([bookedSoon, bookedLater, lent]).liberaFinoAl).toBe("2026-12-04");
    expect(itemFreeToday([bookedSoon, unitFreeToday([], today)]).liberaFinoAl).toBeNull();
    expect(itemFreeToday([lent])).toEqual({ libera: false, liberaFinoAl: null, prossimaDisponibilita: "2026-11-30" });
  });

  it("proposes the usual return date, brought forward to the day before the next booking", () => {
    expect(proposedReturnDate("2026-12-01", "2026-11-30")).toBe("2026-11-30");
    expect(proposedReturnDate("2026-12-01", null)).toBe("2026-12-01");
  });
});

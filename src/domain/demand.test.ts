import { describe, expect, it } from "bun:test";
import { addDays } from "./dates";
import { bookingsMet, extraUnitsFor, shareMet, type WantedDays } from "./demand";

/** A small seeded generator, so a failing case can be replayed from the seed printed with it. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state % below;
  };
}

describe("the replay of what was wanted", () => {
  it("meets bookings first come, first served, on the units there are", () => {
    const wanted = [
      { dal: "2026-03-02", al: "2026-03-04" },
      { dal: "2026-03-03", al: "2026-03-05" },
      { dal: "2026-03-05", al: "2026-03-06" },
    ];
    expect(bookingsMet(wanted, 1)).toBe(2);
    expect(bookingsMet(wanted, 2)).toBe(3);
    expect(shareMet([], 0)).toBe(1);
    expect(extraUnitsFor(wanted, 1, 0.9)).toEqual({ extra: 1, share: 1 });
    expect(extraUnitsFor(wanted, 1, 0.6)).toEqual({ extra: 0, share: 2 / 3 });
  });

  it("suggests the fewest extra units with which the replay meets the target share (property)", () => {
    const seed = Date.now() % 100_000;
    const next = generator(seed);
    for (let round = 0; round < 300; round++) {
      const wanted: WantedDays[] = Array.from({ length: 1 + next(30) }, () => {
        const dal = addDays("2026-01-05", next(60));
        return { dal, al: addDays(dal, next(7)) };
      });
      const units = next(4);
      const target = (50 + next(51)) / 100;
      const { extra, share } = extraUnitsFor(wanted, units, target);
      const context = `seed ${seed}, round ${round}`;
      expect(shareMet(wanted, units + extra), context).toBe(share);
      expect(share, context).toBeGreaterThanOrEqual(target);
      if (extra > 0) expect(shareMet(wanted, units + extra - 1), context).toBeLessThan(target);
    }
  });

  it("meets in one replay what a replay per number of units meets (property)", () => {
    const seed = Date.now() % 100_000;
    const next = generator(seed);
    for (let round = 0; round < 300; round++) {
      const wanted: WantedDays[] = Array.from({ length: next(40) }, () => {
        const dal = addDays("2026-01-05", next(45));
        return { dal, al: addDays(dal, next(9)) };
      });
      for (let units = 0; units <= 6; units++)
        expect(bookingsMet(wanted, units), `seed ${seed}, round ${round}, ${units} units`).toBe(
          replayedOneUnitCountAtATime(wanted, units),
        );
    }
  });
});

/** The replay as the rule states it, on a fixed number of units: the reference the one-pass replay must match. */
function replayedOneUnitCountAtATime(wanted: readonly WantedDays[], units: number): number {
  const taken: WantedDays[][] = Array.from({ length: units }, () => []);
  let met = 0;
  for (const booking of wanted) {
    const free = taken.find((unit) => unit.every((other) => other.al < booking.dal || booking.al < other.dal));
    if (!free) continue;
    free.push(booking);
    met++;
  }
  return met;
}

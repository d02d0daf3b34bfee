import { describe, expect, it } from "bun:test";
import { availableShare, isLowStock, type StockLevel, stockLevel } from "./stock-level";

describe("stockLevel", () => {
  const cases: Array<[number, number, StockLevel | null]> = [
    [0, 1, "esaurito"],
    [0, 12, "esaurito"],
    [1, 1, null], // a single-unit item that is in is not running short
    [1, 2, "attenzione"],
    [1, 10, "attenzione"],
    [2, 10, "scarseggia"], // exactly 80 % on loan
    [3, 10, "si_sta_esaurendo"], // 70 %
    [4, 10, "si_sta_esaurendo"], // exactly 60 %
    [5, 10, null], // 50 %
    [2, 5, "si_sta_esaurendo"], // 60 %
    [3, 5, null], // 40 %
    [2, 2, null],
    [2, 3, null],
    [3, 15, "scarseggia"], // 12 of 15 out: exactly 80 %
    [6, 15, "si_sta_esaurendo"], // exactly 60 %
    [7, 15, null],
    [0, 0, null], // no units at all: no stock level
  ];
  for (const [available, total, level] of cases) {
    it(`is ${level ?? "nothing"} with ${available} of ${total} available`, () => {
      expect(stockLevel(available, total)).toBe(level);
    });
  }

  it("matches the thresholds in whole-number arithmetic for every small stock", () => {
    for (let total = 1; total <= 60; total++) {
      for (let available = 0; available <= total; available++) {
        const out = total - available;
        let expected: StockLevel | null = null;
        if (available === 0) expected = "esaurito";
        else if (total === 1) expected = null;
        else if (available === 1) expected = "attenzione";
        else if (out * 10 >= total * 8) expected = "scarseggia";
        else if (out * 10 >= total * 6) expected = "si_sta_esaurendo";
        expect({ available, total, level: stockLevel(available, total) }).toEqual({
          available,
          total,
          level: expected,
        });
      }
    }
  });
});

describe("isLowStock", () => {
  const cases: Array<[number, number, boolean]> = [
    [0, 1, true],
    [0, 5, true],
    [1, 1, false],
    [1, 2, false], // one left of two is not low by the filter
    [1, 3, true],
    [2, 3, false],
    [1, 4, true],
    [2, 4, false], // 50 %
    [3, 10, true], // exactly 30 %
    [4, 10, false],
    [2, 7, true], // 28.6 %
    [3, 9, false], // 33 %
    [0, 0, false],
  ];
  for (const [available, total, low] of cases) {
    it(`is ${low ? "low" : "not low"} with ${available} of ${total} available`, () => {
      expect(isLowStock(available, total)).toBe(low);
    });
  }

  it("matches the filter in whole-number arithmetic for every small stock", () => {
    for (let total = 1; total <= 60; total++) {
      for (let available = 0; available <= total; available++) {
        const expected =
          available === 0 || (available === 1 && total > 2) || (available * 10 <= total * 3 && total >= 4);
        expect({ available, total, low: isLowStock(available, total) }).toEqual({ available, total, low: expected });
      }
    }
  });
});

describe("availableShare", () => {
  it("rounds the available percentage and is 0 for an item without units", () => {
    expect(availableShare(1, 3)).toBe(33);
    expect(availableShare(2, 3)).toBe(67);
    expect(availableShare(5, 5)).toBe(100);
    expect(availableShare(0, 0)).toBe(0);
  });
});

import { describe, expect, it } from "bun:test";
import { euroAmount, purchaseDate } from "./unit-identity";

describe("a unit's purchase value and date as people write them", () => {
  it("reads euros written the Italian way, the English way, or as a number", () => {
    expect(euroAmount("1.234,50")).toBe(1234.5);
    expect(euroAmount("1234.5")).toBe(1234.5);
    expect(euroAmount("€ 890")).toBe(890);
    expect(euroAmount("1,234,567.8")).toBe(1234567.8);
    expect(euroAmount(349.999)).toBe(350);
    expect(euroAmount("")).toBeNull();
    expect(euroAmount("tanti")).toBeUndefined();
    expect(euroAmount(-3)).toBeUndefined();
  });

  it("reads dates as YYYY-MM-DD, as 31/12/2024, or as a spreadsheet's day number", () => {
    expect(purchaseDate("2024-03-05")).toBe("2024-03-05");
    expect(purchaseDate("5/3/2024")).toBe("2024-03-05");
    expect(purchaseDate(45356)).toBe("2024-03-05");
    expect(purchaseDate(" ")).toBeNull();
    expect(purchaseDate("31/02/2024")).toBeUndefined();
    expect(purchaseDate("ieri")).toBeUndefined();
  });
});

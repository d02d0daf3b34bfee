import { describe, expect, it } from "bun:test";
import { availableOf, countWith } from "./plural";

describe("counts in words", () => {
  it("agrees the word with the count", () => {
    expect(countWith(1, "unità disponibile", "unità disponibili")).toBe("1 unità disponibile");
    expect(countWith(0, "unità disponibile", "unità disponibili")).toBe("0 unità disponibili");
    expect(countWith(4, "giorno", "giorni")).toBe("4 giorni");
  });

  it('says "1 disponibile su 6", not "1 disponibili"', () => {
    expect(availableOf(1, 6)).toBe("1 disponibile su 6");
    expect(availableOf(3, 6)).toBe("3 disponibili su 6");
  });
});

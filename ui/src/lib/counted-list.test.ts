import { describe, expect, it } from "bun:test";
import { countedList } from "./counted-list";

describe("things counted out", () => {
  it("writes each as quantity × name, one after the other with commas, as kits, sets and mancanze show them", () => {
    expect(
      countedList([
        { quantita: 2, nome: "Batteria" },
        { quantita: 1, nome: "Cavo USB" },
      ]),
    ).toBe("2 × Batteria, 1 × Cavo USB");
    expect(countedList([])).toBe("");
  });
});

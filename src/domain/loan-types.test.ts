import { describe, expect, it } from "bun:test";
import { impliedUsage, isLoanType, LOAN_TYPE_LABELS, LOAN_TYPES } from "./loan-types";

describe("loan types", () => {
  it("recognises exactly the three loan types", () => {
    for (const type of LOAN_TYPES) expect(isLoanType(type)).toBe(true);
    for (const value of ["", "esterno", "SOLO_ESTERNO", null, undefined, 1]) expect(isLoanType(value)).toBe(false);
  });

  it("labels each loan type as the spec does", () => {
    expect(LOAN_TYPE_LABELS).toEqual({
      solo_interno: "Lezione / Interno",
      solo_esterno: "Prestito / Esterno",
      entrambi: "Lezione / Prestito",
    });
  });

  it("implies the usage for single-use items and lets entrambi items choose", () => {
    expect(impliedUsage("solo_interno", "esterno")).toBe("interno");
    expect(impliedUsage("solo_esterno", "interno")).toBe("esterno");
    expect(impliedUsage("entrambi", "interno")).toBe("interno");
    expect(impliedUsage("entrambi", "esterno")).toBe("esterno");
    expect(impliedUsage("entrambi", undefined)).toBeNull();
  });
});

import { describe, expect, it } from "bun:test";
import {
  canCloseRepair,
  canMoveReport,
  isPriority,
  isReportType,
  PRIORITIES,
  REPAIR_STATES,
  REPORT_STATES,
  REPORT_TYPES,
} from "./repairs";

describe("canMoveReport", () => {
  it("lets a report move forward along aperta → in_corso → risolta → chiusa, skipping steps", () => {
    expect(canMoveReport("aperta", "in_corso")).toBe(true);
    expect(canMoveReport("aperta", "risolta")).toBe(true);
    expect(canMoveReport("aperta", "chiusa")).toBe(true);
    expect(canMoveReport("in_corso", "risolta")).toBe(true);
    expect(canMoveReport("in_corso", "chiusa")).toBe(true);
    expect(canMoveReport("risolta", "chiusa")).toBe(true);
  });

  it("never moves a report backward or to the state it is already in", () => {
    for (const from of REPORT_STATES) {
      for (const to of REPORT_STATES) {
        const forward = REPORT_STATES.indexOf(to) > REPORT_STATES.indexOf(from);
        expect({ from, to, allowed: canMoveReport(from, to) }).toEqual({ from, to, allowed: forward });
      }
    }
  });

  it("leaves a closed report where it is", () => {
    for (const to of REPORT_STATES) expect(canMoveReport("chiusa", to)).toBe(false);
  });
});

describe("canCloseRepair", () => {
  it("allows completing or cancelling only a repair in progress", () => {
    for (const state of REPAIR_STATES) {
      expect({ state, closable: canCloseRepair(state) }).toEqual({ state, closable: state === "in_corso" });
    }
  });
});

describe("the fixed lists of the repair and report forms", () => {
  it("accepts each priority of the list and nothing else", () => {
    for (const priority of PRIORITIES) expect(isPriority(priority)).toBe(true);
    for (const value of ["urgente", "MEDIA", " media", "", null, undefined, 2, {}])
      expect(isPriority(value)).toBe(false);
  });

  it("accepts each report type of the list and nothing else", () => {
    for (const type of REPORT_TYPES) expect(isReportType(type)).toBe(true);
    for (const value of ["furto", "Guasto", "", null, undefined, 0, ["guasto"]])
      expect(isReportType(value)).toBe(false);
  });
});

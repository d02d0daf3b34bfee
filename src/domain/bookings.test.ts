import { describe, expect, it } from "bun:test";
import {
  bookingHolds,
  canMoveLoan,
  canMoveRequest,
  isOpenLoan,
  isPendingRequest,
  LOAN_STATES,
  REQUEST_STATES,
  rangesOverlap,
} from "./bookings";

describe("date ranges", () => {
  it("overlap when they share at least one day, ends included", () => {
    expect(rangesOverlap({ from: "2026-03-10", to: "2026-03-12" }, { from: "2026-03-12", to: "2026-03-14" })).toBe(
      true,
    );
    expect(rangesOverlap({ from: "2026-03-10", to: "2026-03-12" }, { from: "2026-03-13", to: "2026-03-14" })).toBe(
      false,
    );
    expect(rangesOverlap({ from: "2026-03-10", to: "2026-03-20" }, { from: "2026-03-12", to: "2026-03-13" })).toBe(
      true,
    );
    expect(rangesOverlap({ from: "2026-03-15", to: "2026-03-15" }, { from: "2026-03-10", to: "2026-03-14" })).toBe(
      false,
    );
  });

  it("are held by an overdue loan from its start until it is returned", () => {
    const overdue = { from: "2026-03-01", to: "2026-03-05", untilReturned: true };
    expect(bookingHolds(overdue, { from: "2026-04-01", to: "2026-04-02" })).toBe(true);
    expect(bookingHolds(overdue, { from: "2026-02-20", to: "2026-02-28" })).toBe(false);
    expect(bookingHolds({ ...overdue, untilReturned: false }, { from: "2026-04-01", to: "2026-04-02" })).toBe(false);
  });
});

describe("states", () => {
  it("call open the loans not yet returned, and pending only the undecided requests", () => {
    expect(LOAN_STATES.filter(isOpenLoan)).toEqual(["attivo", "scaduto"]);
    expect(REQUEST_STATES.filter(isPendingRequest)).toEqual(["in_attesa"]);
  });

  it("let a request be decided once, from pending only", () => {
    for (const to of ["approvata", "rifiutata", "annullata"] as const)
      expect(canMoveRequest("in_attesa", to)).toBe(true);
    for (const from of ["approvata", "rifiutata", "annullata"] as const)
      for (const to of REQUEST_STATES) expect(canMoveRequest(from, to)).toBe(false);
    expect(canMoveRequest("in_attesa", "in_attesa")).toBe(false);
  });

  it("let a loan become overdue and be returned, and never leave returned", () => {
    expect(canMoveLoan("attivo", "scaduto")).toBe(true);
    expect(canMoveLoan("attivo", "restituito")).toBe(true);
    expect(canMoveLoan("scaduto", "restituito")).toBe(true);
    expect(canMoveLoan("scaduto", "attivo")).toBe(false);
    for (const to of LOAN_STATES) expect(canMoveLoan("restituito", to)).toBe(false);
  });
});

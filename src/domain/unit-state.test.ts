import { describe, expect, it } from "bun:test";
import fc from "fast-check";
import { chaosSeed } from "../testing/chaos-seed";
import {
  ITEM_STATES,
  type ItemState,
  itemState,
  normalizeUnitState,
  UNIT_STATES,
  type UnitFacts,
  type UnitState,
  unitState,
} from "./unit-state";

const FACT_NAMES = ["lost", "inRepair", "onStartedLoan", "reserved"] as const;

/** Every combination of what may hold a unit at once. */
function everyFactCombination(): UnitFacts[] {
  return Array.from({ length: 2 ** FACT_NAMES.length }, (_, bits) => ({
    lost: Boolean(bits & 1),
    inRepair: Boolean(bits & 2),
    onStartedLoan: Boolean(bits & 4),
    reserved: Boolean(bits & 8),
  }));
}

describe("unitState", () => {
  it("is free when nothing holds the unit", () => {
    expect(unitState({ lost: false, inRepair: false, onStartedLoan: false, reserved: false })).toBe("disponibile");
  });

  it("follows the priority lost > repair > started loan > reservation for every combination", () => {
    for (const facts of everyFactCombination()) {
      const expected: UnitState = facts.lost
        ? "perso"
        : facts.inRepair
          ? "in_riparazione"
          : facts.onStartedLoan
            ? "prestato"
            : facts.reserved
              ? "riservato"
              : "disponibile";
      expect({ facts, state: unitState(facts) }).toEqual({ facts, state: expected });
    }
  });

  it("can reach every unit state, and only unit states", () => {
    const reached = new Set(everyFactCombination().map(unitState));
    expect([...reached].sort()).toEqual([...UNIT_STATES].sort());
    expect(reached.has("in_prestito" as UnitState)).toBe(false);
  });
});

describe("itemState", () => {
  // A Record over UnitState: adding a unit state without deciding what it means for an item fails to compile.
  const ITEM_OF_SINGLE_UNIT: Record<UnitState, ItemState> = {
    disponibile: "disponibile",
    prestato: "in_prestito",
    riservato: "in_prestito",
    in_riparazione: "in_riparazione",
    perso: "perso",
  };

  it("has a decided item state for an item whose only unit is in each unit state", () => {
    expect(Object.keys(ITEM_OF_SINGLE_UNIT).sort()).toEqual([...UNIT_STATES].sort());
    for (const state of UNIT_STATES) expect(itemState([state])).toBe(ITEM_OF_SINGLE_UNIT[state]);
  });

  it("is non_disponibile for an item without units", () => {
    expect(itemState([])).toBe("non_disponibile");
  });

  it("is available as soon as one unit is free, whatever the others", () => {
    for (const other of UNIT_STATES) {
      expect(itemState([other, "disponibile"])).toBe("disponibile");
      expect(itemState(["disponibile", other, other])).toBe("disponibile");
    }
  });

  it("prefers lent or reserved over repair, and repair over lost, when nothing is free", () => {
    expect(itemState(["in_riparazione", "prestato"])).toBe("in_prestito");
    expect(itemState(["perso", "riservato"])).toBe("in_prestito");
    expect(itemState(["perso", "in_riparazione", "perso"])).toBe("in_riparazione");
    expect(itemState(["perso", "perso"])).toBe("perso");
  });

  it("decides every mix of unit states by the rule of DESIGN §3.2, regardless of order", () => {
    const unitStates = fc.array(fc.constantFrom(...UNIT_STATES), { maxLength: 8 });
    fc.assert(
      fc.property(unitStates, (states) => {
        const result = itemState(states);
        expect(ITEM_STATES).toContain(result);
        expect(itemState([...states].reverse())).toBe(result);
        if (states.length === 0) expect(result).toBe("non_disponibile");
        else if (states.includes("disponibile")) expect(result).toBe("disponibile");
        else if (states.includes("prestato") || states.includes("riservato")) expect(result).toBe("in_prestito");
        else if (states.includes("in_riparazione")) expect(result).toBe("in_riparazione");
        else expect(result).toBe("perso");
      }),
      { seed: chaosSeed("unit states") },
    );
  });
});

describe("normalizeUnitState", () => {
  it("accepts every unit state as itself", () => {
    for (const state of UNIT_STATES) expect(normalizeUnitState(state)).toBe(state);
  });

  it("reads in_prestito as prestato, and nothing else as a state", () => {
    expect(normalizeUnitState("in_prestito")).toBe("prestato");
    for (const value of ["", "PRESTATO", "lost", "non_disponibile", "in_attesa"]) {
      expect(normalizeUnitState(value)).toBeNull();
    }
  });
});

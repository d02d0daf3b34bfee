/**
 * The one rule for what state a unit is in and what that makes of its item. Every endpoint and
 * screen derives states through these functions; nothing stores a state that could drift.
 */
export const UNIT_STATES = ["disponibile", "prestato", "riservato", "in_riparazione", "perso"] as const;
export type UnitState = (typeof UNIT_STATES)[number];

export const ITEM_STATES = ["disponibile", "in_prestito", "in_riparazione", "non_disponibile", "perso"] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/** What holds a unit today, as read from its repairs, loans and requests. */
export interface UnitFacts {
  lost: boolean;
  /** An `in_corso` repair holds it. */
  inRepair: boolean;
  /** An open loan (`attivo` or `scaduto`) that has already started holds it (one starting later does not). */
  onStartedLoan: boolean;
  /** A pending request whose dates include today holds it (a later one leaves the unit free today). */
  reserved: boolean;
}

export function unitState(facts: UnitFacts): UnitState {
  if (facts.lost) return "perso";
  if (facts.inRepair) return "in_riparazione";
  if (facts.onStartedLoan) return "prestato";
  if (facts.reserved) return "riservato";
  return "disponibile";
}

export function itemState(unitStates: readonly UnitState[]): ItemState {
  if (unitStates.length === 0) return "non_disponibile";
  if (unitStates.includes("disponibile")) return "disponibile";
  if (unitStates.some((state) => state === "prestato" || state === "riservato")) return "in_prestito";
  if (unitStates.includes("in_riparazione")) return "in_riparazione";
  if (unitStates.every((state) => state === "perso")) return "perso";
  return "non_disponibile";
}

/** `in_prestito` is accepted on input as another name for `prestato`; output never uses it. */
export function normalizeUnitState(value: string): UnitState | null {
  if (value === "in_prestito") return "prestato";
  return (UNIT_STATES as readonly string[]).includes(value) ? (value as UnitState) : null;
}

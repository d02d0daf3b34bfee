import { addDays } from "../../../../../../src/domain/dates";
import { DEFAULT_EXTERNAL_LOAN_DAYS, isInternalUse } from "../../../../../../src/domain/loan-rules";
import type { UsageType } from "../../../../../../src/domain/loan-types";
import type { ItemDetails } from "../../../../api/inventario";

export type Step = 1 | 2 | 3 | 4 | 5;

export interface Borrower {
  id: number;
  name: string;
  surname: string;
  email: string;
}

export interface WizardState {
  step: Step;
  item: ItemDetails | null;
  borrower: Borrower | null;
  unitIds: number[];
  usage: UsageType | null;
  /** null until the desk picks days: the start is then today, the end a week later; "" when unpicked. */
  start: string | null;
  end: string | null;
  /** null keeps the default note, which follows the number of units. */
  note: string | null;
}

export const INITIAL_STATE: WizardState = {
  step: 1,
  item: null,
  borrower: null,
  unitIds: [],
  usage: null,
  start: null,
  end: null,
  note: null,
};

export type WizardAction =
  | { type: "item"; item: ItemDetails }
  | { type: "borrower"; borrower: Borrower | null }
  | { type: "toggle-unit"; unitId: number }
  | { type: "usage"; usage: UsageType }
  | { type: "dates"; start: string; end: string }
  | { type: "note"; value: string }
  | { type: "next" }
  | { type: "back" }
  | { type: "reset" };

/** Only items lent both ways ask how they will be used (step 4). */
export function asksUsage(item: ItemDetails | null): boolean {
  return item?.tipo_prestito === "entrambi";
}

/** Internal use is always one day. */
export function loanDates(state: WizardState, today: string) {
  const start = state.start ?? today;
  const internal = state.item ? isInternalUse(state.item.tipo_prestito, state.usage) : false;
  const end = internal ? start : (state.end ?? (start ? addDays(start, DEFAULT_EXTERNAL_LOAN_DAYS) : ""));
  return { start, end, endLocked: internal };
}

export function defaultNote(units: number): string {
  return `Prestito diretto - ${units} unità`;
}

/** Whether the current step has what it needs to go on. */
export function stepComplete(state: WizardState): boolean {
  if (state.step === 1) return state.item !== null;
  if (state.step === 2) return state.borrower !== null;
  if (state.step === 3) return state.unitIds.length > 0;
  if (state.step === 4) return state.usage !== null;
  return true;
}

function nextStep(state: WizardState): Step {
  if (state.step === 3) return asksUsage(state.item) ? 4 : 5;
  return Math.min(5, state.step + 1) as Step;
}

function previousStep(state: WizardState): Step {
  if (state.step === 5) return asksUsage(state.item) ? 4 : 3;
  return Math.max(1, state.step - 1) as Step;
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "item":
      if (state.item?.id === action.item.id) return state;
      // Units, usage and dates belong to the item: a new item starts them over.
      return { ...state, item: action.item, unitIds: [], usage: null, end: null };
    case "borrower":
      return { ...state, borrower: action.borrower };
    case "toggle-unit":
      return {
        ...state,
        unitIds: state.unitIds.includes(action.unitId)
          ? state.unitIds.filter((id) => id !== action.unitId)
          : [...state.unitIds, action.unitId],
      };
    case "usage":
      return { ...state, usage: action.usage };
    case "dates":
      return { ...state, start: action.start, end: action.end };
    case "note":
      return { ...state, note: action.value };
    case "next":
      return stepComplete(state) ? { ...state, step: nextStep(state) } : state;
    case "back":
      return { ...state, step: previousStep(state) };
    case "reset":
      return INITIAL_STATE;
  }
}

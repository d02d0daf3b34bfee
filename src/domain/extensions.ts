/** The states of an extension (`proroga`): asked by the student, then approved or refused by the desk. */
export const EXTENSION_STATE = {
  pending: "in_attesa",
  approved: "approvata",
  refused: "rifiutata",
} as const;

export const EXTENSION_STATES = [EXTENSION_STATE.pending, EXTENSION_STATE.approved, EXTENSION_STATE.refused] as const;
export type ExtensionState = (typeof EXTENSION_STATES)[number];

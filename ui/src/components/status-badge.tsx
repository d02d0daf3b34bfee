import type { ReactNode } from "react";
import type { UnitState } from "../../../src/domain/unit-state";

export type BadgeTone = "green" | "red" | "gray" | "amber" | "yellow" | "orange" | "blue" | "indigo";

const TONES: Record<BadgeTone, string> = {
  green: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  red: "bg-red-50 text-red-700 ring-red-200",
  gray: "bg-slate-100 text-slate-600 ring-slate-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  yellow: "bg-yellow-50 text-yellow-800 ring-yellow-300",
  orange: "bg-orange-50 text-orange-700 ring-orange-200",
  blue: "bg-sky-50 text-sky-700 ring-sky-200",
  indigo: "bg-indigo-50 text-indigo-700 ring-indigo-200",
};

/** A small coloured label for a state; the tone is also exposed as `data-tone` for tests and styling. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** How each value of a state is shown. */
export type BadgeStates = Record<string, { label: string; tone: BadgeTone }>;

/** A state's badge from its table; a value the table does not know shows as it is, in gray. */
export function StateBadge({ states, state }: { states: BadgeStates; state: string }) {
  const shown = states[state] ?? { label: state, tone: "gray" };
  return <Badge tone={shown.tone}>{shown.label}</Badge>;
}

const LOAN_STATES: BadgeStates = {
  attivo: { label: "Attivo", tone: "green" },
  scaduto: { label: "Scaduto", tone: "red" },
  restituito: { label: "Restituito", tone: "gray" },
  da_ritirare: { label: "Da ritirare", tone: "amber" },
  annullato: { label: "Annullato", tone: "gray" },
};

/** Loan states in the product's colours: attivo green, scaduto red, restituito gray. */
export function LoanStatusBadge({ state }: { state: string }) {
  return <StateBadge states={LOAN_STATES} state={state} />;
}

const REQUEST_STATES: BadgeStates = {
  in_attesa: { label: "In Attesa", tone: "amber" },
  pending: { label: "In Attesa", tone: "amber" },
  approvata: { label: "Approvata", tone: "green" },
  rifiutata: { label: "Rifiutata", tone: "red" },
  annullata: { label: "Annullata", tone: "gray" },
};

export function RequestStatusBadge({ state }: { state: string }) {
  return <StateBadge states={REQUEST_STATES} state={state} />;
}

const UNIT_STATES: Record<UnitState, { label: string; tone: BadgeTone }> = {
  disponibile: { label: "Disponibile", tone: "green" },
  prestato: { label: "In prestito", tone: "amber" },
  riservato: { label: "Prenotata", tone: "blue" },
  in_riparazione: { label: "In riparazione", tone: "orange" },
  perso: { label: "Persa", tone: "red" },
};

/** A unit's state beside the unit; `availableLabel` words "disponibile" where the screen says more. */
export function UnitStatusBadge({ state, availableLabel }: { state: UnitState; availableLabel?: string }) {
  const shown = UNIT_STATES[state];
  return <Badge tone={shown.tone}>{state === "disponibile" && availableLabel ? availableLabel : shown.label}</Badge>;
}

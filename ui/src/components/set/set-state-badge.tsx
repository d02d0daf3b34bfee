import type { SetLine, SetState } from "../../api/prenotazioni";
import { Badge, type BadgeTone, StateBadge } from "../status-badge";

type Shown = { label: string; tone: BadgeTone };

const SET_STATES: Record<SetState, Shown> = {
  in_attesa: { label: "In attesa", tone: "amber" },
  approvata: { label: "Da ritirare", tone: "blue" },
  in_corso: { label: "In prestito", tone: "green" },
  conclusa: { label: "Conclusa", tone: "gray" },
  rifiutata: { label: "Rifiutata", tone: "red" },
  annullata: { label: "Annullata", tone: "gray" },
};

export function SetStateBadge({ state }: { state: SetState }) {
  return <StateBadge states={SET_STATES} state={state} />;
}

const LINE_PHASES: Record<NonNullable<SetLine["fase"]>, Shown> = {
  da_ritirare: { label: "Da ritirare", tone: "blue" },
  attivo: { label: "In prestito", tone: "green" },
  scaduto: { label: "Scaduto", tone: "red" },
  restituito: { label: "Restituita", tone: "gray" },
  annullato: { label: "Annullata", tone: "gray" },
};

const LINE_REQUESTS: Record<SetLine["stato_richiesta"], Shown> = {
  in_attesa: { label: "In attesa", tone: "amber" },
  approvata: { label: "Approvata", tone: "blue" },
  rifiutata: { label: "Rifiutata", tone: "red" },
  annullata: { label: "Annullata", tone: "gray" },
};

/** A line's state: its loan's phase once approved, else its request's state. */
export function SetLineStateBadge({ line }: { line: SetLine }) {
  const shown = line.fase ? LINE_PHASES[line.fase] : LINE_REQUESTS[line.stato_richiesta];
  return <Badge tone={shown.tone}>{shown.label}</Badge>;
}

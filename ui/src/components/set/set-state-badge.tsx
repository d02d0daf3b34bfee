import type { SetLineState, SetState } from "../../api/prenotazioni";
import { Badge, type BadgeTone } from "../status-badge";

const SET_STATES: Record<SetState, { label: string; tone: BadgeTone }> = {
  in_attesa: { label: "In attesa", tone: "amber" },
  approvata: { label: "Da ritirare", tone: "blue" },
  rifiutata: { label: "Rifiutata", tone: "red" },
  annullata: { label: "Annullata", tone: "gray" },
  in_corso: { label: "In prestito", tone: "green" },
  restituita: { label: "Restituita", tone: "gray" },
};

const LINE_STATES: Record<SetLineState, { label: string; tone: BadgeTone }> = {
  ...SET_STATES,
  approvata: { label: "Da ritirare", tone: "blue" },
  rifiutata: { label: "Rifiutata", tone: "red" },
};

export function SetStateBadge({ state }: { state: SetState }) {
  const shown = SET_STATES[state] ?? { label: state, tone: "gray" };
  return <Badge tone={shown.tone}>{shown.label}</Badge>;
}

export function SetLineStateBadge({ state }: { state: SetLineState }) {
  const shown = LINE_STATES[state] ?? { label: state, tone: "gray" };
  return <Badge tone={shown.tone}>{shown.label}</Badge>;
}

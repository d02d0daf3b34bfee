import type { WaitState } from "../../../src/domain/demand";
import type { BadgeTone } from "../components/status-badge";
import { formatDateTime } from "./dates";

/** How each state of a queue entry reads, for the student and the desk alike. */
export const WAIT_STATE_BADGES: Record<WaitState, { label: string; tone: BadgeTone }> = {
  in_coda: { label: "In coda", tone: "blue" },
  offerta: { label: "Posto tenuto per te", tone: "green" },
  confermata: { label: "Confermata", tone: "indigo" },
  scaduta: { label: "Scaduta", tone: "gray" },
  annullata: { label: "Uscito dalla coda", tone: "gray" },
};

/** "Tenuto fino al 05/03/2026, 14:30": when a hold passes to the next student. */
export function holdExpiryText(expiresAt: string | null): string {
  return `Tenuto fino al ${formatDateTime(expiresAt)}`;
}

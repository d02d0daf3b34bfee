export const PRIORITIES = ["bassa", "media", "alta", "critica"] as const;
export type Priority = (typeof PRIORITIES)[number];

export const REPAIR_STATES = ["in_corso", "completata", "annullata"] as const;
export type RepairState = (typeof REPAIR_STATES)[number];

export const REPORT_TYPES = ["guasto", "danneggiamento", "malfunzionamento", "perdita"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_STATES = ["aperta", "in_corso", "risolta", "chiusa"] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** The reports the desk is still dealing with: the dashboard counts these. */
export const ACTIVE_REPORT_STATES = ["aperta", "in_corso"] as const satisfies readonly ReportState[];

export const REPORT_STATE_LABELS: Record<ReportState, string> = {
  aperta: "Aperta",
  in_corso: "In Corso",
  risolta: "Risolta",
  chiusa: "Chiusa",
};

export function isPriority(value: unknown): value is Priority {
  return typeof value === "string" && (PRIORITIES as readonly string[]).includes(value);
}

export function isReportType(value: unknown): value is ReportType {
  return typeof value === "string" && (REPORT_TYPES as readonly string[]).includes(value);
}

/** Reports only move forward along aperta → in_corso → risolta → chiusa (skipping is allowed). */
export function canMoveReport(from: ReportState, to: ReportState): boolean {
  return REPORT_STATES.indexOf(to) > REPORT_STATES.indexOf(from);
}

/** Only a repair in progress can be completed or cancelled. */
export function canCloseRepair(state: RepairState): boolean {
  return state === "in_corso";
}

import { formatItalianDate } from "../../../../../../src/domain/dates";

const PERCENT = new Intl.NumberFormat("it-IT", { style: "percent", maximumFractionDigits: 0 });

/** A share of the report (0–1) as the desk reads it: "75%". */
export function percent(share: number): string {
  return PERCENT.format(share);
}

/** The week that starts on `monday`, said briefly: "settimana del 09/03/2026". */
export function weekTitle(monday: string): string {
  return `settimana del ${formatItalianDate(monday)}`;
}

import type { StatsPeriod } from "../../api/stats";

/** The periods the statistics screen offers, in days: the ones the server accepts. */
export const STATS_PERIODS: Array<{ value: StatsPeriod; label: string }> = [
  { value: 30, label: "Ultimi 30 giorni" },
  { value: 90, label: "Ultimi 90 giorni" },
  { value: 365, label: "Ultimo anno" },
];

export const DEFAULT_STATS_PERIOD: StatsPeriod = 30;

/** The periods the statistics can cover, in days; the server refuses any other value. */
export type StatsPeriod = 30 | 90 | 365;

export const STATS_PERIODS: { value: StatsPeriod; label: string }[] = [
  { value: 30, label: "Ultimi 30 giorni" },
  { value: 90, label: "Ultimi 90 giorni" },
  { value: 365, label: "Ultimo anno" },
];

export const DEFAULT_STATS_PERIOD: StatsPeriod = 30;

/** Every statistics query lives under this key, so one refresh can reach them all. */
export const statsKey = ["stats"];

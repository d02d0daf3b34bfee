import type { StatsPeriod } from "../../../api/stats";

const MONTHS = ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"];

/** "03/2026" → "mar 26": month ticks stay short enough for a phone. */
export function shortMonth(label: string): string {
  const [month, year] = label.split("/");
  return `${MONTHS[Number(month) - 1] ?? month} ${year?.slice(2) ?? ""}`.trim();
}

/** What a bucket stands for, in words: "12/03", "Settimana dal 09/03", "marzo 2026". */
export function bucketTitle(label: string, period: StatsPeriod): string {
  if (period === 90) return `Settimana dal ${label}`;
  if (period === 365) {
    const [month, year] = label.split("/");
    return new Date(Number(year), Number(month) - 1, 1).toLocaleString("it-IT", { month: "long", year: "numeric" });
  }
  return label;
}

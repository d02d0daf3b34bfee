const integer = new Intl.NumberFormat("it-IT");
const oneDecimal = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 2 });

export const formatCount = (value: number) => integer.format(value);
export const formatPercent = (value: number) => `${oneDecimal.format(value)}%`;
export const formatMs = (value: number) => `${twoDecimals.format(value)} ms`;

/** "512 MB", "78,2 GB". */
export function formatMegabytes(megabytes: number): string {
  return megabytes >= 1024 ? `${oneDecimal.format(megabytes / 1024)} GB` : `${integer.format(megabytes)} MB`;
}

/** "45 s", "12 min", "3 h 5 min", "2 g 4 h". */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return `${days} g ${hours % 24} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${totalSeconds} s`;
}

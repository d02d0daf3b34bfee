/** How short an item is running, from its available units n and total units q. */
export const STOCK_LEVELS = ["esaurito", "attenzione", "scarseggia", "si_sta_esaurendo"] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

export function stockLevel(available: number, total: number): StockLevel | null {
  if (total <= 0) return null;
  if (available === 0) return "esaurito";
  if (total === 1) return null;
  if (available === 1) return "attenzione";
  const onLoanShare = (total - available) / total;
  if (onLoanShare >= 0.8) return "scarseggia";
  if (onLoanShare >= 0.6) return "si_sta_esaurendo";
  return null;
}

/** The low-stock filter: none left; or one left of more than two; or at most 30 % left of four or more. */
export function isLowStock(available: number, total: number): boolean {
  if (total <= 0) return false;
  return available === 0 || (available === 1 && total > 2) || (available <= 0.3 * total && total >= 4);
}

export function availableShare(available: number, total: number): number {
  return total > 0 ? Math.round((available / total) * 100) : 0;
}

/**
 * Default unit code: the item's name upper-cased without spaces, `_`, a 3-digit sequence (FOTOCAMERA_001).
 * Commas and semicolons are dropped too: the spreadsheet uses them to separate an item's codes.
 */
export function defaultUnitCode(itemName: string, sequence: number): string {
  const base = itemName.toUpperCase().replace(/[\s,;]+/g, "");
  return `${base}_${String(sequence).padStart(3, "0")}`;
}

export function defaultUnitCodes(itemName: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => defaultUnitCode(itemName, index + 1));
}

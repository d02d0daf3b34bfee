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

/** The item form's (and the spreadsheet's) most units per item. */
export const MAX_UNITS_PER_ITEM = 500;

/**
 * Why a unit code cannot be used, or null. The spreadsheet lists an item's codes separated by commas,
 * so a code must survive export → import; control characters would be invisible on a label.
 */
export function unitCodeProblem(code: string): string | null {
  if (/[,;\r\n]/.test(code)) return "Il codice univoco non può contenere virgole, punti e virgola o a capo";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f]/.test(code)) return "Il codice univoco non può contenere caratteri di controllo";
  return null;
}

/** The longest unit code the server stores (and a label can print). */
export const MAX_UNIT_CODE_LENGTH = 100;

/** `_001`: the sequence part of a default code; 500 units per item never need a fourth digit. */
const SEQUENCE_LENGTH = 4;

/**
 * What never reaches a generated code: anything but plain letters, digits, `-` and `_`. A code is scanned
 * back from a barcode (Code 128 carries plain ASCII) and typed by a scanner as keystrokes, and `/`, `.` or
 * spaces broke labels and links; an accented letter is written as its plain letter first.
 */
const NOT_IN_CODES = /[^A-Z0-9_-]+/g;

/** The name as the default codes spell it: upper-cased, accents taken off, only letters, digits, - and _. */
const codeSpelling = (itemName: string) =>
  itemName.normalize("NFD").toUpperCase().normalize("NFD").replace(NOT_IN_CODES, "");

/** The name part of the default codes: at most what leaves room for `_001` within the code limit. */
export function unitCodeBase(itemName: string): string {
  let base = "";
  // Whole characters only, counted as the server counts a code's length.
  for (const character of codeSpelling(itemName)) {
    if (base.length + character.length > MAX_UNIT_CODE_LENGTH - SEQUENCE_LENGTH) break;
    base += character;
  }
  return base;
}

/** Whether a name is too long to stand whole in its default codes (the wizard says so at once). */
export function unitCodeBaseIsCut(itemName: string): boolean {
  return unitCodeBase(itemName) !== codeSpelling(itemName);
}

/**
 * Default unit code: the item's name upper-cased with only its letters, digits, `-` and `_`, then `_` and a
 * 3-digit sequence ("Zoom H5 / Registratore" → ZOOMH5REGISTRATORE_001); a long name is cut so that the
 * code fits.
 */
export function defaultUnitCode(itemName: string, sequence: number): string {
  return `${unitCodeBase(itemName)}_${String(sequence).padStart(3, "0")}`;
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

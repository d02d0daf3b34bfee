/**
 * The label formats PrestaLab prints, by the name clients send as `formato`: two A4 sheets of common
 * adhesive labels and two widths of the roll tape of label printers (one label a page). The server
 * draws them (src/modules/counter/labels-pdf.ts); the desk's dialog offers them by these names.
 */
export const LABEL_FORMAT_NAMES = ["a4-3x8", "a4-4x10", "62mm", "29mm"] as const;

export type LabelFormat = (typeof LABEL_FORMAT_NAMES)[number];

export const LABEL_FORMATS: Record<LabelFormat, { name: string; perSheet: number }> = {
  "a4-3x8": { name: "Foglio A4, 3 × 8 (70 × 37 mm)", perSheet: 24 },
  "a4-4x10": { name: "Foglio A4, 4 × 10 (52,5 × 29,7 mm)", perSheet: 40 },
  "62mm": { name: "Rotolo da 62 mm (62 × 29 mm)", perSheet: 1 },
  "29mm": { name: "Rotolo da 29 mm (90 × 29 mm)", perSheet: 1 },
};

/** What a call without `formato` gets: the sheet PrestaLab has always printed. */
export const DEFAULT_LABEL_FORMAT: LabelFormat = "a4-3x8";

/** Whether the format is a sheet, where printing may start past labels already used. */
export function isSheet(format: LabelFormat): boolean {
  return LABEL_FORMATS[format].perSheet > 1;
}

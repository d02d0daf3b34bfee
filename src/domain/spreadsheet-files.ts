/** The files the inventory import reads: Excel workbooks, and CSV text as Italian desks often export it. */
export const SPREADSHEET_EXTENSIONS = [".xlsx", ".xls", ".csv"] as const;

/** True when the file's name says it is one of the spreadsheets the import reads. */
export function isSpreadsheetName(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return SPREADSHEET_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

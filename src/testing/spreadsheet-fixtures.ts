import * as XLSX from "xlsx";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A workbook with an "Inventario" sheet of `rows` (the first one being the header). */
export function workbook(
  rows: unknown[][],
  extraSheets: Record<string, unknown[][]> = {},
  options: { compression?: boolean } = {},
): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Inventario");
  for (const [name, sheet] of Object.entries(extraSheets))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), name);
  return new Uint8Array(XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: options.compression }));
}

function dataUrl(bytes: Uint8Array, type = XLSX_TYPE): string {
  return `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
}

/** The body of POST /api/excel/inventario/import (or …/import/lavori) carrying `bytes`. */
export function importBody(bytes: Uint8Array, fileName = "inventario.xlsx", type = XLSX_TYPE) {
  return { fileName, fileSize: bytes.length, fileType: type, fileData: dataUrl(bytes, type) };
}

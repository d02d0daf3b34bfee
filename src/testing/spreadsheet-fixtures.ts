import { crc32, deflateRawSync } from "node:zlib";
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

/** A zip written by hand, so its headers can say whatever a test needs (e.g. lie about sizes). */
export function handMadeZip(entries: Array<{ name: string; data: Uint8Array; declaredSize?: number }>): Uint8Array {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = deflateRawSync(entry.data, { level: 9 });
    const checksum = crc32(entry.data) >>> 0;
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, compressed);
    directory.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, centralBytes, end]));
}

const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const DOCUMENT_RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The column letters of a 0-based column index (0 → A, 26 → AA). */
function columnName(index: number): string {
  let name = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/**
 * An .xlsx written by hand, as small as a zip of repeated rows gets: an "Inventario" sheet whose header
 * is "Nome" then C1, C2, … and whose `rows` rows each hold `columns` cells of 1. `dimension` is the
 * `<dimension ref>` the sheet declares (by default the true one; null: none); `contentTypes: false` leaves
 * out the part SheetJS needs to read the file at all.
 */
export function manyRowsWorkbook({
  rows,
  columns,
  dimension,
  contentTypes = true,
}: {
  rows: number;
  columns: number;
  dimension?: string | null;
  contentTypes?: boolean;
}): Uint8Array {
  const encode = (text: string) => new TextEncoder().encode(text);
  const header = Array.from(
    { length: columns },
    (_, column) =>
      `<c r="${columnName(column)}1" t="inlineStr"><is><t>${column === 0 ? "Nome" : `C${column}`}</t></is></c>`,
  ).join("");
  // Without their optional `r` references the rows are all alike, and deflate shrinks them about 1,000 times.
  const body = `<row>${"<c><v>1</v></c>".repeat(columns)}</row>`.repeat(rows);
  const declared = dimension === undefined ? `A1:${columnName(columns - 1)}${rows + 1}` : dimension;
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN_NS}">${declared === null ? "" : `<dimension ref="${declared}"/>`}<sheetData><row r="1">${header}</row>${body}</sheetData></worksheet>`;
  const entries = [
    {
      name: "_rels/.rels",
      data: encode(
        `<Relationships xmlns="${RELATIONSHIPS_NS}"><Relationship Id="rId1" Type="${DOCUMENT_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/workbook.xml",
      data: encode(
        `<workbook xmlns="${MAIN_NS}" xmlns:r="${DOCUMENT_RELATIONSHIPS}"><sheets><sheet name="Inventario" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: encode(
        `<Relationships xmlns="${RELATIONSHIPS_NS}"><Relationship Id="rId1" Type="${DOCUMENT_RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: "xl/worksheets/sheet1.xml", data: encode(sheet) },
  ];
  if (contentTypes)
    entries.unshift({
      name: "[Content_Types].xml",
      data: encode(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
    });
  return handMadeZip(entries);
}

/**
 * An academy's own sheet, as a new user brings it: Italian and English headings, one row per unit with its
 * serial, a course written in lower case, and a column PrestaLab has no field for.
 */
export const OWN_SHEET_ROWS: unknown[][] = [
  ["Nome", "Brand", "Modello", "Serial", "Corso", "Categoria", "Stato di conservazione"],
  ...[1, 2, 3, 4].map((unit) => [
    "Registratore Zoom H5",
    "Zoom",
    "H5",
    `ZH5-000${unit}`,
    "regia e videomaking",
    "Audio",
    "buono",
  ]),
];

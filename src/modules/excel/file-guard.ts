import { constants, inflateRawSync } from "node:zlib";

/**
 * Checks on an uploaded spreadsheet before SheetJS touches it: the right magic bytes for the
 * extension, and (for .xlsx, a zip) the total uncompressed size declared by the zip's central
 * directory, so a zip bomb is refused. SheetJS trusts the declared sizes, so each entry is also
 * inflated with its declared size as a hard cap: a bomb that lies about its size is refused too,
 * after at most the declared (and capped) number of bytes was produced.
 */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export const MAX_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte);
}

/** The entries listed by a zip's central directory, or null when the archive is malformed or zip64. */
function centralDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is in the last 22 bytes plus up to 64 KiB of comment.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_DIRECTORY_ENTRY) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const entry = {
      name: new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) return null;
    entries.push(entry);
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return entries;
}

/** Total uncompressed size the zip's central directory declares, or null when malformed or zip64. */
export function zipUncompressedSize(bytes: Uint8Array): number | null {
  const entries = centralDirectory(bytes);
  return entries === null ? null : entries.reduce((total, entry) => total + entry.size, 0);
}

/** An entry's bytes as stored in the zip (compressed or not), or null when its header is malformed. */
function storedBytes(bytes: Uint8Array, entry: ZipEntry): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || view.getUint32(header, true) !== LOCAL_FILE_HEADER) return null;
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  if (start + entry.compressedSize > bytes.length) return null;
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * An entry's bytes, inflated with its declared size as a hard cap; null when its header is malformed, it
 * produces more or less than it declares, or its method is neither stored nor deflated. With `partial`,
 * only what the first `partial` compressed bytes inflate to (still capped).
 */
function entryContent(bytes: Uint8Array, entry: ZipEntry, partial?: number): Uint8Array | null {
  const data = storedBytes(bytes, entry);
  if (data === null) return null;
  if (entry.method === STORED) return entry.compressedSize === entry.size ? data : null;
  if (entry.method !== DEFLATED) return null;
  try {
    if (partial !== undefined && partial < data.length)
      return inflateRawSync(data.subarray(0, partial), {
        maxOutputLength: Math.max(entry.size, 1),
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    const content = inflateRawSync(data, { maxOutputLength: Math.max(entry.size, 1) });
    return content.length === entry.size ? content : null;
  } catch {
    // More output than declared (a lying bomb) or a corrupt stream.
    return null;
  }
}

/** True when every entry inflates to exactly the size declared for it, never producing more. */
function entriesMatchDeclaredSizes(bytes: Uint8Array, entries: ZipEntry[]): boolean {
  return entries.every((entry) => entryContent(bytes, entry) !== null);
}

/** True when the bytes are plausibly a spreadsheet of the kind the file name claims, and safe to open. */
export function looksLikeSafeSpreadsheet(fileName: string, bytes: Uint8Array): boolean {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".xlsx")) {
    if (!startsWith(bytes, ZIP_MAGIC)) return false;
    const entries = centralDirectory(bytes);
    if (entries === null) return false;
    const size = entries.reduce((total, entry) => total + entry.size, 0);
    return size <= MAX_UNCOMPRESSED_BYTES && entriesMatchDeclaredSizes(bytes, entries);
  }
  if (lower.endsWith(".xls")) return startsWith(bytes, OLE_MAGIC);
  if (lower.endsWith(".csv")) return csvText(bytes) !== null;
  return false;
}

/** A CSV file's text: UTF-8 (a byte-order mark is dropped) without NUL bytes, or null for anything else. */
export function csvText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

// ── Counting an .xlsx sheet's rows without reading its cells ───────────────────────────────────────

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const xmlText = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? "");

/** An entry's text by its path in the zip, or null. */
function partText(bytes: Uint8Array, entries: ZipEntry[], path: string): string | null {
  const entry = entries.find((candidate) => candidate.name === path);
  const content = entry ? entryContent(bytes, entry) : null;
  return content ? new TextDecoder().decode(content) : null;
}

/** The value of `attribute` (with any namespace prefix: `r:id`) in one XML start tag. */
function attributeOf(tag: string, attribute: string): string | null {
  const value = new RegExp(`\\s(?:[\\w.-]+:)?${attribute}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? null : xmlText(value);
}

/**
 * The worksheets of an .xlsx in the workbook's order, each with the path of its XML in the zip; null when
 * the workbook's parts are not where Excel and every common writer put them (SheetJS then decides alone).
 */
function xlsxSheets(bytes: Uint8Array, entries: ZipEntry[]): Array<{ name: string; path: string }> | null {
  const workbook = partText(bytes, entries, "xl/workbook.xml");
  const relationships = partText(bytes, entries, "xl/_rels/workbook.xml.rels");
  if (workbook === null || relationships === null) return null;
  const targets = new Map<string, string>();
  for (const [tag] of relationships.matchAll(/<(?:[\w.-]+:)?Relationship\s[^>]*>/g)) {
    const id = attributeOf(tag, "Id");
    const target = attributeOf(tag, "Target");
    if (id !== null && target !== null)
      targets.set(id, target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`);
  }
  const sheets: Array<{ name: string; path: string }> = [];
  for (const [tag] of workbook.matchAll(/<(?:[\w.-]+:)?sheet\s[^>]*>/g)) {
    const name = attributeOf(tag, "name");
    const path = targets.get(attributeOf(tag, "id") ?? "");
    if (name === null || path === undefined) return null;
    sheets.push({ name, path });
  }
  return sheets;
}

const LESS_THAN = 0x3c;
const COLON = 0x3a;
/** Bytes that end an XML tag's name: whitespace, "/" and ">". */
const NAME_ENDS = new Set([0x20, 0x09, 0x0a, 0x0d, 0x2f, 0x3e]);
const ROW = [0x72, 0x6f, 0x77]; // "row"
const VALUE_TAGS = [[0x76], [0x69, 0x73]]; // "v" (a value) and "is" (an inline string)

/** Whether the tag name at `at` (after its namespace prefix, if any) is `name`. */
function tagNamed(xml: Uint8Array, at: number, name: number[]): boolean {
  let start = at;
  for (let i = at; i < at + 64 && i < xml.length && !NAME_ENDS.has(xml[i] as number); i++)
    if (xml[i] === COLON) start = i + 1;
  // A name cut off by the end of what was inflated so far is not taken for one.
  return name.every((byte, index) => xml[start + index] === byte) && NAME_ENDS.has(xml[start + name.length] as number);
}

/**
 * How many rows of a sheet's XML hold a value (a `<v>` or an inline string), read tag by tag without
 * building any cell: rows without a value are blank to SheetJS too. Stops once past `atMost`.
 */
function rowsWithValues(xml: Uint8Array, atMost: number): number {
  let rows = 0;
  let counted = true;
  for (let at = xml.indexOf(LESS_THAN); at !== -1 && rows <= atMost; at = xml.indexOf(LESS_THAN, at + 1)) {
    if (tagNamed(xml, at + 1, ROW)) counted = false;
    else if (!counted && VALUE_TAGS.some((name) => tagNamed(xml, at + 1, name))) {
      rows++;
      counted = true;
    }
  }
  return rows;
}

/** How much of a sheet's compressed XML is inflated first: a few MB of rows, a thousand times as many. */
const FIRST_COMPRESSED_BYTES = 16 * 1024;

/**
 * The rows of a sheet that hold a value, counted no further than past `atMost`. The XML is inflated a
 * longer and longer start at a time, so a sheet far over the limit is refused after a few MB of it (a
 * 215 kB file of tiny cells inflates to 53 MB), and the whole XML is inflated only for a sheet within it.
 */
function countRows(bytes: Uint8Array, entry: ZipEntry, atMost: number): number | null {
  for (let taken = FIRST_COMPRESSED_BYTES; ; taken *= 4) {
    const whole = entry.method === STORED || taken >= entry.compressedSize;
    const xml = entryContent(bytes, entry, whole ? undefined : taken);
    if (xml === null) return null;
    const rows = rowsWithValues(xml, atMost);
    if (rows > atMost || whole) return rows;
  }
}

/** An .xlsx's worksheets, and a count of the rows of any of them that SheetJS would read. */
export interface XlsxSheetRows {
  /** The worksheets' names, in the workbook's order. */
  names: string[];
  /**
   * The rows of the named sheet that hold a value, counted no further than past `atMost`, from the sheet's
   * XML and never its `<dimension>`, which may be missing or lie. Null for a sheet whose XML is missing.
   */
  rowsWithValues(name: string, atMost: number): number | null;
}

/**
 * The worksheets of an .xlsx, to count their rows; null when its parts are laid out unusually, or when the
 * zip declares more than MAX_UNCOMPRESSED_BYTES in all (every part is inflated within its declared size).
 */
export function xlsxSheetRows(bytes: Uint8Array): XlsxSheetRows | null {
  const entries = centralDirectory(bytes);
  if (!entries || entries.reduce((total, entry) => total + entry.size, 0) > MAX_UNCOMPRESSED_BYTES) return null;
  const sheets = xlsxSheets(bytes, entries);
  if (!sheets) return null;
  return {
    names: sheets.map((sheet) => sheet.name),
    rowsWithValues(name, atMost) {
      const path = sheets.find((sheet) => sheet.name === name)?.path;
      const entry = entries.find((candidate) => candidate.name === path);
      return entry ? countRows(bytes, entry, atMost) : null;
    },
  };
}

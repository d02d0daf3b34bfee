import { inflateRawSync } from "node:zlib";

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
    const entry = {
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) return null;
    entries.push(entry);
    offset +=
      46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return entries;
}

/** Total uncompressed size the zip's central directory declares, or null when malformed or zip64. */
export function zipUncompressedSize(bytes: Uint8Array): number | null {
  const entries = centralDirectory(bytes);
  return entries === null ? null : entries.reduce((total, entry) => total + entry.size, 0);
}

/** True when every entry inflates to exactly the size declared for it, never producing more. */
function entriesMatchDeclaredSizes(bytes: Uint8Array, entries: ZipEntry[]): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of entries) {
    const header = entry.localHeaderOffset;
    if (header + 30 > bytes.length || view.getUint32(header, true) !== LOCAL_FILE_HEADER) return false;
    const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
    if (start + entry.compressedSize > bytes.length) return false;
    const data = bytes.subarray(start, start + entry.compressedSize);
    if (entry.method === STORED) {
      if (entry.compressedSize !== entry.size) return false;
      continue;
    }
    if (entry.method !== DEFLATED) return false;
    try {
      if (inflateRawSync(data, { maxOutputLength: Math.max(entry.size, 1) }).length !== entry.size) return false;
    } catch {
      // More output than declared (a lying bomb) or a corrupt stream.
      return false;
    }
  }
  return true;
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

/**
 * Cheap checks on an uploaded spreadsheet before SheetJS touches it: the right magic bytes for the
 * extension, and (for .xlsx, a zip) the total uncompressed size declared by the zip's central
 * directory, so a zip bomb is refused before anything is inflated.
 */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;

export const MAX_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte);
}

/** Total uncompressed size of a zip's entries, or null when the archive is malformed or zip64. */
export function zipUncompressedSize(bytes: Uint8Array): number | null {
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
  const entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_DIRECTORY_ENTRY) return null;
    const size = view.getUint32(offset + 24, true);
    if (size === 0xffffffff) return null;
    total += size;
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return total;
}

/** True when the bytes are plausibly a spreadsheet of the kind the file name claims, and safe to open. */
export function looksLikeSafeSpreadsheet(fileName: string, bytes: Uint8Array): boolean {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".xlsx")) {
    if (!startsWith(bytes, ZIP_MAGIC)) return false;
    const size = zipUncompressedSize(bytes);
    return size !== null && size <= MAX_UNCOMPRESSED_BYTES;
  }
  if (lower.endsWith(".xls")) return startsWith(bytes, OLE_MAGIC);
  return false;
}

import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A whole list kept gzipped in pieces, so that a write re-encodes only the pieces whose rows it changed.
 * The spec's whole inventory is a few megabytes of JSON at five times the default academy: gzipping it
 * again after every booking held the server's only thread for about 100 ms while every poller waited.
 *
 * Each piece is a run of consecutive rows compressed on its own and ended with a sync flush, so that the
 * pieces join into one deflate stream; the gzip's checksum is combined from the pieces' own. A piece is
 * used again when its rows' texts are the same as last time (compared as strings, so a piece never goes
 * out stale whoever built the texts); a row added or removed shifts the pieces after it, which are then
 * compressed again.
 */

/** Rows per piece: about 250 kB of the desk's inventory, 2 ms to compress; a piece restarts gzip's dictionary. */
export const PIECE_ROWS = 200;
/** gzip's level for a piece, as for an answer under 256 kB (src/read-model/response-cache.ts): pieces are smaller. */
const LEVEL = 3;
/** Lists kept: the desk's inventory, the catalogue of each course, a few filtered whole lists. */
const MAX_KEPT_LISTS = 16;

interface Piece {
  texts: readonly string[];
  deflated: Uint8Array;
  crc: number;
  bytes: number;
}

const keptLists = new Map<string, Piece[]>();
const encoder = new TextEncoder();
// A gzip member: deflate, no name or time, unknown system (RFC 1952).
const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);
const CLOSING_TEXT = encoder.encode("]");
// The array's closing bracket is the stream's final block.
const CLOSING = deflateRawSync(CLOSING_TEXT, { level: LEVEL });

/** The answers `gzippedList` built, for the server to send (and keep) as they are (src/app.ts). */
const gzippedAnswers = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

/** The gzip of an answer `gzippedList` built, else undefined. */
export function gzippedJsonOf(value: unknown): Uint8Array<ArrayBuffer> | undefined {
  return value instanceof Response ? gzippedAnswers.get(value) : undefined;
}

/**
 * An answer whose JSON another thread already gzipped (the demand report, src/read-jobs.ts): the server
 * sends and keeps the bytes as they are, and the route's answer schema is not checked again.
 */
export function gzippedJsonAnswer(gzipped: Uint8Array<ArrayBuffer>): Response {
  const answer = new Response(null);
  gzippedAnswers.set(answer, gzipped);
  return answer;
}

function pieceOf(texts: readonly string[], first: boolean): Piece {
  const raw = encoder.encode(`${first ? "[" : ","}${texts.join(",")}`);
  return {
    texts,
    deflated: deflateRawSync(raw, { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(raw),
    bytes: raw.byteLength,
  };
}

const sameTexts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((text, index) => text === b[index]);

/**
 * The JSON array of these rows, gzipped, as an answer the server sends as it is: `textsOf` gives the rows'
 * JSON texts in the order of their ids. `listKey` names the list (its view and filters): its pieces are
 * kept under it for the next build. Between two pieces it compresses, the server answers others.
 */
export async function gzippedList(
  listKey: string,
  ids: readonly number[],
  textsOf: (ids: number[]) => string[],
): Promise<Response> {
  const before = keptLists.get(listKey) ?? [];
  const pieces: Piece[] = [];
  // An empty list is one empty piece: "[" then "]".
  for (let start = 0; start === 0 || start < ids.length; start += PIECE_ROWS) {
    const texts = textsOf(ids.slice(start, start + PIECE_ROWS));
    const kept = before[pieces.length];
    if (kept && sameTexts(kept.texts, texts)) {
      pieces.push(kept);
      continue;
    }
    pieces.push(pieceOf(texts, start === 0));
    await new Promise((resume) => setImmediate(resume));
  }
  keptLists.delete(listKey);
  keptLists.set(listKey, pieces);
  // Oldest first: a Map iterates in insertion order.
  for (const oldest of keptLists.keys()) {
    if (keptLists.size <= MAX_KEPT_LISTS) break;
    keptLists.delete(oldest);
  }
  const answer = new Response(null);
  gzippedAnswers.set(answer, gzipOf(pieces));
  return answer;
}

/** One gzip member from the pieces and the closing bracket: header, deflate stream, CRC-32 and length. */
function gzipOf(pieces: readonly Piece[]): Uint8Array<ArrayBuffer> {
  let crc = 0;
  let plainBytes = 0;
  let size = GZIP_HEADER.byteLength + CLOSING.byteLength + 8;
  for (const piece of pieces) {
    crc = crc32Combine(crc, piece.crc, piece.bytes);
    plainBytes += piece.bytes;
    size += piece.deflated.byteLength;
  }
  crc = crc32Combine(crc, crc32(CLOSING_TEXT), CLOSING_TEXT.byteLength);
  plainBytes += CLOSING_TEXT.byteLength;
  const gzip = new Uint8Array(size);
  gzip.set(GZIP_HEADER, 0);
  let offset = GZIP_HEADER.byteLength;
  for (const part of [...pieces.map((piece) => piece.deflated), CLOSING]) {
    gzip.set(part, offset);
    offset += part.byteLength;
  }
  const trailer = new DataView(gzip.buffer, offset, 8);
  trailer.setUint32(0, crc, true);
  // The plain length modulo 4 GiB, as RFC 1952 says.
  trailer.setUint32(4, plainBytes % 2 ** 32, true);
  return gzip;
}

// ── CRC-32 of two texts joined, from their own CRCs and the second one's length ─────────────────────────
// The CRC is linear over GF(2): appending `length` zero bytes to the first text is a 32×32 bit matrix,
// raised to that power by squaring (the method of zlib's crc32_combine).

/** The reflected CRC-32 polynomial. */
const POLYNOMIAL = 0xedb88320;

function matrixTimes(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let row = 0; vector !== 0; row++, vector >>>= 1) if (vector & 1) sum ^= matrix[row] as number;
  return sum >>> 0;
}

function matrixSquare(square: Uint32Array, matrix: Uint32Array) {
  for (let row = 0; row < 32; row++) square[row] = matrixTimes(matrix, matrix[row] as number);
}

/** The CRC-32 of A followed by B, given crc(A), crc(B) and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB <= 0) return crcA >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  // The operator for one zero bit.
  odd[0] = POLYNOMIAL;
  for (let row = 1; row < 32; row++) odd[row] = 1 << (row - 1);
  matrixSquare(even, odd); // two zero bits
  matrixSquare(odd, even); // four zero bits
  let crc = crcA >>> 0;
  let remaining = lengthB;
  // Each round squares the operator (one zero byte, then two, four…) and applies it for the length's set bits.
  while (remaining > 0) {
    matrixSquare(even, odd);
    if (remaining % 2 === 1) crc = matrixTimes(even, crc);
    remaining = Math.floor(remaining / 2);
    if (remaining === 0) break;
    matrixSquare(odd, even);
    if (remaining % 2 === 1) crc = matrixTimes(odd, crc);
    remaining = Math.floor(remaining / 2);
  }
  return (crc ^ crcB) >>> 0;
}

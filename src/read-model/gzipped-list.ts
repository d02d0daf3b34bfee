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

/**
 * Rows per piece: about 60 kB of the spec's whole inventory, compressed in a fraction of a millisecond. A
 * write then re-encodes a quarter of what 200 rows did (a miss of the 500-item inventory in process 2.2 →
 * 1.2 ms) for 8% more gzip, as each piece starts gzip's dictionary afresh.
 */
export const PIECE_ROWS = 50;
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
// A CRC-32 is the text's polynomial times x^32, modulo the CRC polynomial (over GF(2), with the register
// starting and ending inverted). Appending n zero bits to A multiplies its CRC by x^n modulo that
// polynomial, so crc(A followed by B) = crc(A) · x^(8·length of B) ⊕ crc(B). The powers x^(2^k) are
// computed once; x^(8·n) is the product of those whose bits n·8 sets, at most 32 products of 32 steps.
// Polynomials are written bit-reflected, as the CRC is: bit 31 holds x^0.

/** The reflected CRC-32 polynomial. */
const POLYNOMIAL = 0xedb88320;
const ONE = 0x80000000;

/** a · b modulo the CRC polynomial. */
function timesModulo(a: number, b: number): number {
  let product = 0;
  let factor = b;
  for (let bit = ONE; bit !== 0 && a !== 0; bit >>>= 1) {
    if (a & bit) {
      product ^= factor;
      a ^= bit;
    }
    // factor · x: a shift towards the higher powers, reduced when x^31's bit falls out.
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the CRC polynomial, for k = 0…31: x^(2^32) is x again, so these serve every length. */
const POWERS_OF_X = (() => {
  const powers = new Uint32Array(32);
  powers[0] = ONE >>> 1; // x^1
  for (let k = 1; k < 32; k++) powers[k] = timesModulo(powers[k - 1] as number, powers[k - 1] as number);
  return powers;
})();

/** The CRC-32 of A followed by B, given crc(A), crc(B) and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB <= 0) return crcA >>> 0;
  // x^(8 · lengthB): a byte is 2^3 bits, so bit i of the length picks x^(2^(i+3)).
  let shift = ONE;
  for (let remaining = lengthB, k = 3; remaining > 0; remaining = Math.floor(remaining / 2), k++)
    if (remaining % 2 === 1) shift = timesModulo(POWERS_OF_X[k % 32] as number, shift);
  return (timesModulo(shift, crcA >>> 0) ^ crcB) >>> 0;
}

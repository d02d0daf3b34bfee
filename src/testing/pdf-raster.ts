import { BarcodeFormat, Code128Reader, DecodeHintType } from "@zxing/library";
import { type Pixels, readCode } from "../domain/qr-reading";

/**
 * Test helpers that print a PDF the way a printer would, as pixels, with Poppler's `pdftoppm` (Debian's
 * poppler-utils, which .ci/run installs), and read the barcodes back from them: what these decode, a
 * scanner reads from the paper.
 */

export interface Area {
  /** Millimetres from the page's top left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One page of the PDF (from 1), or the `area` of it, as grey pixels at `dpi`. */
export async function rasterPage(pdf: Uint8Array, page: number, dpi: number, area?: Area): Promise<Pixels> {
  const pixelsOf = (mm: number) => String(Math.round((mm / 25.4) * dpi));
  const crop = area
    ? ["-x", pixelsOf(area.x), "-y", pixelsOf(area.y), "-W", pixelsOf(area.width), "-H", pixelsOf(area.height)]
    : [];
  const run = Bun.spawn(
    ["pdftoppm", "-gray", "-r", String(dpi), "-f", String(page), "-l", String(page), ...crop, "-"],
    {
      stdin: new Blob([pdf as Uint8Array<ArrayBuffer>]),
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const [image, errors, exitCode] = await Promise.all([
    new Response(run.stdout).bytes(),
    new Response(run.stderr).text(),
    run.exited,
  ]);
  if (exitCode !== 0) throw new Error(`pdftoppm failed: ${errors}`);
  return parsePgm(image);
}

/** A binary PGM ("P5"): a text header of width, height and the largest grey value, then one byte a pixel. */
function parsePgm(bytes: Uint8Array): Pixels {
  const header = new TextDecoder("latin1").decode(bytes.subarray(0, 64));
  const match = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(header);
  if (!match) throw new Error("pdftoppm did not answer a PGM image");
  const width = Number(match[1]);
  const height = Number(match[2]);
  return { data: bytes.subarray(match[0].length), width, height, channels: 1 };
}

const CODE_128 = new Map<DecodeHintType, unknown>([
  [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
  [DecodeHintType.TRY_HARDER, true],
]);

/** The text of the Code 128 barcode in the image, or null when none can be read. */
export function readCode128(pixels: Pixels): string | null {
  return readCode(new Code128Reader(), pixels, CODE_128);
}

import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  type Reader,
  RGBLuminanceSource,
} from "@zxing/library";

/**
 * Reading a QR code from pixels, with the maintained @zxing decoder: the Banco's camera uses it where
 * the browser has no BarcodeDetector, and the server's tests read the labels they print with it, so
 * what the tests prove about a label holds for the camera too.
 */

/** Pixels row by row, `channels` bytes each: 1 grey, 3 RGB, 4 RGBA (a canvas frame). */
export interface Pixels {
  data: ArrayLike<number>;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

/** One grey level per pixel (0 black … 255 white), weighing the colours as the eye does. */
function luminanceOf({ data, width, height, channels }: Pixels): Uint8ClampedArray {
  const luminance = new Uint8ClampedArray(width * height);
  for (let pixel = 0; pixel < luminance.length; pixel++) {
    const at = pixel * channels;
    luminance[pixel] =
      channels === 1
        ? (data[at] ?? 0)
        : ((data[at] ?? 0) * 299 + (data[at + 1] ?? 0) * 587 + (data[at + 2] ?? 0) * 114) / 1000;
  }
  return luminance;
}

/** The text of the code `reader` finds in the image (`hints` say what to look for), or null when none can be read. */
export function readCode(reader: Reader, pixels: Pixels, hints: Map<DecodeHintType, unknown>): string | null {
  const source = new RGBLuminanceSource(luminanceOf(pixels), pixels.width, pixels.height);
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
  } catch {
    // zxing throws when it finds no code; for a camera that only means "not in this frame".
    return null;
  }
}

const HINTS = new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]]]);

/** The text of the QR code in the image, or null when none can be read. */
export function readQrCode(pixels: Pixels): string | null {
  return readCode(new QRCodeReader(), pixels, HINTS);
}

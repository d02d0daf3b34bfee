import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from "@zxing/library";

/** A camera frame as a canvas gives it: RGBA bytes, row by row. */
export interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

interface DetectedBarcode {
  rawValue: string;
}

/** The browser's own QR reader (Chrome on Android, Safari 17+ behind a flag), where there is one. */
export interface BarcodeReader {
  detect(frame: Frame): Promise<DetectedBarcode[]>;
}

export function nativeBarcodeReader(): BarcodeReader | null {
  const Detector = (globalThis as { BarcodeDetector?: new (options: { formats: string[] }) => BarcodeReader })
    .BarcodeDetector;
  return Detector ? new Detector({ formats: ["qr_code"] }) : null;
}

const HINTS = new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]]]);

/** The maintained decoder of @zxing, for browsers without BarcodeDetector (Firefox, most desktops). */
function zxingRead(frame: Frame): string | null {
  const luminance = new Uint8ClampedArray(frame.width * frame.height);
  for (let pixel = 0; pixel < luminance.length; pixel++) {
    const at = pixel * 4;
    luminance[pixel] =
      ((frame.data[at] ?? 0) * 299 + (frame.data[at + 1] ?? 0) * 587 + (frame.data[at + 2] ?? 0) * 114) / 1000;
  }
  try {
    const source = new RGBLuminanceSource(luminance, frame.width, frame.height);
    return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source)), HINTS).getText();
  } catch {
    // No QR code in this frame: the next one may have it.
    return null;
  }
}

/** The text of the first QR code in the frame, or null. */
export async function decodeFrame(frame: Frame, reader: BarcodeReader | null = nativeBarcodeReader()) {
  if (reader) {
    const [found] = await reader.detect(frame);
    return found?.rawValue ?? null;
  }
  return zxingRead(frame);
}

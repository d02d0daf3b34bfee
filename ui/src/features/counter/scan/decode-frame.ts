import { readQrCode } from "../../../../../src/domain/qr-reading";

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

/** The text of the first QR code in the frame, or null. */
export async function decodeFrame(frame: Frame, reader: BarcodeReader | null = nativeBarcodeReader()) {
  if (reader) {
    const [found] = await reader.detect(frame);
    return found?.rawValue ?? null;
  }
  // The maintained decoder of @zxing, for browsers without BarcodeDetector (Firefox, most desktops). A
  // canvas's ImageData keeps its fields on the prototype, where a spread would not see them.
  return readQrCode({ data: frame.data, width: frame.width, height: frame.height, channels: 4 });
}

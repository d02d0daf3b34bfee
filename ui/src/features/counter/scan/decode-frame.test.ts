import { describe, expect, it } from "bun:test";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { LABEL_QR, unitLabelUrl } from "../../../../../src/domain/public-url";
import { decodeFrame } from "./decode-frame";

/** A QR code drawn as a unit label draws it, as a camera frame: a PNG decoded to RGBA like a canvas's. */
async function qrFrame(text: string) {
  const png = PNG.sync.read(await QRCode.toBuffer(text, { type: "png", ...LABEL_QR }));
  return { data: new Uint8ClampedArray(png.data), width: png.width, height: png.height };
}

describe("reading a QR code from a camera frame", () => {
  it("reads a unit label's address with the built-in decoder when the browser has no BarcodeDetector", async () => {
    const label = unitLabelUrl("https://prestiti.accademia.it", 7, "CANON 001/è");
    expect(await decodeFrame(await qrFrame(label), null)).toBe(label);
  });

  it("says null for a frame with no code in it", async () => {
    const blank = { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 };
    expect(await decodeFrame(blank, null)).toBeNull();
  });

  it("asks the browser's BarcodeDetector first, where there is one", async () => {
    const frame = await qrFrame("CANON_001");
    const seen: unknown[] = [];
    const reader = {
      detect: async (image: unknown) => {
        seen.push(image);
        return [{ rawValue: "CANON_001" }];
      },
    };
    expect(await decodeFrame(frame, reader)).toBe("CANON_001");
    expect(seen).toEqual([frame]);
  });
});

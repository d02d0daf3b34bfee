import { describe, expect, it } from "bun:test";
import { unitLabelUrl } from "../../../../../src/domain/public-url";
import { labelQrFrame } from "../../../../test/camera";
import { decodeFrame } from "./decode-frame";

describe("reading a QR code from a camera frame", () => {
  it("reads a unit label's address with the built-in decoder when the browser has no BarcodeDetector", async () => {
    const label = unitLabelUrl("https://prestiti.accademia.it", 7, "CANON 001/è");
    expect(await decodeFrame(await labelQrFrame(label), null)).toBe(label);
  });

  it("says null for a frame with no code in it", async () => {
    const blank = { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 };
    expect(await decodeFrame(blank, null)).toBeNull();
  });

  it("asks the browser's BarcodeDetector first, where there is one", async () => {
    const frame = await labelQrFrame("CANON_001");
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

import { afterEach } from "bun:test";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { LABEL_QR } from "../../src/domain/public-url";

/**
 * A QR code drawn as a unit label draws it, as a camera frame: a PNG decoded into the ImageData a canvas
 * gives (its fields are getters on the prototype, as in browsers).
 */
export async function labelQrFrame(text: string): Promise<ImageData> {
  const png = PNG.sync.read(await QRCode.toBuffer(text, { type: "png", ...LABEL_QR }));
  return new ImageData(new Uint8ClampedArray(png.data), png.width, png.height);
}

/**
 * A back camera that films `frame` (or refuses, like a denied permission): the page's video plays it
 * and its canvas reads it back. Says whether the page stopped the camera. Undone after each test of the
 * file that calls this at its top level.
 */
export function fakeCamera() {
  const saved = {
    mediaDevices: Object.getOwnPropertyDescriptor(navigator, "mediaDevices"),
    play: HTMLVideoElement.prototype.play,
    videoWidth: Object.getOwnPropertyDescriptor(HTMLVideoElement.prototype, "videoWidth"),
    videoHeight: Object.getOwnPropertyDescriptor(HTMLVideoElement.prototype, "videoHeight"),
    getContext: HTMLCanvasElement.prototype.getContext,
  };
  afterEach(() => {
    if (saved.mediaDevices) Object.defineProperty(navigator, "mediaDevices", saved.mediaDevices);
    else Reflect.deleteProperty(navigator, "mediaDevices");
    HTMLVideoElement.prototype.play = saved.play;
    for (const key of ["videoWidth", "videoHeight"] as const) {
      const descriptor = saved[key];
      if (descriptor) Object.defineProperty(HTMLVideoElement.prototype, key, descriptor);
      else Reflect.deleteProperty(HTMLVideoElement.prototype, key);
    }
    HTMLCanvasElement.prototype.getContext = saved.getContext;
  });

  return (frame: ImageData | "denied") => {
    const camera = { stopped: false };
    const stream = Object.assign(new MediaStream(), {
      getTracks: () => [{ stop: () => (camera.stopped = true) }],
    });
    Object.defineProperty(navigator, "mediaDevices", {
      configurable: true,
      value: {
        getUserMedia: async () => {
          if (frame === "denied") throw new DOMException("Permission denied", "NotAllowedError");
          return stream;
        },
      },
    });
    if (frame === "denied") return camera;
    HTMLVideoElement.prototype.play = async () => undefined;
    Object.defineProperty(HTMLVideoElement.prototype, "videoWidth", { configurable: true, get: () => frame.width });
    Object.defineProperty(HTMLVideoElement.prototype, "videoHeight", { configurable: true, get: () => frame.height });
    HTMLCanvasElement.prototype.getContext = (() => ({
      drawImage: () => undefined,
      getImageData: () => frame,
    })) as unknown as typeof HTMLCanvasElement.prototype.getContext;
    return camera;
  };
}

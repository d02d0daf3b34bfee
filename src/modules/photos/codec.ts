import jpeg from "jpeg-js";
import { PNG } from "pngjs";

/**
 * A photo as PrestaLab keeps it: decoded from the JPEG or PNG sent (the type read from its bytes, never
 * from its name or the header that came with it), turned upright as its camera said, shrunk to at most
 * MAX_PHOTO_SIDE pixels a side, and encoded anew as JPEG. Only pixels are carried over: EXIF (place,
 * camera, date) and every other tag of the file sent are gone.
 *
 * Pure JavaScript (jpeg-js, pngjs): sharp, the usual choice, does not load inside the compiled binary (its
 * native module and libvips stay outside it). The work runs on a worker thread (photo-jobs.ts).
 */

/** The largest file accepted: a 48-megapixel phone photo is about 12 MB. */
export const MAX_PHOTO_BYTES = 12 * 1024 * 1024;
/** Past this many pixels a photo is refused before it is decoded (4 bytes each while decoding). */
export const MAX_PHOTO_MEGAPIXELS = 50;
/** The long side of a kept photo: sharp on a screen, about 200–400 kB. */
export const MAX_PHOTO_SIDE = 1600;
const JPEG_QUALITY = 82;

export class PhotoRefused extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

export interface KeptPhoto {
  jpeg: Uint8Array;
  width: number;
  height: number;
}

type ImageType = "jpeg" | "png";

/** The image type by the file's first bytes (its "magic number"), or null. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, index) => bytes[index] === byte)) return "png";
  return null;
}

interface Rgba {
  data: Uint8Array;
  width: number;
  height: number;
}

function decode(bytes: Uint8Array, type: ImageType): Rgba {
  if (type === "jpeg") {
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_PHOTO_MEGAPIXELS,
      maxMemoryUsageInMB: MAX_PHOTO_MEGAPIXELS * 8,
    });
    return { data: image.data, width: image.width, height: image.height };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // IHDR comes first: its width and height are read before the pixels are inflated.
  if (view.getUint32(16) * view.getUint32(20) > MAX_PHOTO_MEGAPIXELS * 1_000_000) throw tooManyPixels();
  const image = PNG.sync.read(Buffer.from(bytes));
  return { data: image.data, width: image.width, height: image.height };
}

const tooManyPixels = () => new PhotoRefused(413, `Foto troppo grande: al massimo ${MAX_PHOTO_MEGAPIXELS} megapixel`);

/**
 * The EXIF orientation of a JPEG (1 = upright, 2–8 = mirrored and/or turned), read from its APP1
 * segment: phones save the sensor's pixels as they are and say there how to turn them.
 */
export function exifOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] as number;
    const length = view.getUint16(at + 2);
    if (marker === 0xda) break; // the pixels start: no EXIF before them
    const exif = at + 4;
    if (marker === 0xe1 && exif + 14 <= bytes.length && view.getUint32(exif) === 0x45786966) {
      const tiff = exif + 6;
      const little = view.getUint16(tiff) === 0x4949;
      const ifd = tiff + view.getUint32(tiff + 4, little);
      if (ifd + 2 > bytes.length) return 1;
      const entries = view.getUint16(ifd, little);
      for (let entry = 0; entry < entries; entry++) {
        const field = ifd + 2 + entry * 12;
        if (field + 12 > bytes.length) return 1;
        if (view.getUint16(field, little) === 0x0112) {
          const orientation = view.getUint16(field + 8, little);
          return orientation >= 1 && orientation <= 8 ? orientation : 1;
        }
      }
      return 1;
    }
    at += 2 + length;
  }
  return 1;
}

/** The image shrunk so that its long side is at most `side`, each new pixel the mean of those it covers. */
function shrink(image: Rgba, side: number): Rgba {
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  if (scale === 1) return image;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const data = new Uint8Array(width * height * 4);
  // One pixel's sums, reused: a new array per pixel made two million of them for a 1600-pixel photo.
  const sum = new Float64Array(4);
  for (let y = 0; y < height; y++) {
    const fromY = Math.floor((y * image.height) / height);
    const toY = Math.max(fromY + 1, Math.floor(((y + 1) * image.height) / height));
    for (let x = 0; x < width; x++) {
      const fromX = Math.floor((x * image.width) / width);
      const toX = Math.max(fromX + 1, Math.floor(((x + 1) * image.width) / width));
      sum.fill(0);
      for (let sy = fromY; sy < toY; sy++)
        for (let sx = fromX; sx < toX; sx++) {
          const at = (sy * image.width + sx) * 4;
          for (let channel = 0; channel < 4; channel++)
            sum[channel] = (sum[channel] as number) + (image.data[at + channel] as number);
        }
      const count = (toY - fromY) * (toX - fromX);
      const to = (y * width + x) * 4;
      for (let channel = 0; channel < 4; channel++) data[to + channel] = Math.round((sum[channel] as number) / count);
    }
  }
  return { data, width, height };
}

/** The image as its camera meant it to be seen (EXIF orientations 2–8 mirror and/or turn it). */
function upright(image: Rgba, orientation: number): Rgba {
  if (orientation === 1) return image;
  const turned = orientation >= 5;
  const width = turned ? image.height : image.width;
  const height = turned ? image.width : image.height;
  const data = new Uint8Array(image.data.length);
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const w = image.width - 1;
      const h = image.height - 1;
      // Where the stored pixel (x, y) goes in the upright picture.
      const [toX, toY] = (
        {
          2: [w - x, y],
          3: [w - x, h - y],
          4: [x, h - y],
          5: [y, x],
          6: [h - y, x],
          7: [h - y, w - x],
          8: [y, w - x],
        } as Record<number, [number, number]>
      )[orientation] ?? [x, y];
      data.set(image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4), (toY * width + toX) * 4);
    }
  return { data, width, height };
}

/** Transparent parts (a PNG's) on white, as a JPEG has no transparency. */
function onWhite(image: Rgba): Rgba {
  const data = image.data;
  for (let at = 0; at < data.length; at += 4) {
    const alpha = (data[at + 3] as number) / 255;
    if (alpha === 1) continue;
    for (let channel = 0; channel < 3; channel++)
      data[at + channel] = Math.round((data[at + channel] as number) * alpha + 255 * (1 - alpha));
    data[at + 3] = 255;
  }
  return image;
}

/** The photo to keep, or why it is refused (PhotoRefused: too large, not a JPEG or PNG, unreadable). */
export function keptPhoto(bytes: Uint8Array): KeptPhoto {
  if (bytes.length > MAX_PHOTO_BYTES)
    throw new PhotoRefused(413, `Foto troppo grande: al massimo ${MAX_PHOTO_BYTES / 1024 / 1024} MB`);
  const type = imageTypeOf(bytes);
  if (!type) throw new PhotoRefused(415, "Il file non è una foto JPEG o PNG");
  let image: Rgba;
  try {
    image = decode(bytes, type);
  } catch (error) {
    if (error instanceof PhotoRefused) throw error;
    if (/maxResolutionInMP|maxMemoryUsageInMB/.test(String(error))) throw tooManyPixels();
    throw new PhotoRefused(422, "La foto è danneggiata e non si può leggere");
  }
  const orientation = type === "jpeg" ? exifOrientation(bytes) : 1;
  const kept = onWhite(upright(shrink(image, MAX_PHOTO_SIDE), orientation));
  const encoded = jpeg.encode({ data: kept.data, width: kept.width, height: kept.height }, JPEG_QUALITY);
  return { jpeg: new Uint8Array(encoded.data), width: kept.width, height: kept.height };
}

import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from "@zxing/library";
import { decodePDFRawStream, PDFDocument, PDFName, type PDFNumber, PDFRawStream } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";

/** Test helpers that read a generated PDF back the way a viewer would: pages, text and images. */

export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text;
}

export interface PdfImage {
  width: number;
  height: number;
  /** One grey level per pixel (0 black … 255 white). */
  luminance: Uint8ClampedArray;
}

/** Every raster image embedded in the PDF, decoded to grey levels. */
export async function pdfImages(bytes: Uint8Array): Promise<PdfImage[]> {
  const doc = await PDFDocument.load(bytes);
  const images: PdfImage[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    const width = (object.dict.get(PDFName.of("Width")) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of("Height")) as PDFNumber).asNumber();
    const pixels = decodePDFRawStream(object).decode();
    const channels = pixels.length / (width * height);
    if (channels !== 1 && channels !== 3) continue;
    const luminance = new Uint8ClampedArray(width * height);
    for (let index = 0; index < width * height; index++) {
      const at = index * channels;
      luminance[index] =
        channels === 1
          ? (pixels[at] ?? 0)
          : ((pixels[at] ?? 0) * 299 + (pixels[at + 1] ?? 0) * 587 + (pixels[at + 2] ?? 0) * 114) / 1000;
    }
    images.push({ width, height, luminance });
  }
  return images;
}

/** What a QR decoder reads from a grey image. */
export function decodeQr(image: PdfImage): string {
  const reader = new QRCodeReader();
  const hints = new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]]]);
  const source = new RGBLuminanceSource(image.luminance, image.width, image.height);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
}

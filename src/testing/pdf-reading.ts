import { decodePDFRawStream, PDFDocument, PDFName, type PDFNumber, PDFRawStream } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { type Pixels, readQrCode } from "../domain/qr-reading";

/** Test helpers that read a generated PDF back the way a viewer would: pages, text and images. */

export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text;
}

/** Every raster image embedded in the PDF (grey or RGB). */
export async function pdfImages(bytes: Uint8Array): Promise<Pixels[]> {
  const doc = await PDFDocument.load(bytes);
  const images: Pixels[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    const width = (object.dict.get(PDFName.of("Width")) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of("Height")) as PDFNumber).asNumber();
    const data = decodePDFRawStream(object).decode();
    const channels = data.length / (width * height);
    if (channels === 1 || channels === 3) images.push({ data, width, height, channels });
  }
  return images;
}

/** What the Banco's decoder reads from an image of the PDF (it throws when there is no code). */
export function decodeQr(image: Pixels): string {
  const text = readQrCode(image);
  if (text === null) throw new Error("Nessun codice QR leggibile nell'immagine");
  return text;
}

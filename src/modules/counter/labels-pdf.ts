// The generic build: the bar pattern alone, without the image encoders the node build adds.
import bwipjs from "bwip-js/generic";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { DEFAULT_LABEL_FORMAT, LABEL_FORMATS, type LabelFormat } from "../../domain/label-formats";
import { LABEL_QR } from "../../domain/public-url";
import { A4, MM, printable, wrap } from "./pdf";

export interface LabelUnit {
  code: string;
  itemName: string;
  /** What the QR code encodes: the item page with the unit selected. */
  url: string;
}

/** Where a format's labels sit: a grid on a page, and how far the content keeps inside each label. */
interface LabelGeometry {
  page: { width: number; height: number };
  columns: number;
  rows: number;
  label: { width: number; height: number };
  inset: number;
}

/**
 * The A4 sheets have no margins between labels: 3 × 8 of 70 × 37 mm (e.g. Avery 3475, Herma 4453) and
 * 4 × 10 of 52.5 × 29.7 mm (e.g. Avery 3651). The inset keeps the content whole when a sheet shifts a
 * little as it is fed. A roll label is a page of its own, as label printers' drivers expect: 62 × 29 mm
 * (the 62 mm tape, or its die-cut DK-11209 labels) and 90 × 29 mm (the 29 mm tape, laid landscape).
 */
const GEOMETRY: Record<LabelFormat, LabelGeometry> = {
  "a4-3x8": sheet(3, 8, 3 * MM),
  "a4-4x10": sheet(4, 10, 2 * MM),
  "62mm": roll(62, 29),
  "29mm": roll(90, 29),
};

function sheet(columns: number, rows: number, inset: number): LabelGeometry {
  return { page: A4, columns, rows, label: { width: A4.width / columns, height: A4.height / rows }, inset };
}

function roll(widthMm: number, heightMm: number): LabelGeometry {
  const page = { width: widthMm * MM, height: heightMm * MM };
  return { page, columns: 1, rows: 1, label: page, inset: 2 * MM };
}

/** A label's QR code as a PNG (see LABEL_QR). */
function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: "png", ...LABEL_QR });
}

/** Code 128 needs this much blank space, in bar widths, on each side for a scanner to find where it starts. */
const QUIET_ZONE_MODULES = 10;

/**
 * The Code 128 bars of `code` as alternating bar and space widths (in modules, a bar first), or null for
 * a code Code 128 cannot carry (characters outside printable ASCII): the QR code and the printed code
 * still name the unit.
 */
function code128Bars(code: string): number[] | null {
  if (!/^[\x20-\x7e]+$/.test(code)) return null;
  const [symbol] = bwipjs.raw("code128", code, "") as Array<{ sbs?: number[] }>;
  return symbol?.sbs ?? null;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bars drawn as rectangles, so they print sharp at any printer's resolution, quiet zones inside `box`. */
function drawBarcode(page: PDFPage, bars: number[], box: Box) {
  const modules = bars.reduce((sum, width) => sum + width, 0) + 2 * QUIET_ZONE_MODULES;
  const moduleWidth = box.width / modules;
  let x = box.x + QUIET_ZONE_MODULES * moduleWidth;
  bars.forEach((width, index) => {
    if (index % 2 === 0)
      page.drawRectangle({ x, y: box.y, width: width * moduleWidth, height: box.height, color: rgb(0, 0, 0) });
    x += width * moduleWidth;
  });
}

/** The size at which `text` fills `width` on one line, at most `max`: a code is never cut. */
function oneLineSize(font: PDFFont, text: string, width: number, max: number): number {
  return Math.min(max, width / font.widthOfTextAtSize(text, 1));
}

interface Fonts {
  bold: PDFFont;
  regular: PDFFont;
}

/** The item's name in the lines that fit in `box`, from its top. */
function drawName(page: PDFPage, font: PDFFont, name: string, box: Box, size: number) {
  const lineHeight = size * 1.15;
  const lines = wrap(font, size, name, box.width).slice(0, Math.max(1, Math.floor(box.height / lineHeight)));
  lines.forEach((line, index) => {
    const y = box.y + box.height - (index + 1) * lineHeight;
    page.drawText(line, { x: box.x, y, size, font, color: rgb(0.2, 0.2, 0.2) });
  });
}

/**
 * One label inside `box`: the QR code with the code and the name beside it on top, the Code 128 bars
 * across the whole width below, where they are widest and no scan line across them meets the QR code
 * (a decoder that starts on the QR code's squares gives up on that line).
 */
async function drawLabel(doc: PDFDocument, page: PDFPage, fonts: Fonts, unit: LabelUnit, box: Box) {
  const qr = await doc.embedPng(await qrPng(unit.url));
  const code = printable(fonts.bold, unit.code);
  const bars = code128Bars(unit.code);
  const gap = 1.5 * MM;
  const qrSize = bars ? box.height * 0.55 : box.height;
  const top = box.y + box.height;
  page.drawImage(qr, { x: box.x, y: top - qrSize, width: qrSize, height: qrSize });
  const beside = { x: box.x + qrSize + gap, width: box.width - qrSize - gap };
  const codeSize = oneLineSize(fonts.bold, code, beside.width, 16);
  page.drawText(code, { x: beside.x, y: top - codeSize, size: codeSize, font: fonts.bold });
  const nameTop = top - codeSize * 1.25;
  const nameBox = { ...beside, y: top - qrSize, height: nameTop - (top - qrSize) };
  drawName(page, fonts.regular, unit.itemName, nameBox, Math.min(8, codeSize));
  if (bars) drawBarcode(page, bars, { x: box.x, y: box.y, width: box.width, height: box.height - qrSize - gap });
}

/**
 * The labels of `units` in `format`, one after the other; on a sheet the first goes to position `start`
 * (1 = top left, counting along each row), so a sheet with labels already used can be fed again.
 */
export async function labelsPdf(units: LabelUnit[], title: string, format = DEFAULT_LABEL_FORMAT, start = 1) {
  const geometry = GEOMETRY[format];
  const perPage = LABEL_FORMATS[format].perSheet;
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator("PrestaLab");
  const fonts = {
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    regular: await doc.embedFont(StandardFonts.Helvetica),
  };
  let page: PDFPage | undefined;
  for (const [index, unit] of units.entries()) {
    const slot = (start - 1 + index) % perPage;
    if (!page || slot === 0) page = doc.addPage([geometry.page.width, geometry.page.height]);
    const column = slot % geometry.columns;
    const row = Math.floor(slot / geometry.columns);
    const { label, inset } = geometry;
    await drawLabel(doc, page, fonts, unit, {
      x: column * label.width + inset,
      y: geometry.page.height - (row + 1) * label.height + inset,
      width: label.width - 2 * inset,
      height: label.height - 2 * inset,
    });
  }
  return doc.save();
}

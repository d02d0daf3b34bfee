import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";

export const MM = 72 / 25.4;
export const A4 = { width: 210 * MM, height: 297 * MM };

/** Standard PDF fonts only know WinAnsi: other characters print as "?" instead of failing the file. */
export function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize("NFC")]
    .map((char) => (known.has(char.codePointAt(0) ?? 0) ? char : char === "→" ? "-" : "?"))
    .join("");
}

/** Widths are measured at this size, in the font's own units: whole numbers, so their sums are exact. */
const FONT_UNITS = 1000;

/**
 * Splits `text` into lines no wider than `width`, cutting words only when one alone is too long. Each
 * character is measured once, by how much it widens the text before it (its width and the kerning of the
 * pair), and a line's width is the sum of those: the work grows with the text's length. Measuring every
 * candidate line anew took 15 s of the server's thread for one 3,000-character word.
 */
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const fits = (units: number) => units * (size / FONT_UNITS) <= width;
  const measured = new Map<string, number>();
  /** How much `char` widens a text ending with `previous` (none: `char` starts the text). */
  const advance = (previous: string | undefined, char: string) => {
    const pair = `${previous ?? ""}${char}`;
    let units = measured.get(pair);
    if (units === undefined) {
      units = font.widthOfTextAtSize(pair, FONT_UNITS) - (previous ? font.widthOfTextAtSize(previous, FONT_UNITS) : 0);
      measured.set(pair, units);
    }
    return units;
  };
  const lines: string[] = [];
  // Split first: the standard fonts have no line break, which printable() would turn into "?".
  for (const paragraph of text.split(/\r?\n/).map((part) => printable(font, part))) {
    let line = "";
    let lineUnits = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      // widthBefore[i]: the width of the word's first i characters.
      const widthBefore = [0];
      for (let i = 0; i < word.length; i++)
        widthBefore.push((widthBefore[i] as number) + advance(word[i - 1], word[i] as string));
      /** The width of word.slice(from, to): its first character then starts a text. */
      const sliceUnits = (from: number, to: number) =>
        (widthBefore[to] as number) -
        (widthBefore[from] as number) -
        (from > 0 ? advance(word[from - 1], word[from] as string) - advance(undefined, word[from] as string) : 0);
      const first = word[0] as string;
      const joinedUnits = line
        ? lineUnits +
          advance(line.at(-1), " ") +
          advance(" ", first) -
          advance(undefined, first) +
          sliceUnits(0, word.length)
        : sliceUnits(0, word.length);
      if (fits(joinedUnits)) {
        line = line ? `${line} ${word}` : word;
        lineUnits = joinedUnits;
        continue;
      }
      if (line) lines.push(line);
      // The word alone, cut into the longest pieces that fit (at least one character each).
      let start = 0;
      while (!fits(sliceUnits(start, word.length)) && word.length - start > 1) {
        let end = start + 1;
        while (end + 1 < word.length && fits(sliceUnits(start, end + 1))) end++;
        lines.push(word.slice(start, end));
        start = end;
      }
      line = word.slice(start);
      lineUnits = sliceUnits(start, word.length);
    }
    lines.push(line);
  }
  return lines;
}

export interface ReceiptContent {
  appName: string;
  title: string;
  /** Label/value pairs in reading order: loan, borrower, dates, hand-over. */
  facts: Array<[string, string]>;
  units: Array<{ code: string; condition?: string }>;
  itemName: string;
  checklist: string[];
  terms: string;
  signatures: [string, string];
  /** The borrower's signature: drawn on the desk's pad (a PNG, base64) or confirmed with their password. */
  signed?: { pngBase64: string | null; caption: string };
  footer: string;
}

/** A loan receipt on A4: what was lent to whom and when, the terms, and room for two signatures. */
export async function receiptPdf(content: ReceiptContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(content.title);
  doc.setCreator(content.appName);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const margin = 20 * MM;
  const width = A4.width - 2 * margin;
  let page = doc.addPage([A4.width, A4.height]);
  let y = A4.height - margin;
  const ensureRoom = (needed: number) => {
    if (y - needed >= margin) return;
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - margin;
  };
  const line = (text: string, font: PDFFont, size: number, x = margin, maxWidth = width) => {
    for (const part of wrap(font, size, text, maxWidth)) {
      ensureRoom(size * 1.4);
      y -= size * 1.4;
      page.drawText(part, { x, y, size, font });
    }
  };
  const gap = (points: number) => {
    y -= points;
  };

  line(content.appName, regular, 10);
  line(content.title, bold, 18);
  gap(8);
  const labelWidth = 45 * MM;
  for (const [label, value] of content.facts) {
    ensureRoom(14);
    const top = y;
    line(label, bold, 10);
    const afterLabel = y;
    y = top;
    line(value, regular, 10, margin + labelWidth, width - labelWidth);
    y = Math.min(y, afterLabel);
  }
  gap(10);
  line(`Articolo: ${content.itemName}`, bold, 12);
  line(`Unità (${content.units.length})`, bold, 10);
  for (const unit of content.units) line(`•  ${unit.code}${unit.condition ? ` — ${unit.condition}` : ""}`, regular, 10);
  if (content.checklist.length) {
    gap(4);
    line("Accessori da verificare", bold, 10);
    for (const accessory of content.checklist) line(`[  ]  ${accessory}`, regular, 10);
  }
  gap(10);
  line("Condizioni del prestito", bold, 11);
  line(content.terms, regular, 9);
  gap(24);
  ensureRoom(content.signed ? 72 : 60);
  const signatureWidth = (width - 20 * MM) / 2;
  const signed = content.signed;
  if (signed?.pngBase64) {
    const image = await doc.embedPng(Buffer.from(signed.pngBase64, "base64"));
    const box = image.scaleToFit(signatureWidth, 40);
    page.drawImage(image, { x: margin, y: y - 28, width: box.width, height: box.height });
  }
  content.signatures.forEach((label, index) => {
    const x = margin + index * (signatureWidth + 20 * MM);
    if (index === 0 && signed)
      page.drawText(printable(regular, signed.caption), { x, y: y - 54, size: 8, font: regular });
    page.drawLine({ start: { x, y: y - 30 }, end: { x: x + signatureWidth, y: y - 30 }, thickness: 0.7 });
    page.drawText(printable(regular, label), { x, y: y - 42, size: 9, font: regular });
  });
  y -= signed ? 72 : 60;
  line(content.footer, regular, 8);
  return doc.save();
}

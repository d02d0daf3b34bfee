import { describe, expect, it } from "bun:test";
import fc from "fast-check";
import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import { wrap } from "./pdf";

const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);

/** The font, counting how many texts are measured through it. */
function countingFont() {
  const counted = { measured: 0, characters: 0 };
  const proxy = new Proxy(font, {
    get(target, key) {
      if (key !== "widthOfTextAtSize") return Reflect.get(target, key);
      return (text: string, size: number) => {
        counted.measured++;
        counted.characters += text.length;
        return target.widthOfTextAtSize(text, size);
      };
    },
  });
  return { font: proxy as PDFFont, counted };
}

/**
 * What the lines must be, written the obvious way (each candidate measured whole): words join while the
 * line fits; a word too wide alone is cut into the longest pieces that fit, its last piece starting the
 * next line.
 */
function obviousLines(text: string, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (fits(line ? `${line} ${word}` : word)) {
        line = line ? `${line} ${word}` : word;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (!fits(line) && line.length > 1) {
        let cut = 1;
        while (cut + 1 < line.length && fits(line.slice(0, cut + 1))) cut++;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

describe("wrapping text into lines", () => {
  it("measures each character a bounded number of times, however long the word", () => {
    for (const length of [1_000, 3_000, 30_000]) {
      const { font: counting, counted } = countingFont();
      const word = "AVWaTo.,".repeat(length / 8);
      const lines = wrap(counting, 9, `Condizioni: ${word} fine`, 400);
      expect(lines.join(" ").replaceAll(" ", "")).toBe(`Condizioni:${word}fine`);
      // At most two texts of at most two characters per distinct pair, whatever the length.
      expect(counted.characters).toBeLessThanOrEqual(4 * 64 + 40);
    }
  });

  it("cuts the same lines as measuring every candidate line whole", () => {
    const character = fc.constantFrom(..."aiW.M lA\n—ò?Vo");
    fc.assert(
      fc.property(
        fc.array(character, { maxLength: 300 }).map((chars) => chars.join("")),
        fc.integer({ min: 5, max: 120 }),
        fc.constantFrom(8, 9, 10, 16),
        (text, width, size) => {
          expect(wrap(font, size, text, width)).toEqual(obviousLines(text, size, width));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("gives every line a width within the limit, unless it is a single character", () => {
    const lines = wrap(font, 10, `${"W".repeat(500)} corto ${"i".repeat(2_000)}`, 120);
    for (const line of lines) expect(line.length === 1 || font.widthOfTextAtSize(line, 10) <= 120).toBe(true);
    expect(lines.length).toBeGreaterThan(10);
  });

  it("starts a new line at each line break of the text", () => {
    expect(wrap(font, 10, "Primo paragrafo.\r\nSecondo.\n\nTerzo.", 400)).toEqual([
      "Primo paragrafo.",
      "Secondo.",
      "",
      "Terzo.",
    ]);
  });
});

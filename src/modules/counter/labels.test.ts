import { describe, expect, it } from "bun:test";
import { PDFDocument } from "pdf-lib";
import { LABEL_FORMAT_NAMES, LABEL_FORMATS, type LabelFormat } from "../../domain/label-formats";
import { readQrCode } from "../../domain/qr-reading";
import { createTestClient, createTestContext, downloadFile, type Json, signInAdmin } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { createKitOk } from "../../testing/kit-fixtures";
import { type Area, rasterPage, readCode128 } from "../../testing/pdf-raster";
import { pdfPagesText } from "../../testing/pdf-reading";

/** The code that used to wrap mid-word on the 3 × 8 sheet, and a short one. */
const LONG_CODE = "ZOOMH5REGISTRATO_RE_001";
const SHORT_CODE = "RE-2";

async function labelDesk() {
  const client = createTestClient({ ...createTestContext(), publicUrl: "https://prestiti.accademia.it" });
  const admin = (await signInAdmin(client)).token;
  const item = await createItem(client, admin, {
    nome: "Registratore Zoom H5 con capsula XY",
    unita: [LONG_CODE, SHORT_CODE],
  });
  // The answer lists units by code: ordered here as created, the long code first.
  const units = [LONG_CODE, SHORT_CODE].map((code) => {
    const unit = (item.unita as Json[]).find((created) => created.codice_univoco === code);
    if (!unit) throw new Error(`no unit ${code}`);
    return unit;
  });
  const download = (query: string) => downloadFile(client, `/api/etichette?${query}`, admin);
  return { client, admin, item, units, download };
}

/** A kit of the recorder, whose label follows the units'. */
function interviewKit(client: ReturnType<typeof createTestClient>, admin: string, itemId: number) {
  return createKitOk(client, admin, {
    nome: "Kit intervista audio",
    corsi_assegnati: ["Fotografia"],
    righe: [{ inventario_id: itemId, quantita: 1 }],
    accessori: [],
  });
}

/** Where label `slot` (from 0) of each format lies on its page, in millimetres. */
const SLOT: Record<LabelFormat, (slot: number) => Area> = {
  "a4-3x8": (slot) => ({ x: (slot % 3) * 70, y: Math.floor(slot / 3) * (297 / 8), width: 70, height: 297 / 8 }),
  "a4-4x10": (slot) => ({ x: (slot % 4) * 52.5, y: Math.floor(slot / 4) * 29.7, width: 52.5, height: 29.7 }),
  "62mm": () => ({ x: 0, y: 0, width: 62, height: 29 }),
  "29mm": () => ({ x: 0, y: 0, width: 90, height: 29 }),
};

/** Sheets go through an office laser printer at 600 dpi, roll tape through a label printer's 300 dpi head. */
const DPI: Record<LabelFormat, number> = { "a4-3x8": 600, "a4-4x10": 600, "62mm": 300, "29mm": 300 };
const PRINT_DPI = DPI["a4-4x10"];

describe("labels for real printers", () => {
  for (const format of LABEL_FORMAT_NAMES) {
    it(`${format}: the printed label reads back as the unit's code by QR and by Code 128, the code whole on one line`, async () => {
      const { item, units, download } = await labelDesk();
      const answer = await download(`unita=${units.map((unit) => unit.id).join(",")}&formato=${format}`);
      expect(answer.status).toBe(200);
      const roll = LABEL_FORMATS[format].perSheet === 1;
      for (const [index, code] of [LONG_CODE, SHORT_CODE].entries()) {
        const image = await rasterPage(answer.bytes, roll ? index + 1 : 1, DPI[format], SLOT[format](roll ? 0 : index));
        expect(readCode128(image)).toBe(code);
        expect(readQrCode(image)).toBe(`https://prestiti.accademia.it/inventario/${item.id}?unita=${code}`);
      }
      const pages = await pdfPagesText(answer.bytes);
      expect(pages).toHaveLength(roll ? 2 : 1);
      expect(pages.join("\n").split(/\s+/)).toContain(LONG_CODE);
    });
  }

  for (const format of LABEL_FORMAT_NAMES) {
    it(`${format}: a kit's label, after a unit's, reads back as the kit's code and the kit's page, with its name`, async () => {
      const { client, admin, item, units, download } = await labelDesk();
      const kit = await interviewKit(client, admin, item.id);
      const answer = await download(`unita=${units[0]?.id}&kit=${kit.id}&formato=${format}`);
      expect(answer.status).toBe(200);
      const roll = LABEL_FORMATS[format].perSheet === 1;
      const image = await rasterPage(answer.bytes, roll ? 2 : 1, DPI[format], SLOT[format](roll ? 0 : 1));
      expect(readCode128(image)).toBe(`KIT-${kit.id}`);
      expect(readQrCode(image)).toBe(`https://prestiti.accademia.it/kit/${kit.id}`);
      const pages = await pdfPagesText(answer.bytes);
      expect(pages.at(-1)).toContain("Kit intervista audio");
    });
  }

  it("prints kits alone, and refuses a call naming nothing or a deleted kit, in Italian", async () => {
    const { client, admin, item, download } = await labelDesk();
    const kit = await interviewKit(client, admin, item.id);
    const alone = await download(`kit=${kit.id}&formato=62mm`);
    expect(alone.status).toBe(200);
    expect(await pdfPagesText(alone.bytes)).toHaveLength(1);
    expect((await client.get("/api/etichette?formato=62mm", admin)).body).toEqual({
      error: "Indica le unità o i kit di cui stampare le etichette",
    });
    expect((await client.get("/api/etichette?kit=uno", admin)).body).toEqual({ error: "Kit non validi" });
    await client.delete(`/api/kit/${kit.id}`, admin);
    const gone = await client.get(`/api/etichette?kit=${kit.id}`, admin);
    expect([gone.status, gone.body]).toEqual([404, { error: "Kit non trovato" }]);
  });

  it("prints one label a page on the roll, each page the label's size", async () => {
    const { units, download } = await labelDesk();
    const ids = units.map((unit) => unit.id).join(",");
    const sizes = async (format: LabelFormat) =>
      (await PDFDocument.load((await download(`unita=${ids}&formato=${format}`)).bytes))
        .getPages()
        .map((page) => page.getSize())
        .map(({ width, height }) => [Math.round((width * 25.4) / 72), Math.round((height * 25.4) / 72)]);
    expect(await sizes("62mm")).toEqual([
      [62, 29],
      [62, 29],
    ]);
    expect(await sizes("29mm")).toEqual([
      [90, 29],
      [90, 29],
    ]);
  });

  it("starts a half-used sheet at the first free position, and goes on to a new sheet from its top", async () => {
    const { units, download } = await labelDesk();
    const [long, short] = units;
    const answer = await download(`unita=${long?.id},${short?.id}&formato=a4-4x10&inizio=40`);
    expect(answer.status).toBe(200);
    const firstSheet = await rasterPage(answer.bytes, 1, PRINT_DPI, SLOT["a4-4x10"](39));
    expect(readCode128(firstSheet)).toBe(LONG_CODE);
    expect(readCode128(await rasterPage(answer.bytes, 1, PRINT_DPI, SLOT["a4-4x10"](0)))).toBeNull();
    expect(readCode128(await rasterPage(answer.bytes, 2, PRINT_DPI, SLOT["a4-4x10"](0)))).toBe(SHORT_CODE);
    const middle = await download(`unita=${short?.id}&inizio=5`);
    expect(readCode128(await rasterPage(middle.bytes, 1, PRINT_DPI, SLOT["a4-3x8"](4)))).toBe(SHORT_CODE);
  });

  it("refuses an unknown format or a start position the format does not have, in Italian", async () => {
    const { client, admin, units } = await labelDesk();
    const id = units[0]?.id;
    const error = async (query: string) => {
      const answer = await client.get(`/api/etichette?unita=${id}&${query}`, admin);
      return { status: answer.status, error: (answer.body as Json).error };
    };
    expect(await error("formato=a5")).toEqual({
      status: 400,
      error: "Formato di etichetta non valido: a4-3x8, a4-4x10, 62mm, 29mm",
    });
    const position = "Posizione di partenza non valida: indica la prima etichetta libera del foglio";
    expect(await error("inizio=0")).toEqual({ status: 400, error: position });
    expect(await error("inizio=due")).toEqual({ status: 400, error: position });
    expect(await error("formato=a4-3x8&inizio=25")).toEqual({ status: 400, error: `${position} (da 1 a 24)` });
    expect(await error("formato=62mm&inizio=2")).toEqual({
      status: 400,
      error: "Sul rotolo le etichette partono sempre dalla prima: togli la posizione di partenza",
    });
  });
});

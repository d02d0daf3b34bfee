/**
 * The Banco's camera end to end (issue 16): Chromium's fake camera films a unit label's QR code (drawn
 * with the labels' own QR settings), the page decodes it with the same reader as the label tests and
 * looks the unit up. Chromium on Linux has no BarcodeDetector, so this is the @zxing path.
 */
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import QRCode from "qrcode";
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from "../playwright.config";
import { LABEL_QR, unitLabelUrl } from "../src/domain/public-url";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";
import { openSignedIn } from "./support/ui";

const WIDTH = 640;
const HEIGHT = 480;
/** Pixels per QR module: a label held close to a phone's camera. */
const MODULE_PIXELS = 8;

/**
 * A one-frame Y4M video (Chromium loops it) of a white page with the QR code of `text` in the middle:
 * the grey plane carries the code, the colour planes stay neutral.
 */
function labelVideo(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: LABEL_QR.errorCorrectionLevel });
  const side = (modules.size + 2 * LABEL_QR.margin) * MODULE_PIXELS;
  const left = (WIDTH - side) / 2;
  const top = (HEIGHT - side) / 2;
  const grey = Buffer.alloc(WIDTH * HEIGHT, 255);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / MODULE_PIXELS) - LABEL_QR.margin;
      const column = Math.floor(x / MODULE_PIXELS) - LABEL_QR.margin;
      const inCode = row >= 0 && column >= 0 && row < modules.size && column < modules.size;
      if (inCode && modules.get(row, column)) grey[(top + y) * WIDTH + left + x] = 0;
    }
  const colour = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const header = `YUV4MPEG2 W${WIDTH} H${HEIGHT} F1:1 Ip A1:1 C420jpeg\nFRAME\n`;
  return Buffer.concat([Buffer.from(header), grey, colour]);
}

const LABEL = unitLabelUrl("https://prestiti.accademia.it", 1, "A7-001");
const VIDEO = join(tmpdir(), `prestalab-label-camera-${process.pid}.y4m`);
writeFileSync(VIDEO, labelVideo(LABEL));
test.afterAll(() => rmSync(VIDEO, { force: true }));

test.use({
  launchOptions: {
    executablePath: CHROMIUM_EXECUTABLE,
    args: [
      ...CHROMIUM_ARGS,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${VIDEO}`,
    ],
  },
});

test("the camera reads a unit label and the Banco finds the unit", async ({ page, server }) => {
  const admin = await server.login();
  const created = await server.call("POST", "/api/inventario", {
    token: admin,
    body: { nome: "Sony Alpha 7 IV", unita: ["A7-001", "A7-002"], corsi_assegnati: ["Fotografia"] },
  });
  expect(created.status).toBe(200);
  await openSignedIn(page, server, server.admin, "/banco");
  await page.getByRole("button", { name: "Fotocamera" }).click();
  const card = page.getByRole("article", { name: /A7-001/ });
  await expect(card.getByText("Libera: si può prestare")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel("Inquadra il codice QR dell'etichetta")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Fotocamera" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("article")).toHaveCount(1);
  await saveScreenshots(page, "counter-camera");
});

/**
 * Photos: the desk adds one on the item's page and the student sees it on the catalogue; the student
 * attaches one to a fault report and the desk sees it on the report. The item, the student and the loan
 * the report needs are seeded through the API.
 */
import type { Locator } from "@playwright/test";
import { PNG } from "pngjs";
import { expect, test } from "./support/fixtures";
import { openSecondBrowser, openSignedIn, openStudentView, toast } from "./support/ui";

const itemName = "Proiettore Epson";

/** A small PNG drawn in code: a diagonal split of two colours, `width` × `height` pixels. */
function drawnPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const light = x * height > y * width;
      png.data[at] = light ? r : 255 - r;
      png.data[at + 1] = light ? g : 255 - g;
      png.data[at + 2] = light ? b : 255 - b;
      png.data[at + 3] = 255;
    }
  return PNG.sync.write(png);
}

/** The picture has arrived and is drawn: its pixels are the server's re-encoded photo, `width` wide. */
async function expectShownPicture(picture: Locator, width: number) {
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(width);
}

test("the desk's photo reaches the student's catalogue, and the student's fault report carries one to the desk", async ({
  page,
  browser,
  server,
}) => {
  const { item, student, loan } = await server.itemLentToday(itemName, {
    name: "Sara",
    surname: "Galli",
  });
  expect(loan.status).toBe(200);

  // The desk adds the item's photo on its page.
  await openSignedIn(page, server, server.admin, `/inventario/${item.id}`);
  const gallery = page.getByRole("region", { name: /Foto/ });
  await expect(gallery.getByText("Nessuna foto: aggiungine una qui sotto.")).toBeVisible();
  await gallery
    .getByLabel(/Aggiungi una foto/)
    .setInputFiles({ name: "proiettore.png", mimeType: "image/png", buffer: drawnPng(96, 64, [30, 90, 200]) });
  await expect(toast(page, "Foto aggiunta")).toBeVisible();
  await expectShownPicture(gallery.getByRole("img", { name: "Foto 1 dell'articolo" }), 96);

  // The student sees it on the catalogue.
  const studentPage = await openSecondBrowser(browser, server);
  await openSignedIn(studentPage, server, student);
  await openStudentView(studentPage, "Articoli Disponibili");
  await expectShownPicture(studentPage.getByRole("img", { name: `Foto di ${itemName}` }), 96);

  // The student reports a fault on the projector she holds, with a photo of it.
  await openStudentView(studentPage, "Segnala Guasto");
  await studentPage.getByRole("button", { name: "Nuova Segnalazione" }).click();
  const wizard = studentPage.getByRole("dialog", { name: "Nuova Segnalazione" });
  await wizard.getByRole("radio", { name: new RegExp(itemName) }).check();
  await wizard.getByRole("button", { name: "Avanti" }).click();
  await wizard.getByRole("button", { name: "Avanti" }).click();
  await wizard.getByLabel("Descrizione del problema").fill("La lampada sfarfalla");
  await wizard
    .getByLabel(/Foto del problema/)
    .setInputFiles({ name: "guasto.png", mimeType: "image/png", buffer: drawnPng(80, 60, [200, 40, 40]) });
  await wizard.getByRole("button", { name: "Invia Segnalazione" }).click();
  await expect(toast(studentPage, "Segnalazione inviata: il banco prestiti la prenderà in carico")).toBeVisible();
  await studentPage.context().close();

  // The desk sees the photo on the report.
  await page.goto("/riparazioni?tab=segnalazioni");
  const report = page.getByRole("article", { name: /Segnalazione #/ });
  await expect(report.getByText("La lampada sfarfalla")).toBeVisible();
  await expectShownPicture(
    report.getByRole("list", { name: "Foto del guasto" }).getByRole("img", { name: "Foto 1 della segnalazione" }),
    80,
  );
});

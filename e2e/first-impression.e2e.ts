/**
 * First impression (issue 18): the longest texts the forms allow never make a page wider than a phone,
 * the page paints a placeholder before its scripts arrive, and a dropped network is announced.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";
import { openSignedIn, openStudentView } from "./support/ui";

const PHONE = { width: 390, height: 844 };

/** One unbroken word of exactly `length` characters: the worst case for a layout. */
function unbroken(word: string, length: number): string {
  return word.repeat(Math.ceil(length / word.length)).slice(0, length);
}

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test("the longest allowed texts stay inside a 390 px page, and a long description folds", async ({ page, server }) => {
  const token = await server.login();
  const nome = unbroken("ObiettivoGrandangolare", 200);
  const created = await server.call("POST", "/api/inventario", {
    token,
    body: {
      nome,
      posizione: unbroken("ScaffaleArmadioB", 200),
      fornitore: unbroken("Fornitore", 200),
      note: `${unbroken("Descrizione", 300)} ${"Un obiettivo luminoso per ritratti e reportage. ".repeat(80)}`.slice(
        0,
        4000,
      ),
      tipo_prestito: "solo_esterno",
      corsi_assegnati: ["Fotografia"],
      unita: [{ codice_univoco: unbroken("CODICE", 100), note: unbroken("NotaUnita", 1000) }],
    },
  });
  expect(created.status).toBe(200);
  const student = await server.registerStudent({ name: unbroken("Giulia", 100), corso_accademico: "Fotografia" });

  await openSignedIn(page, server, server.admin, "/inventario");
  await page.setViewportSize(PHONE);
  await expect(page.getByText(nome).first()).toBeVisible();
  await expect(page.getByText(unbroken("CODICE", 100)).first()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await saveScreenshots(page, "long-text-inventory");

  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, server, student);
  await openStudentView(page, "Articoli Disponibili");
  await page.setViewportSize(PHONE);
  const card = page.getByRole("article").filter({ hasText: nome }).first();
  await expect(card).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  const fold = card.getByRole("button", { name: "Mostra tutto" });
  await expect(fold).toHaveAttribute("aria-expanded", "false");
  await fold.click();
  await expect(card.getByRole("button", { name: "Mostra meno" })).toHaveAttribute("aria-expanded", "true");
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await saveScreenshots(page, "long-text-catalogue");
});

test("paints a placeholder before the scripts arrive", async ({ page }) => {
  // Scripts that never come: what a person sees on a very slow network before they do.
  await page.route("**/assets/*.js", () => {});
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("status")).toHaveText(/PrestaLab\s*Caricamento in corso/);
  await saveScreenshots(page, "placeholder");
});

test("says when the network is gone, and that the data shown may be old", async ({ page, server, context }) => {
  await openSignedIn(page, server, server.admin, "/inventario");
  const banner = page.getByText("Connessione assente: i dati mostrati potrebbero non essere aggiornati.");
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await saveScreenshots(page, "offline");
  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

/**
 * The desk's compact tables on the demo academy at 1280×800: with "Righe compatte" at least 15 rows of
 * Prestiti and of Inventario fit on the screen under the top bar, and the browser remembers the choice on
 * the next visit.
 */
import type { Locator } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { openSignedIn } from "./support/ui";

test.use({ serverScope: "file", serverOptions: { args: ["--demo"] } });

/**
 * How many of the table's rows a 1280×800 screen holds below the app's top bar and the table's header, at
 * the rows' average height: measured, so the demo's short first page does not cap the answer.
 */
async function rowsOnScreen(table: Locator): Promise<number> {
  return table.evaluate((element) => {
    const rows = [...element.querySelectorAll("tbody tr")].map((row) => row.getBoundingClientRect().height);
    const average = rows.reduce((sum, height) => sum + height, 0) / rows.length;
    const topBar = document.querySelector("header")?.getBoundingClientRect().height ?? 0;
    const head = element.querySelector("thead")?.getBoundingClientRect().height ?? 0;
    return Math.floor((window.innerHeight - topBar - head) / average);
  });
}

test("compact rows show at least 15 rows of Prestiti and Inventario at 1280×800, remembered", async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, server, server.admin, "/prestiti");
  await expect(page.getByRole("article").first()).toBeVisible();
  await page.getByText("Tabella", { exact: true }).click();
  const loans = page.getByRole("table", { name: /^Prestiti attivi/ });
  await expect(loans).toBeVisible();
  const roomy = await rowsOnScreen(loans);
  await page.getByRole("button", { name: "Righe compatte" }).click();
  await expect(loans).toHaveAttribute("data-densita", "compatta");
  const compact = await rowsOnScreen(loans);
  console.log(`Prestiti a 1280×800: ${roomy} righe comode, ${compact} compatte`);
  expect(compact).toBeGreaterThanOrEqual(15);

  await page.goto("/inventario");
  await expect(page.getByRole("article").first()).toBeVisible();
  await page.getByText("Tabella", { exact: true }).click();
  const items = page.getByRole("table", { name: /^Inventario/ });
  await expect(items).toHaveAttribute("data-densita", "compatta");
  await expect(page.getByRole("button", { name: "Righe compatte" })).toHaveAttribute("aria-pressed", "true");
  const itemRows = await rowsOnScreen(items);
  console.log(`Inventario a 1280×800: ${itemRows} righe compatte`);
  expect(itemRows).toBeGreaterThanOrEqual(15);
});

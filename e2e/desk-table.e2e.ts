/**
 * The desk's table view (issue 18): on a wide screen the loans read as a table whose columns the server
 * sorts across pages, and the inventory as a table sorted like its cards; a phone keeps the cards. On the
 * demo academy, checked with axe in both schemes.
 */
import type { Locator } from "@playwright/test";
import { auditScreen } from "./support/accessibility";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";
import { openAdminSection, openSignedIn } from "./support/ui";

test.describe.configure({ timeout: 180_000 });
test.use({ serverOptions: { args: ["--demo"] } });

/** The item names in the table's rows, top to bottom, in lower case as the server compares them. */
async function itemColumn(table: Locator): Promise<string[]> {
  const names = await table.locator("tbody tr td:first-child p:first-child").allTextContents();
  return names.map((name) => name.toLowerCase());
}

/**
 * Waits until the rows `read` gives are more than one and in `order`: the header says the new order at
 * once, the rows follow when the server's page arrives.
 */
async function expectRowsInOrder(read: () => Promise<string[]>, order: (a: string, b: string) => number) {
  await expect
    .poll(async () => {
      const names = await read();
      return (
        names.length > 1 && names.every((name, index) => index === 0 || order(names[index - 1] as string, name) <= 0)
      );
    })
    .toBe(true);
}

test("the desk sorts the loans in a table on a wide screen, and a phone keeps the cards", async ({ page, server }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, server, server.admin);
  await openAdminSection(page, "Prestiti");
  await expect(page.getByRole("article").first()).toBeVisible();

  await page.getByText("Tabella", { exact: true }).click();
  const table = page.getByRole("table", { name: /^Prestiti attivi/ });
  await expect(table).toBeVisible();
  await table.getByRole("button", { name: "Articolo" }).click();
  await expect(table.getByRole("columnheader", { name: /^Articolo/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/vista=tabella&ordina=oggetto&verso=asc/);
  await expectRowsInOrder(
    () => itemColumn(table),
    (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  );
  const ascending = await itemColumn(table);
  await saveScreenshots(page, "desk-loans-table");

  await table.getByRole("button", { name: "Articolo" }).click();
  await expect(table.getByRole("columnheader", { name: /^Articolo/ })).toHaveAttribute("aria-sort", "descending");
  await expect.poll(() => itemColumn(table)).toEqual([...ascending].reverse());

  // A reload keeps the view and the order.
  await page.reload();
  await expect(page.getByRole("table", { name: /^Prestiti attivi/ })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: /^Articolo/ })).toHaveAttribute("aria-sort", "descending");

  await page.getByRole("tab", { name: /Completati/ }).click();
  const returned = page.getByRole("table", { name: /^Prestiti completati/ });
  await returned.getByRole("button", { name: "Restituito" }).click();
  await expect(returned.getByRole("columnheader", { name: /^Restituito/ })).toHaveAttribute("aria-sort", "ascending");
  await auditScreen(page, "admin-loans-table");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(page.getByRole("article").first()).toBeVisible();
});

test("the desk reads the inventory as a table, sorted by a column, and ticks items for labels", async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, server, server.admin);
  await openAdminSection(page, "Inventario");
  await expect(page.getByRole("article").first()).toBeVisible();
  await page.getByText("Tabella", { exact: true }).click();
  const table = page.getByRole("table", { name: /^Inventario/ });
  await expect(table).toBeVisible();
  await table.getByRole("button", { name: "Nome" }).click();
  await expect(table.getByRole("columnheader", { name: /^Nome/ })).toHaveAttribute("aria-sort", "descending");
  await expectRowsInOrder(
    async () => (await table.locator("tbody tr td:nth-child(2)").allTextContents()).map((name) => name.toLowerCase()),
    (a, b) => b.localeCompare(a, "it", { numeric: true }),
  );
  await table.getByRole("checkbox").first().check();
  await expect(page.getByText("1 articolo selezionato")).toBeVisible();
  await saveScreenshots(page, "desk-inventory-table");
  await auditScreen(page, "admin-inventory-table");
});

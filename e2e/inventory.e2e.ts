/**
 * Inventory (issue 3): the five-step item wizard, search, editing, the spreadsheet round trip, the QR
 * label, the categories, and a long import. The tests build on each other's item, on one server.
 */
import { readFileSync } from "node:fs";
import * as XLSX from "xlsx";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";
import { dialog, openAdminSection, openSignedIn, toast } from "./support/ui";

test.describe.configure({ mode: "serial" });
test.use({ serverScope: "file" });

const itemName = "Nikon Z6 II";
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

test.beforeEach(async ({ page, server }) => {
  await openSignedIn(page, server, server.admin);
  await openAdminSection(page, "Inventario");
});

test("an administrator creates an item with three units through the five-step wizard", async ({ page }) => {
  await expect(page.getByText("Nessun articolo nell'inventario")).toBeVisible();
  await saveScreenshots(page, "inventory-empty");

  await page.getByRole("button", { name: "Nuovo Articolo" }).click();
  const wizard = dialog(page, "Nuovo Articolo");
  const next = wizard.getByRole("button", { name: "Avanti" });

  await expect(wizard.getByRole("heading", { name: "Informazioni Base" })).toBeVisible();
  // A step moves on only once it is valid: the name is missing.
  await expect(next).toBeDisabled();
  await wizard.getByLabel("Nome", { exact: true }).fill(itemName);
  await wizard.getByLabel("Quantità").fill("3");
  await wizard.getByLabel("Posizione (scaffale) (opzionale)").fill("Armadio B, ripiano 1");
  await wizard.getByLabel("Numero di serie (opzionale)").fill("NZ6-2026-77");
  await saveScreenshots(page, "inventory-wizard-1-basics");
  await next.click();

  await expect(wizard.getByRole("heading", { name: "Descrizione e Immagine" })).toBeVisible();
  await wizard.getByLabel("Descrizione e note (opzionale)").fill("Corpo macchina con due batterie e caricatore.");
  await saveScreenshots(page, "inventory-wizard-2-description");
  await next.click();

  await expect(wizard.getByRole("heading", { name: "Tipo di Utilizzo" })).toBeVisible();
  await expect(wizard.getByRole("radio", { name: /Prestito \/ Esterno/ })).toBeChecked();
  await wizard.getByText("Lezione / Prestito").click();
  await expect(wizard.getByRole("radio", { name: /Lezione \/ Prestito/ })).toBeChecked();
  await saveScreenshots(page, "inventory-wizard-3-usage");
  await next.click();

  await expect(wizard.getByRole("heading", { name: "Corsi e Categoria" })).toBeVisible();
  await expect(next).toBeDisabled();
  await wizard.getByRole("checkbox", { name: "Fotografia" }).check();
  await wizard.getByRole("checkbox", { name: "Cinema e Audiovisivi" }).check();
  await expect(wizard.getByText("Categoria madre: Fotografia")).toBeVisible();
  await saveScreenshots(page, "inventory-wizard-4-courses");
  await next.click();

  await expect(wizard.getByRole("heading", { name: "Codici Univoci" })).toBeVisible();
  await expect(wizard.getByLabel("Codice unità 1")).toHaveValue("NIKONZ6II_001");
  await expect(wizard.getByLabel("Codice unità 2")).toHaveValue("NIKONZ6II_002");
  await expect(wizard.getByLabel("Codice unità 3")).toHaveValue("NIKONZ6II_003");
  await wizard.getByLabel("Note unità 3").fill("Graffio sul display");
  await saveScreenshots(page, "inventory-wizard-5-codes");
  await wizard.getByRole("button", { name: "Crea Elemento" }).click();

  await expect(toast(page, `"${itemName}" aggiunto all'inventario`)).toBeVisible();
  await expect(wizard).toBeHidden();
  const card = page.getByRole("article", { name: itemName });
  await expect(card).toContainText("Armadio B, ripiano 1");
  await expect(card).toContainText("Lezione / Prestito");
  await card.getByRole("button", { name: "Mostra unità (3)" }).click();
  for (const code of ["NIKONZ6II_001", "NIKONZ6II_002", "NIKONZ6II_003"]) await expect(card).toContainText(code);
  await saveScreenshots(page, "inventory-list");
});

test("the item is found by search and edited", async ({ page, server }) => {
  const search = page.getByLabel("Cerca nell'inventario");
  await search.fill("nessuna corrispondenza");
  await expect(page.getByText("Nessun articolo trovato")).toBeVisible();
  await search.fill("z6");
  await expect(page.getByRole("status").filter({ hasText: "1 risultato trovato" })).toBeVisible();
  // The serial number is searched too.
  await search.fill("NZ6-2026");
  await expect(page.getByRole("article", { name: itemName })).toBeVisible();
  await saveScreenshots(page, "inventory-search");

  await page.getByRole("button", { name: `Modifica ${itemName}` }).click();
  const wizard = dialog(page, "Modifica Articolo");
  await expect(wizard.getByLabel("Nome", { exact: true })).toHaveValue(itemName);
  await wizard.getByLabel("Posizione (scaffale) (opzionale)").fill("Armadio C, ripiano 3");
  for (const step of ["Descrizione e Immagine", "Tipo di Utilizzo", "Corsi e Categoria", "Codici Univoci"]) {
    await wizard.getByRole("button", { name: "Avanti" }).click();
    await expect(wizard.getByRole("heading", { name: step })).toBeVisible();
  }
  await expect(wizard.getByLabel("Codice unità 3")).toHaveValue("NIKONZ6II_003");
  await saveScreenshots(page, "inventory-edit");
  await wizard.getByRole("button", { name: "Aggiorna Elemento" }).click();
  await expect(toast(page, `"${itemName}" aggiornato`)).toBeVisible();
  await expect(page.getByRole("article", { name: itemName })).toContainText("Armadio C, ripiano 3");

  const saved = await server.call("GET", "/api/inventario", { token: await server.login() });
  expect(saved.body).toEqual([expect.objectContaining({ nome: itemName, posizione: "Armadio C, ripiano 3" })]);
  expect(saved.body[0].unita).toHaveLength(3);
});

test("the inventory exported to Excel imports back without changing anything", async ({ page, server }, testInfo) => {
  const token = await server.login();
  const before = await server.call("GET", "/api/inventario", { token });

  await page.getByRole("button", { name: "Altre Operazioni" }).click();
  await expect(page.getByRole("menu", { name: "Altre Operazioni" })).toBeVisible();
  await saveScreenshots(page, "inventory-more-operations");
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Esporta" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  // An .xlsx file is a zip archive.
  expect(readFileSync(file).subarray(0, 2).toString("latin1")).toBe("PK");

  await page.getByRole("button", { name: "Altre Operazioni" }).click();
  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("menuitem", { name: "Importa" }).click();
  await (await choosing).setFiles(file);
  // First what the import would do: the exported item, unchanged.
  const preview = page.getByRole("region", { name: "Righe dell'anteprima" });
  await expect(preview.getByRole("row").nth(1)).toContainText("Invariato");
  await saveScreenshots(page, "inventory-import-preview");
  await page.getByRole("button", { name: "Conferma import" }).click();
  await expect(page.getByText("Import completato: 1/1 elementi processati")).toBeVisible();
  await expect(page.getByText("0 creati, 0 aggiornati, 1 invariati.")).toBeVisible();
  await saveScreenshots(page, "inventory-import-done");

  const after = await server.call("GET", "/api/inventario", { token });
  expect(after.body).toEqual(before.body);
});

test("the QR label downloads as a PNG named after the item", async ({ page }, testInfo) => {
  await page.getByRole("button", { name: `Codice QR di ${itemName}` }).click();
  const qr = dialog(page, "Codice QR");
  await expect(qr.getByRole("img", { name: `Codice QR di ${itemName}` })).toBeVisible();
  await expect(qr.getByText(/^http:\/\/127\.0\.0\.1:\d+\/inventario\/\d+$/)).toBeVisible();
  await saveScreenshots(page, "inventory-qr");
  const downloading = page.waitForEvent("download");
  await qr.getByRole("link", { name: "Scarica PNG" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`QR-${itemName}.png`);
  const file = testInfo.outputPath("qr.png");
  await download.saveAs(file);
  expect(readFileSync(file).subarray(1, 4).toString("latin1")).toBe("PNG");
});

test("categories are added and renamed in their dialog", async ({ page, server }) => {
  await page.getByRole("button", { name: "Gestisci Categorie" }).click();
  const categories = dialog(page, "Gestione Categorie");
  await expect(categories.getByText("Nessuna categoria")).toBeVisible();
  const add = categories.getByRole("button", { name: "Aggiungi" });
  await expect(add).toBeDisabled();
  await categories.getByLabel("Nuova categoria").fill("Fotocamere");
  await add.click();
  await expect(toast(page, 'Categoria "Fotocamere" creata')).toBeVisible();
  const list = categories.getByRole("list", { name: "Categorie" });
  await expect(list).toContainText("Fotocamere");
  await saveScreenshots(page, "inventory-categories");

  // Escape leaves the rename (and only the rename); Enter saves it.
  await categories.getByRole("button", { name: "Rinomina Fotocamere" }).click();
  const rename = categories.getByLabel("Nuovo nome per Fotocamere");
  await rename.fill("Altro nome");
  await rename.press("Escape");
  await expect(categories).toBeVisible();
  await expect(list).toContainText("Fotocamere");
  await categories.getByRole("button", { name: "Rinomina Fotocamere" }).click();
  await rename.fill("Fotocamere mirrorless");
  await saveScreenshots(page, "inventory-category-rename");
  await rename.press("Enter");
  await expect(list.getByText("Fotocamere mirrorless")).toBeVisible();

  const saved = await server.call("GET", "/api/categorie-semplici", { token: await server.login() });
  expect(saved.body).toEqual([expect.objectContaining({ nome: "Fotocamere mirrorless" })]);
  await categories.getByRole("button", { name: "Chiudi finestra" }).click();
  // The list gains a category filter once a category exists.
  await expect(page.getByLabel("Filtra per categoria")).toBeVisible();
});

/** An .xlsx of `rows` item rows; every 100th names a course that does not exist. */
function largeSpreadsheet(rows: number) {
  const sheet = [["Nome", "Corsi Assegnati", "Quantità Totale"]];
  for (let i = 1; i <= rows; i++) sheet.push([`Cavo XLR ${i}`, i % 100 === 0 ? "Scultura" : "Fotografia", "1"]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), "Inventario");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

// Last: it leaves thousands of items behind.
test("a 5,000-row spreadsheet imports in the background, with a progress bar, then lists every refused row", async ({
  page,
}) => {
  // It waits up to a minute for the preview and another for the import: the default 30 s cut it short
  // on a loaded machine (33 s) before either wait could run out.
  test.slow();
  await page.getByRole("button", { name: "Altre Operazioni" }).click();
  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("menuitem", { name: "Importa" }).click();
  await (await choosing).setFiles({ name: "cavi.xlsx", mimeType: XLSX_TYPE, buffer: largeSpreadsheet(5000) });
  await expect(page.getByText("4950 da creare, 0 da aggiornare, 0 invariati, 50 rifiutati su 5000 righe.")).toBeVisible(
    {
      timeout: 60_000,
    },
  );
  await page.getByRole("button", { name: "Conferma import" }).click();
  await expect(page.getByRole("progressbar", { name: "Importazione di cavi.xlsx in corso..." })).toBeVisible();
  await saveScreenshots(page, "inventory-import-progress");

  await expect(page.getByText("Import completato: 4950/5000 elementi processati")).toBeVisible({ timeout: 60_000 });
  const refused = page.getByRole("list", { name: "Errori di importazione" });
  await expect(refused.getByRole("listitem")).toHaveCount(50);
  await expect(refused.getByRole("listitem").first()).toHaveText('Riga 101: corso "Scultura" sconosciuto');
  // The list scrolls inside the message instead of stretching the page.
  const box = await refused.boundingBox();
  expect(box?.height).toBeLessThan(200);
  await saveScreenshots(page, "inventory-import-errors");
});

import { readFileSync } from "node:fs";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";

test("the desk adds an item with three units, finds and edits it, round-trips the spreadsheet and prints its QR", async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const token = await server.login();
  await page.goto("/");
  await page.getByLabel("Email o nome utente").fill(server.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(server.admin.password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  await page.getByRole("link", { name: "Inventario" }).first().click();

  // The five-step wizard.
  await page.getByRole("button", { name: "Nuovo Elemento" }).click();
  const wizard = page.getByRole("dialog");
  await wizard.getByLabel("Nome").fill("Registratore Zoom H6");
  await wizard.getByLabel("Quantità").fill("3");
  await saveScreenshots(page, "inventory-wizard-step1");
  await wizard.getByRole("button", { name: "Avanti" }).click(); // Descrizione e Immagine
  await wizard.getByRole("button", { name: "Avanti" }).click(); // Tipo di Utilizzo
  await wizard.getByRole("button", { name: "Avanti" }).click(); // Corsi e Categoria
  await wizard.getByLabel("Cinema e Audiovisivi").check();
  await wizard.getByRole("button", { name: "Avanti" }).click(); // Codici Univoci
  await expect(wizard.getByLabel("Codice unità 3")).toHaveValue("REGISTRATOREZOOMH6_003");
  await saveScreenshots(page, "inventory-wizard-codes");
  await wizard.getByRole("button", { name: "Crea Elemento" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Found by search, then edited.
  await page.getByLabel(/Cerca/).fill("Zoom");
  const card = page.getByRole("article", { name: "Registratore Zoom H6" });
  await expect(card).toBeVisible();
  await saveScreenshots(page, "inventory-list");
  await card.getByRole("button", { name: "Modifica Registratore Zoom H6" }).click();
  const edit = page.getByRole("dialog");
  await edit.getByLabel("Posizione (scaffale)").fill("Armadio audio A1");
  for (let step = 0; step < 4; step++) await edit.getByRole("button", { name: "Avanti" }).click();
  await edit.getByRole("button", { name: "Aggiorna Elemento" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(card.getByText("Armadio audio A1")).toBeVisible();

  // Export, then import the same file: nothing changes.
  const before = (await server.call("GET", "/api/inventario", { token })).body;
  await page.getByRole("button", { name: "Altre Operazioni" }).click();
  const exported = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Esporta" }).click();
  const download = await exported;
  const file = await download.path();
  await page.getByLabel("File Excel da importare").setInputFiles({
    name: "inventario.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: readFileSync(file),
  });
  await expect(page.getByText(/Import completato: 1\/1 elementi processati/)).toBeVisible();
  expect((await server.call("GET", "/api/inventario", { token })).body).toEqual(before);

  // The QR label downloads as QR-<name>.png.
  await card.getByRole("button", { name: "Codice QR di Registratore Zoom H6" }).click();
  const qrDownload = page.waitForEvent("download");
  await page.getByRole("dialog").getByText("Scarica PNG").click();
  expect((await qrDownload).suggestedFilename()).toBe("QR-Registratore Zoom H6.png");
  await saveScreenshots(page, "inventory-qr");
});

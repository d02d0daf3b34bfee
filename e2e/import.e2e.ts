/**
 * An academy brings in the spreadsheet it already keeps: its own headings (Italian and English), one row
 * per unit with its serial, a course written in lower case and a column PrestaLab does not know. The
 * preview maps the columns and says what it leaves out; the import makes one item with its four units; the
 * export gives the serials back.
 */
import { readFileSync } from "node:fs";
import * as XLSX from "xlsx";
import { auditScreenOnce } from "./support/accessibility";
import { expect, test } from "./support/fixtures";
import { openAdminSection, openSignedIn } from "./support/ui";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const itemName = "Registratore Zoom H5";
const serials = ["ZH5-0001", "ZH5-0002", "ZH5-0003", "ZH5-0004"];

/** The academy's own sheet: one row per unit of the same recorder. */
function academySheet(): Buffer {
  const rows: unknown[][] = [["Nome articolo", "Brand", "Modello", "Serial number", "Corso", "Stato di conservazione"]];
  for (const serial of serials) rows.push([itemName, "Zoom", "H5", serial, "fotografia", "buono"]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Attrezzatura");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

test("an academy's own sheet, one row per unit, imports as one item with its serials and exports them back", async ({
  page,
  server,
}, testInfo) => {
  await openSignedIn(page, server, server.admin);
  await openAdminSection(page, "Inventario");

  await page.getByRole("button", { name: "Altre Operazioni" }).click();
  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("menuitem", { name: "Importa" }).click();
  await (await choosing).setFiles({ name: "attrezzatura.xlsx", mimeType: XLSX_TYPE, buffer: academySheet() });

  // The preview maps each heading to its field, and lists the one it does not know as not imported.
  const columns = page.getByRole("region", { name: "Colonne del file" });
  await expect(columns.getByLabel("Campo per la colonna Nome articolo")).toHaveValue("nome");
  await expect(columns.getByLabel("Campo per la colonna Brand")).toHaveValue("marca");
  await expect(columns.getByLabel("Campo per la colonna Modello")).toHaveValue("modello");
  await expect(columns.getByLabel("Campo per la colonna Serial number")).toHaveValue("numero_serie");
  await expect(columns.getByLabel("Campo per la colonna Corso")).toHaveValue("corsi_assegnati");
  await expect(columns.getByLabel("Campo per la colonna Stato di conservazione")).toHaveValue("");
  await expect(page.getByText("Non importate: Stato di conservazione. Scegli un campo per importarle.")).toBeVisible();
  // The four rows make one item: the first creates it, the others add their unit to it.
  await expect(page.getByText("1 da creare, 3 da aggiornare, 0 invariati, 0 rifiutati su 4 righe.")).toBeVisible();
  const rows = page.getByRole("region", { name: "Righe dell'anteprima" });
  await expect(rows.getByRole("row").nth(1)).toContainText("Corsi Assegnati: «fotografia» → Fotografia");
  await expect(rows.getByRole("row").nth(4)).toContainText(`Nome: «${itemName}» → articolo della riga 2`);
  await auditScreenOnce(page, "import-mapping-preview");

  await page.getByRole("button", { name: "Conferma import" }).click();
  await expect(page.getByText("Import completato: 4/4 elementi processati")).toBeVisible();
  const card = page.getByRole("article", { name: itemName });
  await card.getByRole("button", { name: "Mostra unità (4)" }).click();
  for (const sequence of [1, 2, 3, 4]) await expect(card).toContainText(`REGISTRATOREZOOMH5_00${sequence}`);

  const token = await server.login();
  // The desk's pages carry each unit's own identity (the spec's plain list keeps its fields).
  const saved = await server.call("GET", "/api/inventario?pagina=1&per_pagina=10", { token });
  expect(saved.body.elementi).toEqual([
    expect.objectContaining({ nome: itemName, marca: "Zoom", modello: "H5", corsi_assegnati: ["Fotografia"] }),
  ]);
  expect(saved.body.elementi[0].unita.map((unit: { numero_serie: string }) => unit.numero_serie)).toEqual(serials);

  await page.getByRole("button", { name: "Altre Operazioni" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Esporta" }).click();
  const file = testInfo.outputPath("inventario.xlsx");
  await (await downloading).saveAs(file);
  const exported = XLSX.read(readFileSync(file), { type: "buffer" });
  const units = XLSX.utils.sheet_to_json<Record<string, unknown>>(exported.Sheets.Unità as XLSX.WorkSheet);
  expect(units.map((unit) => [unit.Articolo, unit["Numero di serie"]])).toEqual(
    serials.map((serial) => [itemName, serial]),
  );
});

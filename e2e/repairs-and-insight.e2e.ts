import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/");
  await page.getByLabel("Email o nome utente").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect(page.getByRole("button", { name: "Esci" }).first()).toBeVisible();
}

test("a student reports a fault, the desk repairs the unit and it is available again", async ({ page, server }) => {
  test.setTimeout(120_000);
  const { admin, item, student, loan } = await server.itemLentToday("Proiettore Epson", {
    name: "Sara",
    surname: "Galli",
  });
  const _unitId = item.unita[0].id;
  expect(loan.status).toBe(200);

  // The student reports the fault on the unit she holds.
  await signIn(page, student.email, student.password);
  await page.getByRole("link", { name: "Segnala Guasto" }).first().click();
  await page.getByRole("button", { name: "Nuova Segnalazione" }).click();
  const wizard = page.getByRole("dialog");
  await wizard.getByRole("radio", { name: /Proiettore Epson/ }).check();
  await wizard.getByRole("button", { name: "Avanti" }).click();
  await wizard.getByRole("button", { name: "Avanti" }).click();
  await wizard.getByLabel("Descrizione del problema").fill("La lampada si spegne dopo pochi minuti");
  await saveScreenshots(page, "repairs-student-report");
  await wizard.getByRole("button", { name: "Invia Segnalazione" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("La lampada si spegne dopo pochi minuti")).toBeVisible();

  // The desk takes the projector back, opens a repair from the report and completes it.
  expect((await server.call("PUT", `/api/prestiti/${loan.body.loanId}/restituisci`, { token: admin })).status).toBe(
    200,
  );
  await page.getByRole("button", { name: "Esci" }).first().click();
  await signIn(page, server.admin.email, server.admin.password);
  await page.goto("/riparazioni?tab=segnalazioni");
  const report = page.getByRole("article", { name: /Segnalazione #/ });
  await expect(report.getByText("La lampada si spegne dopo pochi minuti")).toBeVisible();
  await saveScreenshots(page, "repairs-reports-tab");
  await report.getByRole("button", { name: "Crea riparazione" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Crea riparazione" }).click();
  await expect
    .poll(async () => (await server.call("GET", `/api/inventario/${item.id}/units`, { token: admin })).body[0].stato)
    .toBe("in_riparazione");
  await page.keyboard.press("Escape");
  await page.goto("/riparazioni");
  await page.getByRole("button", { name: `Completa riparazione ${item.unita[0].codice_univoco}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Completa", exact: true }).click();
  await expect
    .poll(async () => (await server.call("GET", `/api/inventario/${item.id}/units`, { token: admin })).body[0].stato)
    .toBe("disponibile");
  await saveScreenshots(page, "repairs-completed");
});

test("the desk reads statistics and the system status, and downloads a backup", async ({ page, server }) => {
  test.setTimeout(90_000);
  await signIn(page, server.admin.email, server.admin.password);
  await page.getByRole("link", { name: "Statistiche" }).first().click();
  await expect(page.getByRole("tab", { name: "Base" })).toBeVisible();
  await saveScreenshots(page, "insight-stats-basic");
  await page.getByRole("tab", { name: "Avanzate" }).click();
  await expect(page.getByText("Nessun dato disponibile").first()).toBeVisible();
  await saveScreenshots(page, "insight-stats-advanced");

  await page.goto("/sistema");
  await expect(page.getByText("Sistema Online")).toBeVisible();
  await page.getByRole("button", { name: "Metriche Dettagliate" }).click();
  await page.getByRole("button", { name: "Stato API Endpoints" }).click();
  await saveScreenshots(page, "insight-system");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Backup del database" }).click();
  const file = await (await download).path();
  expect(readFileSync(file).subarray(0, 15).toString()).toBe("SQLite format 3");
});

/**
 * Insight (issue 7) on the demo academy: the statistics (both tabs, every period), the measured system
 * page with its collapsible sections, the database backup, and the student's reduced system view.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";
import { openAdminSection, openSignedIn, openSystemFromFooter } from "./support/ui";

test.describe.configure({ mode: "serial" });
test.use({ serverScope: "file", serverOptions: { args: ["--demo"] } });

test("the statistics show the basic tiles and the trends and rankings of each period", async ({ page, server }) => {
  const stats = (await server.call("GET", "/api/stats", { token: await server.login() })).body;
  await openSignedIn(page, server, server.admin);
  await openAdminSection(page, "Statistiche");

  await expect(page.getByRole("tab", { name: "Base" })).toHaveAttribute("aria-selected", "true");
  const tiles = page.getByRole("tabpanel");
  for (const [label, value] of [
    ["Articoli totali", stats.totale_articoli],
    ["Utenti registrati", stats.utenti_registrati],
    ["Richieste totali", stats.richieste_totali],
    ["Prestiti attivi", stats.prestiti_attivi],
  ] as const) {
    await expect(tiles.getByText(label, { exact: true })).toBeVisible();
    await expect(tiles).toContainText(String(value));
  }
  await saveScreenshots(page, "insight-stats-basic");

  await page.getByRole("tab", { name: "Avanzate" }).click();
  const period = page.getByLabel("Periodo");
  await expect(period).toHaveValue("30");
  await expect(period.getByRole("option")).toHaveText(["Ultimi 30 giorni", "Ultimi 90 giorni", "Ultimo anno"]);
  for (const list of ["Utenti più attivi", "Articoli più richiesti", "Corsi più attivi", "Categorie più richieste"])
    await expect(page.getByRole("list", { name: list })).toBeVisible();
  await expect(page.getByText(/Ultimi 30 giorni: \d+ richieste/)).toBeVisible();
  await saveScreenshots(page, "insight-stats-advanced-30");

  for (const [value, label] of [
    ["90", "Ultimi 90 giorni"],
    ["365", "Ultimo anno"],
  ] as const) {
    const trend = await server.call("GET", `/api/stats/monthly-requests?period=${value}`, {
      token: await server.login(),
    });
    const total = (trend.body as { count: number }[]).reduce((sum, bucket) => sum + bucket.count, 0);
    await period.selectOption(value);
    await expect(page.getByText(`${label}: ${total} richieste`)).toBeVisible();
    await expect(page.getByRole("list", { name: "Utenti più attivi" }).getByRole("listitem")).toHaveCount(5);
  }
  await saveScreenshots(page, "insight-stats-advanced-365");
});

test("the system page shows measured figures, opens its sections and downloads a backup", async ({
  page,
  server,
}, testInfo) => {
  await openSignedIn(page, server, server.admin);
  await openSystemFromFooter(page);
  await expect(page).toHaveURL(/\/sistema$/);
  await expect(page.getByText("Sistema Online")).toBeVisible();
  await expect(page.getByRole("region", { name: "Stato generale" })).toContainText(
    /Tutto Operativo|Attenzione|Problemi Rilevati/,
  );
  const services = page.getByRole("list", { name: "Servizi" });
  // database, api, auth, storage and notifications, in Italian.
  for (const service of ["Database", "API", "Autenticazione", "Archiviazione", "Notifiche"])
    await expect(services).toContainText(service);
  await saveScreenshots(page, "insight-system");

  const refresh = page.getByRole("button", { name: "Aggiorna", exact: true });
  await refresh.click();
  await expect(page.getByRole("button", { name: "Aggiornamento..." })).toBeDisabled();
  await expect(refresh).toBeEnabled();

  for (const section of ["Metriche Dettagliate", "Stato API Endpoints"]) {
    const toggle = page.getByRole("button", { name: new RegExp(section) });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
  await expect(page.getByText("Disco", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Endpoint API" })).toContainText("/api/");
  await saveScreenshots(page, "insight-system-sections");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Backup del database" }).click();
  const download = await downloading;
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 15).toString("latin1")).toBe("SQLite format 3");
  await expect(page.getByRole("status").filter({ hasText: "Backup scaricato" })).toBeVisible();
});

test("a student's system view says whether the service works, without figures or backups", async ({ page, server }) => {
  if (!server.demo) throw new Error("the demo accounts were not read");
  await openSignedIn(page, server, server.demo.student);
  await openSystemFromFooter(page);
  await expect(page.getByText("Sistema Online")).toBeVisible();
  await expect(page.getByRole("list", { name: "Servizi" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Metriche Dettagliate/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Stato API Endpoints/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Backup del database" })).toHaveCount(0);
  await expect(page.getByText("Richieste totali")).toHaveCount(0);
  await saveScreenshots(page, "insight-student-system");
});

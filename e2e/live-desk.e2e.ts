/**
 * The live desk (issue 17): a student's request appears on the desk's open dashboard within two seconds,
 * pushed by GET /api/eventi — no reload, no wait for the 300-second poll. Then the desk closes the
 * academy for a day on Impostazioni, and the student's booking calendar greys that day out.
 */
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";
import { calendarDay, openSecondBrowser, openSignedIn } from "./support/ui";

// Monday 9 March 2026: the closure below is on Thursday 12.
test.use({ serverOptions: { env: { PRESTALAB_NOW: "2026-03-09T09:00:00+01:00" } } });

test("a student's request appears on the open dashboard within 2 s, without a reload", async ({ page, server }) => {
  const adminToken = await server.login();
  const created = await server.call("POST", "/api/inventario", {
    token: adminToken,
    body: { nome: "Sony A7 IV", quantita_totale: 1, corsi_assegnati: ["Fotografia"], tipo_prestito: "solo_esterno" },
  });
  expect(created.status).toBe(200);
  const student = await server.registerStudent({ name: "Elena", surname: "Marchi" });

  const streamOpen = page.waitForResponse((response) => response.url().endsWith("/api/eventi"));
  await openSignedIn(page, server, server.admin);
  await expect(page.getByRole("heading", { name: "Dashboard Amministratore" })).toBeVisible();
  expect((await streamOpen).status()).toBe(200);
  const pendingRow = page.getByRole("button", { name: "Gestisci la richiesta di Elena Marchi: Sony A7 IV" });
  await expect(pendingRow).toHaveCount(0);
  let reloaded = false;
  page.on("load", () => {
    reloaded = true;
  });

  const today = (await server.call("GET", "/api/health")).body.today as string;
  const requested = await server.call("POST", "/api/richieste", {
    token: student.token,
    body: { unit_id: created.body.unita[0].id, dal: today, al: today, note: null, tipo_utilizzo: null },
  });
  expect(requested.status).toBe(200);
  await expect(pendingRow).toBeVisible({ timeout: 2_000 });
  expect(reloaded).toBe(false);
  await saveScreenshots(page, "live-desk-dashboard");
});

test("the desk closes the academy for a day, and the student's calendar greys it out", async ({
  page,
  browser,
  server,
}) => {
  const adminToken = await server.login();
  const created = await server.createPhotographyItem(adminToken, "Nikon Z6", 1);
  expect(created.status).toBe(200);
  const student = await server.registerStudent({ name: "Pietro", surname: "Sala", corso_accademico: "Fotografia" });

  // The desk adds a closure on Impostazioni.
  await openSignedIn(page, server, server.admin, "/impostazioni");
  await expect(page.getByRole("heading", { level: 1, name: "Impostazioni" })).toBeVisible();
  await page.getByRole("button", { name: "Aggiungi chiusura" }).click();
  await page.getByLabel("Dal", { exact: true }).fill("12/03/2026");
  await page.getByLabel("Al", { exact: true }).fill("12/03/2026");
  await page.getByLabel("Motivo", { exact: true }).fill("Assemblea d'istituto");
  await page.getByRole("button", { name: "Salva impostazioni" }).click();
  await expect(page.getByText("Impostazioni salvate")).toBeVisible();
  await saveScreenshots(page, "settings-closure");

  // The student's request calendar: the closed Thursday cannot be picked, the days around it can.
  const studentPage = await openSecondBrowser(browser, server);
  await openSignedIn(studentPage, server, student);
  const calendarLink = studentPage
    .getByRole("region", { name: "Calendario" })
    .getByLabel("Link privato del calendario");
  await expect(calendarLink).toHaveValue(/\/api\/calendario\/\d+-[\w-]{32}\.ics$/);
  await saveScreenshots(studentPage, "student-calendar-link");
  await studentPage.getByRole("button", { name: "Nuova Richiesta" }).click();
  const wizard = studentPage.getByRole("dialog", { name: "Nuova Richiesta" });
  await wizard.getByRole("button", { name: /Nikon Z6/ }).click();
  await wizard.getByRole("button", { name: "Avanti" }).click();
  await expect(wizard.getByRole("heading", { name: "Date e note" })).toBeVisible();
  await expect(wizard.getByText("Ufficio chiuso")).toBeVisible();
  await expect(calendarDay(wizard, "2026-03-12")).toBeDisabled();
  await expect(calendarDay(wizard, "2026-03-11")).toBeEnabled();
  await expect(calendarDay(wizard, "2026-03-13")).toBeEnabled();
  await saveScreenshots(studentPage, "request-calendar-closed-day");

  // The server refuses the day too, naming the next open one.
  const refused = await server.call("POST", "/api/richieste", {
    token: student.token,
    body: { unit_id: created.body.unita[0].id, dal: "2026-03-12", al: "2026-03-12", note: null, tipo_utilizzo: null },
  });
  expect(refused.status).toBe(400);
  expect(refused.body.error).toContain("il primo giorno di apertura è 13/03/2026");
});

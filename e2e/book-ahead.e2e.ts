/**
 * Booking ahead from an item page (issue 15), at 1280 and at 390 px: a camera whose two units are both
 * lent today is booked for next week from its page, which a QR code opens for a signed-out student and
 * for the desk. The request wizard keeps its step and choices through Back, Forward and a reload; the
 * desk hands over the other unit at approval; the student reads the approval in the bell.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { layouts, saveScreenshots } from "./support/screenshots";
import type { PrestaLabServer } from "./support/server";
import { calendarDay, dialog, pickBookingDays, toast } from "./support/ui";

// Monday 9 March 2026 at the academy.
test.use({ serverOptions: { env: { PRESTALAB_NOW: "2026-03-09T09:00:00+01:00" } } });

const item = "Canon EOS R6";

/** A classmate borrows a unit from today to Friday: requested, approved and handed over through the API. */
async function lendForTheWeek(server: PrestaLabServer, unitId: number, name: string) {
  const classmate = await server.registerStudent({ name, surname: "Ferri", corso_accademico: "Fotografia" });
  const request = await server.call("POST", "/api/richieste", {
    token: classmate.token,
    body: { unit_id: unitId, dal: "2026-03-09", al: "2026-03-13", note: null, tipo_utilizzo: null },
  });
  expect(request.status).toBe(200);
  const adminToken = await server.login();
  const approval = await server.call("PUT", `/api/prestiti/${request.body.id}/approva`, { token: adminToken });
  expect(approval.status).toBe(200);
  const handedOver = await server.call("PUT", `/api/prestiti/${approval.body.loanId}/consegna`, { token: adminToken });
  expect(handedOver.status).toBe(200);
}

/** Opens a link signed out, signs in on the form it shows, and expects to land on the link's page. */
async function signInFromLink(page: Page, path: string, credentials: { email: string; password: string }) {
  await page.goto(path);
  await page.getByLabel("Email o nome utente").fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: item })).toBeVisible();
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
}

for (const layout of layouts) {
  test(`at ${layout.width} px a student books a camera lent out today for next week from its QR page; the desk swaps the unit; the bell tells`, async ({
    browser,
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    const adminToken = await server.login();
    const created = await server.createPhotographyItem(adminToken, item, 2);
    expect(created.status).toBe(200);
    const [firstUnit, secondUnit] = created.body.unita as { id: number; codice_univoco: string }[];
    if (!firstUnit || !secondUnit) throw new Error("the camera was created without its two units");
    await lendForTheWeek(server, firstUnit.id, "Luca");
    await lendForTheWeek(server, secondUnit.id, "Anna");
    const student = await server.registerStudent({ name: "Sara", surname: "Gallo", corso_accademico: "Fotografia" });
    const outsider = await server.registerStudent({ name: "Piero", surname: "Neri", corso_accademico: "Design" });
    const itemPage = `/inventario/${created.body.id}?unita=${encodeURIComponent(firstUnit.codice_univoco)}`;
    await page.setViewportSize(layout);

    // ── The student scans the label signed out: after signing in, the item's page, not the dashboard ──
    await signInFromLink(page, itemPage, student);
    const availability = page.getByRole("region", { name: "Disponibilità" });
    await expect(availability).toContainText(
      "Libera dal 14/03/2026. I giorni barrati sono occupati su tutte le unità.",
    );
    // A month to look at, not to pick from: taken days are named so.
    await expect(availability.getByRole("gridcell", { name: "giovedì 12 marzo 2026, occupato" })).toBeVisible();
    await expect(availability.getByRole("gridcell", { name: "lunedì 16 marzo 2026", exact: true })).toBeVisible();
    await saveScreenshots(page, "book-ahead-item-student");

    // ── Richiedi opens the wizard on the camera: a specific unit first, then Back keeps it ─────────────
    await availability.getByRole("button", { name: "Richiedi" }).click();
    const wizard = dialog(page, "Nuova Richiesta");
    await expect(wizard.getByRole("heading", { name: "Scegli l'unità" })).toBeVisible();
    await expect(wizard.getByRole("radio", { name: /Qualsiasi unità libera/ })).toBeChecked();
    await wizard.getByRole("radio", { name: new RegExp(secondUnit.codice_univoco) }).check();
    await wizard.getByRole("button", { name: "Avanti" }).click();
    await expect(wizard.getByRole("heading", { name: "Date e note" })).toBeVisible();
    await expect(wizard).toContainText(`Unità ${secondUnit.codice_univoco}`);
    await page.goBack();
    await expect(wizard.getByRole("heading", { name: "Scegli l'unità" })).toBeVisible();
    await expect(wizard.getByRole("radio", { name: new RegExp(secondUnit.codice_univoco) })).toBeChecked();

    // ── "Any free unit", next Monday to Wednesday: a click, then the keyboard, on the day grid ──────────
    await wizard.getByRole("radio", { name: /Qualsiasi unità libera/ }).check();
    await wizard.getByRole("button", { name: "Avanti" }).click();
    await expect(wizard.getByRole("heading", { name: "Date e note" })).toBeVisible();
    await expect(calendarDay(wizard, "2026-03-13")).toBeDisabled();
    await pickBookingDays(wizard, "2026-03-16");
    await expect(calendarDay(wizard, "2026-03-16")).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(wizard.getByText("Dal 16/03/2026 al 18/03/2026")).toBeVisible();
    await saveScreenshots(page, "book-ahead-dates");

    // A reload keeps the step and the choices; Back and Forward walk the steps with them.
    await page.reload();
    await expect(wizard.getByRole("heading", { name: "Date e note" })).toBeVisible();
    await expect(wizard.getByText("Dal 16/03/2026 al 18/03/2026")).toBeVisible();
    await expect(wizard).toContainText("Qualsiasi unità libera");
    await page.goBack();
    await expect(wizard.getByRole("heading", { name: "Scegli l'unità" })).toBeVisible();
    await expect(wizard.getByRole("radio", { name: /Qualsiasi unità libera/ })).toBeChecked();
    await page.goForward();
    await expect(wizard.getByRole("heading", { name: "Date e note" })).toBeVisible();
    await expect(wizard.getByText("Dal 16/03/2026 al 18/03/2026")).toBeVisible();
    await wizard.getByRole("button", { name: "Invia Richiesta" }).click();
    await expect(toast(page, "Richiesta inviata")).toBeVisible();
    await expect(wizard).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: item })).toBeVisible();
    // The server picked the first unit free for those days.
    const requests = await server.call("GET", "/api/richieste", { token: student.token });
    expect(requests.body).toEqual([
      expect.objectContaining({ unit_id: firstUnit.id, dal: "2026-03-16", al: "2026-03-18", stato: "in_attesa" }),
    ]);

    // ── A student of another course who follows the same link sees no data ──────────────────────────
    const other = await openAnotherBrowser(browser, server, layout);
    await other.goto(itemPage);
    await other.getByLabel("Email o nome utente").fill(outsider.email);
    await other.getByLabel("Password", { exact: true }).fill(outsider.password);
    await other.getByRole("button", { name: "Accedi", exact: true }).click();
    await expect(other.getByText("Articolo non disponibile per te")).toBeVisible();
    await expect(other.getByText(item)).toHaveCount(0);
    await saveScreenshots(other, "book-ahead-item-outsider");
    await other.context().close();

    // ── The desk scans the same label signed out: the item's page with the unit picked out ────────────
    const desk = await openAnotherBrowser(browser, server, layout);
    await signInFromLink(desk, itemPage, server.admin);
    await expect(desk.getByRole("listitem").filter({ hasText: firstUnit.codice_univoco }).first()).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(desk.getByRole("region", { name: "Prossime prenotazioni" })).toContainText("Sara Gallo");
    await saveScreenshots(desk, "book-ahead-item-desk");

    // ── The desk approves, handing over the other unit (free on those days too) ──────────────────────
    await desk.goto("/dashboard");
    await desk.getByRole("button", { name: `Gestisci la richiesta di Sara Gallo: ${item}` }).click();
    const manage = dialog(desk, "Gestione Richiesta");
    await manage.getByRole("button", { name: "Approva", exact: true }).click();
    const unitChoice = manage.getByLabel("Unità da consegnare");
    await expect(unitChoice).toHaveValue(String(firstUnit.id));
    await unitChoice.selectOption({ label: secondUnit.codice_univoco });
    await saveScreenshots(desk, "book-ahead-approve-swap");
    await manage.getByRole("button", { name: "Conferma approvazione" }).click();
    await expect(manage.getByText("Richiesta Approvata!")).toBeVisible();
    const loans = await server.call("GET", "/api/prestiti", { token: student.token });
    expect(loans.body).toEqual([expect.objectContaining({ unita_ids: [secondUnit.id] })]);
    await desk.context().close();

    // ── The student's bell says so ─────────────────────────────────────────────────────────────────────
    await page.reload();
    await page.getByRole("button", { name: "Notifiche, 1 non lette" }).click();
    const drawer = dialog(page, "Notifiche");
    await expect(drawer.getByText("Richiesta approvata")).toBeVisible();
    await expect(drawer).toContainText(secondUnit.codice_univoco);
    await saveScreenshots(page, "book-ahead-bell");
  });
}

async function openAnotherBrowser(
  browser: import("@playwright/test").Browser,
  server: PrestaLabServer,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    viewport,
  });
  return context.newPage();
}

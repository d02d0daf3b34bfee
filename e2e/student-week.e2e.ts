/**
 * A student's week with the desk (issues 4, 5 and 6): a request through the wizard, its approval on the
 * dashboard, a fault report that becomes a repair, a late return with the clock moved forward, the strikes
 * it earns, the block at three strikes and the unblock at the desk. Two browsers: the desk and the student.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";
import type { PrestaLabServer } from "./support/server";
import {
  calendarDay,
  dialog,
  openAdminSection,
  openSecondBrowser,
  openSignedIn,
  openStudentView,
  pickBookingDays,
  toast,
} from "./support/ui";

// Monday 9 March 2026 at the academy; the journey moves the clock forward by restarting the binary.
test.use({ serverOptions: { env: { PRESTALAB_NOW: "2026-03-09T09:00:00+01:00" } } });

const item = "Sony Alpha 7 IV";

/** A request the student sends and the desk approves through the API, for the steps that are not about it. */
async function lendThroughApi(server: PrestaLabServer, studentToken: string, unitId: number, dal: string, al: string) {
  const request = await server.call("POST", "/api/richieste", {
    token: studentToken,
    body: { unit_id: unitId, dal, al, note: null, tipo_utilizzo: null },
  });
  expect(request.status).toBe(200);
  const approval = await server.call("PUT", `/api/prestiti/${request.body.id}/approva`, {
    token: await server.login(),
  });
  expect(approval.status).toBe(200);
  // Only a loan handed over at the counter runs late: the desk hands it over on its first day.
  const handedOver = await server.call("PUT", `/api/prestiti/${approval.body.loanId}/consegna`, {
    token: await server.login(),
  });
  expect(handedOver.status).toBe(200);
  return approval.body.loanId as number;
}

/** Moves the academy's clock: the binary restarts on the same data; both browsers load the new state. */
async function travelTo(server: PrestaLabServer, now: string, pages: Page[]) {
  await server.restart({ PRESTALAB_NOW: now });
  for (const page of pages) await page.reload();
}

test("a student borrows, reports a fault, returns late, is blocked at three strikes and unblocked", async ({
  browser,
  page: desk,
  server,
}) => {
  test.setTimeout(150_000);
  const adminToken = await server.login();
  const created = await server.createPhotographyItem(adminToken, item, 2);
  expect(created.status).toBe(200);
  const [firstUnit, secondUnit] = created.body.unita as { id: number; codice_univoco: string }[];
  if (!firstUnit || !secondUnit) throw new Error("the item was created without its two units");
  const student = await server.registerStudent({ name: "Sara", surname: "Gallo", corso_accademico: "Fotografia" });

  // ── Monday: the student requests the camera from today to Wednesday ──────────────────────────────
  const studentPage = await openSecondBrowser(browser, server);
  await openSignedIn(studentPage, server, student);
  await expect(studentPage.getByRole("heading", { name: "Benvenuto, Sara Gallo" })).toBeVisible();
  await studentPage.getByRole("button", { name: "Nuova Richiesta" }).click();
  const wizard = dialog(studentPage, "Nuova Richiesta");
  await expect(wizard.getByRole("heading", { name: "Scegli l'articolo" })).toBeVisible();
  await saveScreenshots(studentPage, "week-request-item");
  await wizard.getByRole("button", { name: new RegExp(item) }).click();
  await expect(wizard.getByRole("heading", { name: "Scegli l'unità" })).toBeVisible();
  await saveScreenshots(studentPage, "week-request-unit");
  await wizard.getByRole("radio", { name: new RegExp(firstUnit.codice_univoco) }).check();
  await wizard.getByRole("button", { name: "Avanti" }).click();
  // Not an "entrambi" item: the usage step is skipped.
  await expect(wizard.getByRole("heading", { name: "Date e note" })).toBeVisible();
  // Days before today cannot be picked on the calendar.
  await expect(calendarDay(wizard, "2026-03-08")).toBeDisabled();
  await pickBookingDays(wizard, "2026-03-09", "2026-03-11");
  await wizard.getByLabel("Note (opzionale)").fill("Per il progetto di ritratto in studio");
  await saveScreenshots(studentPage, "week-request-dates");
  await wizard.getByRole("button", { name: "Invia Richiesta" }).click();
  await expect(toast(studentPage, "Richiesta inviata")).toBeVisible();
  await expect(wizard).toBeHidden();

  await openStudentView(studentPage, "I Miei Prestiti");
  await studentPage.getByRole("tab", { name: /In Approvazione/ }).click();
  await expect(studentPage.getByRole("tabpanel")).toContainText(item);
  await saveScreenshots(studentPage, "week-request-pending");

  // ── The desk sees the request on its dashboard and in the notifications, and approves it ─────────
  await openSignedIn(desk, server, server.admin);
  await expect(desk.getByRole("heading", { name: "Dashboard Amministratore" })).toBeVisible();
  const recent = desk.getByRole("region", { name: "Richieste Recenti" });
  const requestButton = recent.getByRole("button", { name: `Gestisci la richiesta di Sara Gallo: ${item}` });
  await expect(requestButton).toBeVisible();
  await saveScreenshots(desk, "week-desk-dashboard");

  await desk.getByRole("button", { name: "Notifiche, 1 non lette" }).click();
  const drawer = dialog(desk, "Notifiche");
  await expect(drawer.getByText("Nuova richiesta di prestito")).toBeVisible();
  await expect(drawer.getByText(`Sara Gallo ha richiesto ${item} (${firstUnit.codice_univoco})`)).toBeVisible();
  await saveScreenshots(desk, "week-desk-notifications");
  await drawer.getByRole("button", { name: "Segna come letta" }).click();
  await expect(desk.getByRole("button", { name: "Notifiche", exact: true })).toBeAttached();
  await desk.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  await requestButton.click();
  const manage = dialog(desk, "Gestione Richiesta");
  await expect(manage).toContainText(student.email);
  await expect(manage).toContainText("Per il progetto di ritratto in studio");
  await saveScreenshots(desk, "week-desk-request-modal");
  await manage.getByRole("button", { name: "Approva", exact: true }).click();
  await expect(manage.getByText("verrà creato automaticamente un prestito attivo")).toBeVisible();
  await manage.getByRole("button", { name: "Conferma approvazione" }).click();
  await expect(manage.getByText("Richiesta Approvata!")).toBeVisible();
  await saveScreenshots(desk, "week-desk-request-approved");
  await manage.getByRole("button", { name: "Chiudi", exact: true }).click();
  await expect(manage).toBeHidden();

  // ── The student holds the camera ───────────────────────────────────────────────────────────────────
  await studentPage.reload();
  await openStudentView(studentPage, "I Miei Prestiti");
  await expect(studentPage.getByRole("tab", { name: /Prestiti Attivi/ })).toHaveAttribute("aria-selected", "true");
  await expect(studentPage.getByRole("tabpanel")).toContainText(item);
  await saveScreenshots(studentPage, "week-student-active-loan");

  // ── The autofocus breaks: the student reports it ──────────────────────────────────────────────────
  await openStudentView(studentPage, "Segnala Guasto");
  await studentPage.getByRole("button", { name: "Nuova Segnalazione" }).click();
  const report = dialog(studentPage, "Nuova Segnalazione");
  await report.getByRole("radio", { name: new RegExp(item) }).check();
  await saveScreenshots(studentPage, "week-report-loan");
  await report.getByRole("button", { name: "Avanti" }).click();
  await expect(report.getByText(firstUnit.codice_univoco)).toBeVisible();
  await report.getByRole("button", { name: "Avanti" }).click();
  await expect(report.getByRole("radio", { name: "Guasto" })).toBeChecked();
  await expect(report.getByRole("radio", { name: "Media" })).toBeChecked();
  await report.getByText("Malfunzionamento", { exact: true }).click();
  await report.getByText("Alta", { exact: true }).click();
  await report.getByLabel("Descrizione del problema").fill("L'autofocus non aggancia più i soggetti.");
  await saveScreenshots(studentPage, "week-report-details");
  await report.getByRole("button", { name: "Invia Segnalazione" }).click();
  await expect(toast(studentPage, "Segnalazione inviata")).toBeVisible();
  await expect(report).toBeHidden();
  await expect(studentPage.getByRole("list", { name: "Riepilogo segnalazioni" })).toContainText("1Aperte");
  await saveScreenshots(studentPage, "week-report-list");

  // ── The desk ends the loan, then turns the report into a repair and completes it ────────────────
  await openAdminSection(desk, "Prestiti");
  // The approved loan waits to be collected: the desk hands the camera over before it can come back.
  await desk.getByRole("button", { name: `Consegna: ${item}, Sara Gallo` }).click();
  const handOver = dialog(desk, "Consegna");
  await handOver.getByRole("button", { name: "Registra consegna" }).click();
  await expect(handOver.getByText("Consegna registrata. Stampa la ricevuta da firmare.")).toBeVisible();
  await handOver.getByRole("button", { name: "Fatto" }).click();
  await desk.getByRole("button", { name: `Termina prestito: ${item}, Sara Gallo` }).click();
  await dialog(desk, "Termina prestito").getByRole("button", { name: "Termina prestito" }).click();
  await expect(toast(desk, `Prestito terminato: ${item} è rientrato`)).toBeVisible();

  await openAdminSection(desk, "Riparazioni");
  await desk.getByRole("tab", { name: /Segnalazioni/ }).click();
  const reportCard = desk.getByRole("article", { name: /Segnalazione #\d+/ });
  await expect(reportCard).toContainText("L'autofocus non aggancia più i soggetti.");
  await expect(reportCard).toContainText("Sara Gallo");
  await saveScreenshots(desk, "week-desk-reports");
  await reportCard.getByRole("button", { name: "Crea riparazione" }).click();
  const fromReport = dialog(desk, "Crea riparazione");
  await saveScreenshots(desk, "week-desk-repair-from-report");
  await fromReport.getByRole("button", { name: "Crea riparazione" }).click();
  await expect(toast(desk, `Riparazione creata: ${firstUnit.codice_univoco} è in riparazione`)).toBeVisible();
  let units = await server.call("GET", `/api/inventario/${created.body.id}/units`, { token: adminToken });
  expect(units.body[0]).toMatchObject({ codice_univoco: firstUnit.codice_univoco, stato: "in_riparazione" });

  await desk.getByRole("tab", { name: /In Corso/ }).click();
  await saveScreenshots(desk, "week-desk-repairs");
  await desk.getByRole("button", { name: `Completa riparazione ${firstUnit.codice_univoco}` }).click();
  const complete = dialog(desk, "Completa riparazione");
  await expect(complete).toContainText("L'unità tornerà disponibile per i prestiti.");
  await complete.getByRole("button", { name: "Completa", exact: true }).click();
  await expect(toast(desk, "Riparazione completata")).toBeVisible();
  await desk.getByRole("tab", { name: /Completate/ }).click();
  await expect(desk.getByRole("tabpanel")).toContainText(item);
  units = await server.call("GET", `/api/inventario/${created.body.id}/units`, { token: adminToken });
  expect(units.body[0]).toMatchObject({ codice_univoco: firstUnit.codice_univoco, stato: "disponibile" });

  // ── Late: borrowed Monday to Tuesday, brought back on Saturday (4 days late: 2 strikes) ─────────
  await lendThroughApi(server, student.token, secondUnit.id, "2026-03-09", "2026-03-10");
  await travelTo(server, "2026-03-14T10:00:00+01:00", [desk, studentPage]);
  await openAdminSection(desk, "Prestiti");
  const lateLoan = desk.getByRole("article", { name: `${item} · Sara Gallo` });
  await expect(lateLoan).toContainText("4 giorni di ritardo");
  await saveScreenshots(desk, "week-desk-late-loan");
  await lateLoan.getByRole("button", { name: "Termina prestito" }).click();
  await dialog(desk, "Termina prestito").getByRole("button", { name: "Termina prestito" }).click();
  await expect(toast(desk, "Prestito terminato con 4 giorni di ritardo")).toBeVisible();
  // The desk is told the strikes the return earned (soft: the rest of the week still runs if it is not).
  await expect.soft(toast(desk, "Prestito terminato con 4 giorni di ritardo: 2 penalità assegnate")).toBeVisible();

  // The student's views have addresses now: back to the dashboard, where the strikes are shown.
  await studentPage.goto("/dashboard");
  await expect(studentPage.getByText("Attenzione: hai 2 penalità per ritardi nella restituzione")).toBeVisible();
  await expect(studentPage.getByText("Un altro ritardo nella restituzione bloccherà")).toBeVisible();
  await expect(studentPage.getByRole("list", { name: "Storico penalità" })).toContainText(
    "Ritardo di 4 giorni nella restituzione",
  );
  await saveScreenshots(studentPage, "week-student-strikes");

  // ── One more late return (Saturday to Saturday, back on Monday): the third strike blocks ───────
  const lastLoan = await lendThroughApi(server, student.token, secondUnit.id, "2026-03-14", "2026-03-14");
  await travelTo(server, "2026-03-16T10:00:00+01:00", [desk, studentPage]);
  const returned = await server.call("PUT", `/api/prestiti/${lastLoan}/restituisci`, { token: adminToken });
  expect(returned.body).toMatchObject({ giorni_ritardo: 2 });

  await studentPage.reload();
  await expect(studentPage.getByRole("heading", { name: "Account Bloccato" })).toBeVisible();
  // A blocked student sees why at once, before any step.
  await studentPage.getByRole("button", { name: "Nuova Richiesta" }).click();
  const blocked = wizard.getByRole("alert").filter({ hasText: "Account Bloccato" });
  await expect(blocked).toContainText("Motivo");
  await expect(blocked).toContainText("Penalità accumulate: 3 strike");
  await saveScreenshots(studentPage, "week-student-blocked");
  await wizard.getByRole("button", { name: "Chiudi", exact: true }).click();

  // ── The student comes to the desk in person and is unblocked, strikes reset ────────────────────
  await desk.reload();
  await openAdminSection(desk, "Gestione Utenti");
  await expect(desk.getByRole("row", { name: /Sara Gallo/ })).toContainText("BLOCCATO");
  await desk.getByRole("button", { name: "Penalità di Sara Gallo" }).click();
  const penalties = dialog(desk, "Gestione Penalità");
  await expect(penalties).toContainText("Ritardo di 4 giorni nella restituzione");
  await expect(penalties).toContainText("Ritardo di 2 giorni nella restituzione");
  await saveScreenshots(desk, "week-desk-penalties");
  await penalties.getByRole("button", { name: "Sblocca e azzera le penalità" }).click();
  await expect(penalties.getByText("Penalità attive: 0")).toBeVisible();
  await expect(penalties.getByText("BLOCCATO")).toHaveCount(0);
  await penalties.getByRole("button", { name: "Chiudi", exact: true }).click();
  await expect(desk.getByRole("row", { name: /Sara Gallo/ })).not.toContainText("BLOCCATO");

  // Requests are possible again.
  await studentPage.reload();
  await expect(studentPage.getByRole("heading", { name: "Account Bloccato" })).toHaveCount(0);
  await studentPage.getByRole("button", { name: "Nuova Richiesta" }).click();
  await wizard.getByRole("button", { name: new RegExp(item) }).click();
  await wizard.getByRole("button", { name: "Avanti" }).click();
  await pickBookingDays(wizard, "2026-03-16", "2026-03-17");
  await wizard.getByRole("button", { name: "Invia Richiesta" }).click();
  await expect(toast(studentPage, "Richiesta inviata")).toBeVisible();
  await studentPage.context().close();
});

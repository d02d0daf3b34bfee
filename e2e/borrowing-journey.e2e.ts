import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";
import { pickBookingDays } from "./support/ui";

// Monday 9 March 2026 at the academy: the journey moves the clock forward by restarting the binary.
test.use({ serverOptions: { env: { PRESTALAB_NOW: "2026-03-09T09:00:00+01:00" } } });

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/");
  await page.getByLabel("Email o nome utente").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Esci" }).first().click();
  await expect(page.getByLabel("Email o nome utente")).toBeVisible();
}

test("a student registers, requests a camera, borrows it, returns it late and sees the strike", async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const adminToken = await server.login();
  const created = await server.createPhotographyItem(adminToken, "Canon EOS R6", 2);
  expect(created.status).toBe(200);

  // The student signs up on the sign-in screen.
  await page.goto("/");
  await page.getByText("Non hai un account? Registrati").click();
  await page.getByLabel("Email").fill("marta.conti@studenti.accademia.test");
  await page.getByLabel("Password", { exact: true }).fill("Obiettivo-50mm");
  await page.getByLabel("Nome", { exact: true }).fill("Marta");
  await page.getByLabel("Cognome").fill("Conti");
  await page.getByLabel("Matricola").fill("FT2026001");
  await page.getByLabel("Corso accademico").selectOption("Fotografia");
  await page.getByRole("button", { name: "Registrati", exact: true }).click();
  await expect(page.getByText("Benvenuto, Marta Conti")).toBeVisible();
  await saveScreenshots(page, "journey-student-dashboard");

  // She finds the camera of her course and requests it from Monday to Wednesday.
  await page.getByRole("link", { name: "Articoli Disponibili" }).first().click();
  await page.getByRole("button", { name: "Richiedi Canon EOS R6" }).click();
  const wizard = page.getByRole("dialog");
  await wizard.getByRole("radio", { name: /CANONEOSR6_001/ }).check();
  await wizard.getByRole("button", { name: "Avanti" }).click();
  await pickBookingDays(wizard, "2026-03-09", "2026-03-11");
  await expect(wizard.getByText("Dal 09/03/2026 al 11/03/2026")).toBeVisible();
  await saveScreenshots(page, "journey-request-dates");
  await wizard.getByRole("button", { name: "Invia Richiesta" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("link", { name: "I Miei Prestiti" }).first().click();
  await page.getByRole("tab", { name: /In Approvazione/ }).click();
  await expect(page.getByText("Canon EOS R6").first()).toBeVisible();
  await saveScreenshots(page, "journey-request-pending");
  await signOut(page);

  // The desk approves it from the dashboard.
  await signIn(page, server.admin.email, server.admin.password);
  await expect(page.getByRole("heading", { name: "Dashboard Amministratore" })).toBeVisible();
  await page.getByRole("button", { name: "Gestisci la richiesta di Marta Conti: Canon EOS R6" }).click();
  const modal = page.getByRole("dialog");
  await modal.getByRole("button", { name: "Approva", exact: true }).click();
  await modal.getByRole("button", { name: "Conferma approvazione" }).click();
  await expect(page.getByText("Richiesta Approvata!")).toBeVisible();
  await saveScreenshots(page, "journey-request-approved");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Monday is the first day: Marta collects the camera at the desk.
  await page.getByRole("link", { name: "Prestiti" }).first().click();
  await page.getByRole("button", { name: "Consegna: Canon EOS R6, Marta Conti" }).click();
  const handOver = page.getByRole("dialog", { name: "Consegna" });
  await handOver.getByRole("button", { name: "Registra consegna" }).click();
  await handOver.getByRole("button", { name: "Fatto" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await signOut(page);

  // The student now holds the camera.
  await signIn(page, "marta.conti@studenti.accademia.test", "Obiettivo-50mm");
  await page.getByRole("link", { name: "I Miei Prestiti" }).first().click();
  await expect(page.getByRole("tab", { name: /Prestiti Attivi/ })).toBeVisible();
  await expect(page.getByText("Canon EOS R6").first()).toBeVisible();
  await signOut(page);

  // Sunday 15 March: four days late. The desk ends the loan from Prestiti.
  await server.restart({ PRESTALAB_NOW: "2026-03-15T10:00:00+01:00" });
  await signIn(page, server.admin.email, server.admin.password);
  await page.getByRole("link", { name: "Prestiti" }).first().click();
  await page.getByRole("button", { name: "Termina prestito: Canon EOS R6, Marta Conti" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Termina prestito" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await saveScreenshots(page, "journey-loan-ended");
  await signOut(page);

  // The student sees the two strikes and the warning that one more delay blocks the account.
  await signIn(page, "marta.conti@studenti.accademia.test", "Obiettivo-50mm");
  await expect(page.getByText("Benvenuto, Marta Conti")).toBeVisible();
  await expect(page.getByText(/Ritardo di 4 giorni nella restituzione/)).toBeVisible();
  await saveScreenshots(page, "journey-student-strikes");
  const penalties = await server.call("GET", "/api/auth/me", {
    token: await server.login({ email: "marta.conti@studenti.accademia.test", password: "Obiettivo-50mm" }),
  });
  expect(penalties.body.user).toMatchObject({ penalty_strikes: 2, is_blocked: false });
});

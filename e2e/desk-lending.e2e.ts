import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";

async function signInAsDesk(page: Page, email: string, password: string) {
  await page.goto("/");
  await page.getByLabel("Email o nome utente").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Dashboard Amministratore" })).toBeVisible();
}

test("the desk lends two units directly to a new student, who signs in with the one-time password", async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const admin = await server.login();
  await server.call("POST", "/api/inventario", {
    token: admin,
    body: {
      nome: "Kit luci LED",
      quantita_totale: 3,
      corsi_assegnati: ["Fashion Design"],
      tipo_prestito: "solo_esterno",
    },
  });
  await signInAsDesk(page, server.admin.email, server.admin.password);
  await page.getByRole("link", { name: "Prestiti" }).first().click();
  await page.getByRole("button", { name: "Nuovo Prestito" }).click();
  const wizard = page.getByRole("dialog", { name: "Nuovo Prestito" });

  await wizard.getByRole("radio", { name: /Kit luci LED/ }).check();
  await wizard.getByRole("button", { name: "Avanti" }).click();
  await wizard.getByRole("radio", { name: "Nuovo utente" }).check();
  await wizard.getByLabel("Nome", { exact: true }).fill("Irene");
  await wizard.getByLabel("Cognome").fill("Fontana");
  await wizard.getByLabel("Email").fill("irene.fontana@studenti.accademia.test");
  await wizard.getByLabel("Matricola").fill("FD2026042");
  await wizard.getByLabel("Corso accademico").selectOption("Fashion Design");
  await wizard.getByRole("button", { name: "Crea utente" }).click();
  const password = (await wizard.getByLabel("Password temporanea").textContent())?.trim() ?? "";
  expect(password.length).toBeGreaterThanOrEqual(16);
  await saveScreenshots(page, "desk-new-borrower");
  await wizard.getByRole("button", { name: "Avanti" }).click();
  await wizard.getByRole("checkbox", { name: /KITLUCILED_001/ }).check();
  await wizard.getByRole("checkbox", { name: /KITLUCILED_002/ }).check();
  await wizard.getByRole("button", { name: "Avanti" }).click();
  await saveScreenshots(page, "desk-new-loan-dates");
  await wizard.getByRole("button", { name: "Crea Prestito" }).click();
  await expect(page.getByRole("dialog", { name: "Nuovo Prestito" })).toHaveCount(0);
  await expect(page.getByText("Irene Fontana").first()).toBeVisible();

  const loans = await server.call("GET", "/api/prestiti?all=1", { token: admin });
  expect(loans.body[0]).toMatchObject({
    utente_nome_reale: "Irene Fontana",
    unita: ["KITLUCILED_001", "KITLUCILED_002"],
    note: "Prestito diretto - 2 unità",
    stato: "attivo",
  });
  // The password was shown once to the desk and works.
  expect(await server.login({ email: "irene.fontana@studenti.accademia.test", password })).toEqual(expect.any(String));
});

test("a blocked student is unblocked at the desk from the penalty modal", async ({ page, server }) => {
  test.setTimeout(120_000);
  const { student, today, loan } = await server.itemLentToday("Treppiede video", { name: "Paolo", surname: "Leone" });
  // Nine days later the camera comes back: three strikes, the account is blocked.
  const nineDaysLater = new Date(Date.parse(`${today}T10:00:00Z`) + 9 * 86_400_000).toISOString();
  await server.restart({ PRESTALAB_NOW: nineDaysLater });
  const returned = await server.call("PUT", `/api/prestiti/${loan.body.loanId}/restituisci`, {
    token: await server.login(),
  });
  expect(returned.body.penalty).toMatchObject({ strike_assegnati: 3, bloccato: true });

  await signInAsDesk(page, server.admin.email, server.admin.password);
  await page.getByRole("link", { name: "Gestione Utenti" }).first().click();
  await expect(page.getByText("BLOCCATO").first()).toBeVisible();
  await page.getByRole("button", { name: "Penalità di Paolo Leone" }).first().click();
  const modal = page.getByRole("dialog");
  await expect(modal.getByText("Ritardo di 9 giorni nella restituzione")).toBeVisible();
  await saveScreenshots(page, "desk-penalty-modal");
  await modal.getByRole("button", { name: "Sblocca e azzera le penalità" }).click();
  await expect
    .poll(
      async () =>
        (await server.call("GET", "/api/auth/me", { token: await server.login(student) })).body.user.is_blocked,
    )
    .toBe(false);
});

/**
 * Accessibility (issue 8) on the demo academy: every screen of both spec documents and the main dialogs
 * and wizards (the Banco with its lend form and return preview too), at 1280 and 390 px, checked with
 * axe (every violation fails) and for unnamed controls; then the keyboard contract of the
 * request wizard, the item wizard and a confirmation.
 */
import type { Locator } from "@playwright/test";
import * as XLSX from "xlsx";
import { auditScreen, checkDialogKeyboard } from "./support/accessibility";
import { expect, test } from "./support/fixtures";
import { dialog, openAdminSection, openSignedIn, openStudentView, openSystemFromFooter } from "./support/ui";

// Every screen is audited four times (two widths, light and dark): the sweep needs more than the default 30 s.
// No test builds on another's data, so the tests spread over the workers; each worker seeds one demo academy
// for the tests of this file it runs.
test.describe.configure({ mode: "parallel", timeout: 900_000 });
test.use({ serverScope: "file", serverOptions: { args: ["--demo"] } });

/** Opens the dialog `title` with `opener`, audits it as `screen` and closes it with Escape. */
async function auditDialog(opener: Locator, title: string, screen: string) {
  const page = opener.page();
  await opener.click();
  await expect(dialog(page, title)).toBeVisible();
  await auditScreen(page, screen);
  await page.keyboard.press("Escape");
}

test("the sign-in, registration and forgotten-password screens", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Accedi" })).toBeVisible();
  await auditScreen(page, "sign-in");
  // The error state too: the message must be readable.
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect(page.getByText("Inserisci email o nome utente e password")).toBeVisible();
  await auditScreen(page, "sign-in-error");

  await page.getByRole("button", { name: "Non hai un account? Registrati" }).click();
  await expect(page.getByRole("heading", { name: "Crea un account" })).toBeVisible();
  await auditScreen(page, "register");

  await page.getByRole("button", { name: "Hai già un account? Accedi" }).click();
  await page.getByRole("button", { name: "Hai dimenticato la password?" }).click();
  await expect(page.getByRole("heading", { name: "Password dimenticata?" })).toBeVisible();
  await auditScreen(page, "forgot-password");
  await page.getByLabel("Email").fill("nessuno@accademia.test");
  await page.getByRole("button", { name: "Richiedi Reset Password" }).click();
  await expect(page.getByRole("heading", { name: "Richiesta Inviata!" })).toBeVisible();
  await auditScreen(page, "forgot-password-sent");

  // The page a reset e-mail links to, and its errors.
  await page.goto("/reimposta-password?token=esempio");
  await expect(page.getByRole("heading", { name: "Scegli una nuova password" })).toBeVisible();
  await auditScreen(page, "reset-password");
  await page.getByRole("button", { name: "Salva la nuova password" }).click();
  await expect(page.getByText("Campo obbligatorio")).toBeVisible();
  await auditScreen(page, "reset-password-errors");
});

test("the administrator's screens", async ({ page, server }) => {
  await openSignedIn(page, server, server.admin);
  await expect(page.getByRole("heading", { name: "Dashboard Amministratore" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Avvisi Importanti" })).toBeVisible();
  await auditScreen(page, "admin-dashboard");

  const alerts = page.getByRole("region", { name: "Avvisi Importanti" });
  await auditDialog(alerts.getByRole("button", { name: /^Ritardi/ }), "Ritardi", "admin-alert-details");

  await page
    .getByRole("region", { name: "Richieste Recenti" })
    .getByRole("button", { name: /^Gestisci la richiesta di / })
    .first()
    .click();
  const manage = dialog(page, "Gestione Richiesta");
  await expect(manage).toBeVisible();
  await auditScreen(page, "admin-request-modal");
  await manage.getByRole("button", { name: "Rifiuta", exact: true }).click();
  await expect(manage.getByRole("button", { name: "Conferma rifiuto" })).toBeDisabled();
  await auditScreen(page, "admin-request-modal-refuse");
  await page.keyboard.press("Escape");

  await auditDialog(page.getByRole("button", { name: /^Notifiche/ }), "Notifiche", "admin-notifications");

  await openAdminSection(page, "Inventario");
  await expect(page.getByRole("article").first()).toBeVisible();
  await auditScreen(page, "admin-inventory");

  await openAdminSection(page, "Prestiti");
  await expect(page.getByRole("article").first()).toBeVisible();
  await auditScreen(page, "admin-loans");
  await page.getByRole("tab", { name: /In Attesa/ }).click();
  await expect(page.getByRole("article").first()).toBeVisible();
  await auditScreen(page, "admin-loans-pending");
  await page.getByRole("tab", { name: /Completati/ }).click();
  await expect(page.getByRole("article").first()).toBeVisible();
  await auditScreen(page, "admin-loans-completed");

  await openAdminSection(page, "Riparazioni");
  await auditScreen(page, "admin-repairs");
  await page.getByRole("tab", { name: /Segnalazioni/ }).click();
  await expect(page.getByRole("list", { name: "Elenco segnalazioni" })).toBeVisible();
  await auditScreen(page, "admin-repairs-reports");

  await openAdminSection(page, "Gestione Utenti");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await auditScreen(page, "admin-users");

  await openAdminSection(page, "Statistiche");
  await expect(page.getByText("Articoli totali")).toBeVisible();
  await auditScreen(page, "admin-stats-basic");
  await page.getByRole("tab", { name: "Avanzate" }).click();
  await expect(page.getByText(/Ultimi 30 giorni: \d+ richieste/)).toBeVisible();
  await auditScreen(page, "admin-stats-advanced");
  await page.getByRole("tab", { name: "Domanda" }).click();
  await expect(page.getByRole("table", { name: /Domanda per articolo/ })).toBeVisible();
  // The chart's weeks arrive by a call of their own, after the table.
  await expect(page.getByRole("img", { name: /^Domanda e capacità per settimana: / })).toBeVisible();
  await auditScreen(page, "admin-stats-demand");

  await openAdminSection(page, "Impostazioni");
  await expect(
    page.getByRole("region", { name: "Corsi" }).getByRole("button", { name: "Archivia" }).first(),
  ).toBeVisible();
  await auditScreen(page, "admin-settings");

  // The item page a unit's QR label opens, with that unit picked out.
  const adminToken = await server.login(server.admin);
  const items = await server.call("GET", "/api/inventario?pagina=1&per_pagina=1&stato=in_prestito", {
    token: adminToken,
  });
  const lent = items.body.elementi[0];
  const units = await server.call("GET", `/api/inventario/${lent.id}/units`, { token: adminToken });
  await page.goto(`/inventario/${lent.id}?unita=${encodeURIComponent(units.body[0].codice_univoco)}`);
  await expect(page.getByRole("table")).toBeVisible();
  await auditScreen(page, "admin-item-page");

  await openSystemFromFooter(page);
  await expect(page.getByText("Sistema Online")).toBeVisible();
  await page.getByRole("button", { name: /Metriche Dettagliate/ }).click();
  await page.getByRole("button", { name: /Stato API Endpoints/ }).click();
  await auditScreen(page, "admin-system");

  // The phone's menu sheet.
  await page.setViewportSize({ width: 390, height: 844 });
  await auditDialog(page.getByRole("button", { name: "Apri menu" }), "Menu", "admin-mobile-menu");
});

test("the administrator's dialogs and wizards", async ({ page, server }) => {
  await openSignedIn(page, server, server.admin, "/inventario");
  await expect(page.getByRole("article").first()).toBeVisible();

  await page.getByRole("button", { name: "Nuovo Articolo" }).click();
  const itemWizard = dialog(page, "Nuovo Articolo");
  await itemWizard.getByLabel("Nome", { exact: true }).fill("Zoom H6");
  await auditScreen(page, "admin-item-wizard-1");
  const steps = ["Descrizione e Immagine", "Tipo di Utilizzo", "Corsi e Categoria", "Codici Univoci"];
  for (const [index, step] of steps.entries()) {
    await itemWizard.getByRole("button", { name: "Avanti" }).click();
    await expect(itemWizard.getByRole("heading", { name: step })).toBeVisible();
    if (step === "Corsi e Categoria") await itemWizard.getByRole("checkbox", { name: "Fotografia" }).check();
    if (step !== "Codici Univoci") await auditScreen(page, `admin-item-wizard-${index + 2}`);
  }
  await auditScreen(page, "admin-item-wizard-5");
  await page.keyboard.press("Escape");

  await auditDialog(page.getByRole("button", { name: "Gestisci Categorie" }), "Gestione Categorie", "admin-categories");

  await page
    .getByRole("button", { name: /^Codice QR di / })
    .first()
    .click();
  await expect(dialog(page, "Codice QR").getByRole("img")).toBeVisible();
  await auditScreen(page, "admin-qr");
  await page.keyboard.press("Escape");

  // The outcome of an import that refused a row.
  const sheet = XLSX.utils.book_new();
  const rows = [
    ["Nome", "Corsi Assegnati"],
    ["Treppiede audit", "Fotografia"],
    ["Faro audit", "Scultura"],
  ];
  XLSX.utils.book_append_sheet(sheet, XLSX.utils.aoa_to_sheet(rows), "Inventario");
  const buffer = XLSX.write(sheet, { type: "buffer", bookType: "xlsx" }) as Buffer;
  await page.getByRole("button", { name: "Altre Operazioni" }).click();
  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("menuitem", { name: "Importa" }).click();
  await (await choosing).setFiles({ name: "audit.xlsx", mimeType: "application/octet-stream", buffer });
  await expect(page.getByText("Anteprima di audit.xlsx: nulla è stato ancora importato.")).toBeVisible();
  await auditScreen(page, "admin-import-preview");
  await page.getByRole("button", { name: "Conferma import" }).click();
  await expect(page.getByText("Import completato: 1/2 elementi processati")).toBeVisible();
  await auditScreen(page, "admin-import-outcome");
  await page.keyboard.press("Escape");

  await openAdminSection(page, "Prestiti");
  await page.getByRole("button", { name: "Nuovo Prestito" }).click();
  const loanWizard = dialog(page, "Nuovo Prestito");
  await loanWizard.getByRole("radio").first().check();
  await auditScreen(page, "admin-new-loan-1");
  await loanWizard.getByRole("button", { name: "Avanti" }).click();
  await loanWizard
    .getByRole("radio", { name: /Giulia Rossi/ })
    .first()
    .check();
  await auditScreen(page, "admin-new-loan-2");
  await loanWizard.getByText("Nuovo utente", { exact: true }).click();
  await expect(loanWizard.getByRole("button", { name: "Crea utente" })).toBeVisible();
  await auditScreen(page, "admin-new-loan-2-new-user");
  await loanWizard.getByText("Utente registrato", { exact: true }).click();
  await loanWizard
    .getByRole("radio", { name: /Giulia Rossi/ })
    .first()
    .check();
  await loanWizard.getByRole("button", { name: "Avanti" }).click();
  await loanWizard.getByRole("checkbox").first().check();
  await auditScreen(page, "admin-new-loan-3");
  await loanWizard.getByRole("button", { name: "Avanti" }).click();
  // Step 4 (usage type) appears only for items lent both ways; step 5 holds the dates.
  await expect(loanWizard.getByText(/^Passo [45] di 5/)).toBeVisible();
  if (await loanWizard.getByText(/^Passo 4 di 5/).isVisible()) {
    await auditScreen(page, "admin-new-loan-4");
    await loanWizard.getByRole("radio").first().check();
    await loanWizard.getByRole("button", { name: "Avanti" }).click();
  }
  await expect(loanWizard.getByRole("grid")).toBeVisible();
  await auditScreen(page, "admin-new-loan-5");
  await page.keyboard.press("Escape");

  await page
    .getByRole("button", { name: /^Dettagli: / })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await auditScreen(page, "admin-loan-details");
  await page.keyboard.press("Escape");
  await page.getByRole("tab", { name: /In Attesa/ }).click();
  await auditDialog(
    page.getByRole("button", { name: /^Rifiuta la richiesta di / }).first(),
    "Rifiuta richiesta",
    "admin-refuse-request",
  );

  await openAdminSection(page, "Riparazioni");
  await auditDialog(page.getByRole("button", { name: "Nuova Riparazione" }), "Nuova Riparazione", "admin-new-repair");

  await openAdminSection(page, "Gestione Utenti");
  await auditDialog(page.getByRole("button", { name: "Nuovo Utente" }), "Nuovo Utente", "admin-new-user");
  // The dialog of each action of the first user's row.
  for (const [button, title, screen] of [
    [/^Modifica /, "Modifica utente", "admin-edit-user"],
    [/^Reimposta password di /, "Reimposta password", "admin-reset-user-password"],
    [/^Penalità di /, "Gestione Penalità", "admin-penalties"],
    [/^Elimina /, "Elimina utente", "admin-delete-user"],
  ] as const)
    await auditDialog(page.getByRole("button", { name: button }).first(), title, screen);
});

test("the Banco: empty, a free unit with its lend form, a unit out with the return preview", async ({
  page,
  server,
}) => {
  const admin = await server.login();
  const open = await server.call("GET", "/api/prestiti?all=1&stato=in_corso&pagina=1&per_pagina=200", {
    token: admin,
  });
  const out = (open.body.elementi as { consegnato_il: string | null; unita: string[] }[]).find(
    (loan) => loan.consegnato_il !== null,
  );
  const items = (await server.call("GET", "/api/inventario", { token: admin })).body as {
    unita: { codice_univoco: string; stato: string }[];
  }[];
  const free = items.flatMap((item) => item.unita).find((unit) => unit.stato === "disponibile");
  const [student] = (await server.call("GET", "/api/auth/users?ruolo=user&pagina=1&per_pagina=1", { token: admin }))
    .body.elementi as { surname: string }[];
  if (!out?.unita[0] || !free || !student) throw new Error("the demo has no unit out, free unit or student");

  await openSignedIn(page, server, server.admin, "/banco");
  await expect(page.getByRole("heading", { level: 1, name: "Banco" })).toBeVisible();
  await auditScreen(page, "admin-counter");

  const code = page.getByLabel("Codice dell'unità");
  await code.fill(free.codice_univoco);
  await code.press("Enter");
  const lend = page.getByRole("form", { name: `Presta ${free.codice_univoco}` });
  await lend.getByRole("searchbox").fill(student.surname);
  await lend.getByRole("radio").first().check();
  await auditScreen(page, "admin-counter-lend");

  await code.fill(out.unita[0]);
  await code.press("Enter");
  await page.getByRole("button", { name: "Restituisci" }).first().click();
  const back = dialog(page, "Termina prestito");
  await expect(back.getByRole("region", { name: "Anteprima della restituzione" })).toBeVisible();
  await auditScreen(page, "admin-counter-return");
  await page.keyboard.press("Escape");
});

test("the student's screens and wizards", async ({ page, server }) => {
  if (!server.demo) throw new Error("the demo accounts were not read");
  await openSignedIn(page, server, server.demo.student);
  await expect(page.getByRole("heading", { name: /^Benvenuto, / })).toBeVisible();
  await auditScreen(page, "student-dashboard");

  await openStudentView(page, "I Miei Prestiti");
  await auditScreen(page, "student-my-loans");
  await openStudentView(page, "Articoli Disponibili");
  await expect(page.getByRole("list", { name: "Articoli" })).toBeVisible();
  await auditScreen(page, "student-available-items");
  await openStudentView(page, "Segnala Guasto");
  await auditScreen(page, "student-report-fault");
  await auditDialog(
    page.getByRole("button", { name: "Nuova Segnalazione" }),
    "Nuova Segnalazione",
    "student-new-report",
  );
  await openSystemFromFooter(page);
  await expect(page.getByText("Sistema Online")).toBeVisible();
  await auditScreen(page, "student-system");

  await auditDialog(page.getByRole("button", { name: /^Notifiche/ }), "Notifiche", "student-notifications");

  // The item page of an item of the student's course, with its month calendar.
  const catalogue = await server.call("GET", "/api/inventario/disponibili", {
    token: await server.login(server.demo.student),
  });
  await page.goto(`/inventario/${catalogue.body[0].id}`);
  await expect(page.getByRole("region", { name: "Disponibilità" }).getByRole("grid")).toBeVisible();
  await auditScreen(page, "student-item-page");

  await openStudentView(page, "Dashboard");
  await page.getByRole("button", { name: "Nuova Richiesta" }).click();
  const wizard = dialog(page, "Nuova Richiesta");
  await expect(wizard.getByRole("list", { name: "Articoli richiedibili" })).toBeVisible();
  await auditScreen(page, "student-request-1");
  await wizard.getByRole("list", { name: "Articoli richiedibili" }).getByRole("button").first().click();
  await expect(wizard.getByRole("heading", { name: "Scegli l'unità" })).toBeVisible();
  await auditScreen(page, "student-request-2");
  await wizard.getByRole("button", { name: "Avanti" }).click();
  // Items lent both ways ask for the usage type next; the others go straight to the dates.
  await expect(wizard.getByRole("heading", { name: /^(Tipo di utilizzo|Date e note)$/ })).toBeVisible();
  if (await wizard.getByRole("heading", { name: "Tipo di utilizzo" }).isVisible()) {
    await auditScreen(page, "student-request-3");
    // The radios are visually hidden inside their cards (sr-only): the card's label takes the click.
    await wizard
      .locator("label")
      .filter({ has: page.getByRole("radio") })
      .first()
      .click();
    await expect(wizard.getByRole("radio").first()).toBeChecked();
    await wizard.getByRole("button", { name: "Avanti" }).click();
  }
  await expect(wizard.getByRole("heading", { name: "Date e note" })).toBeVisible();
  await auditScreen(page, "student-request-4");
});

test("dialogs keep the keyboard inside and give the focus back", async ({ page, server }) => {
  if (!server.demo) throw new Error("the demo accounts were not read");
  await openSignedIn(page, server, server.demo.student);
  await checkDialogKeyboard(page, page.getByRole("button", { name: "Nuova Richiesta" }), "Nuova Richiesta");
  await page.getByRole("button", { name: "Esci" }).first().click();

  await openSignedIn(page, server, server.admin, "/inventario");
  await expect(page.getByRole("article").first()).toBeVisible();
  await checkDialogKeyboard(page, page.getByRole("button", { name: "Nuovo Articolo" }), "Nuovo Articolo");

  await openAdminSection(page, "Gestione Utenti");
  const deleteButton = page.getByRole("button", { name: /^Elimina / }).first();
  await checkDialogKeyboard(page, deleteButton, "Elimina utente");
  // The confirmation starts on "Annulla", so Enter never deletes by accident.
  await deleteButton.focus();
  await page.keyboard.press("Enter");
  await expect(dialog(page, "Elimina utente").getByRole("button", { name: "Annulla" })).toBeFocused();
  await page.keyboard.press("Escape");

  await openAdminSection(page, "Dashboard", "Dashboard Amministratore");
  const requestButton = page
    .getByRole("region", { name: "Richieste Recenti" })
    .getByRole("button", { name: /^Gestisci la richiesta di / })
    .first();
  await checkDialogKeyboard(page, requestButton, "Gestione Richiesta");
});

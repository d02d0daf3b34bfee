/**
 * Accounts (issue 2): registration with a course, signing out and in, the forgotten-password round trip
 * through the desk, one's own password change, and the administrator's user management.
 */
import { COURSES } from "../src/domain/courses";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";
import { dialog, openAdminSection, openSecondBrowser, openSignedIn, signIn, signOut, toast } from "./support/ui";

test("a student registers with their course, sees the dashboard, signs out and back in", async ({ page }) => {
  const student = { email: "marta.conti@studenti.accademia.test", password: "Obiettivo-50mm" };

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Accedi" })).toBeVisible();
  await saveScreenshots(page, "accounts-sign-in");

  await page.getByRole("button", { name: "Non hai un account? Registrati" }).click();
  await expect(page.getByRole("heading", { name: "Crea un account" })).toBeVisible();
  // Sending the form half-filled is stopped on the screen.
  await page.getByRole("button", { name: "Registrati", exact: true }).click();
  await expect(page.getByText("Compila tutti i campi obbligatori")).toBeVisible();

  await page.getByLabel("Email").fill(student.email);
  await page.getByLabel("Password", { exact: true }).fill(student.password);
  await page.getByLabel("Nome", { exact: true }).fill("Marta");
  await page.getByLabel("Cognome").fill("Conti");
  await page.getByLabel("Matricola").fill("FT2026001");
  const course = page.getByLabel("Corso accademico");
  await expect(course.getByRole("option")).toContainText([...COURSES]);
  await course.selectOption("Fotografia");
  await saveScreenshots(page, "accounts-register");
  await page.getByRole("button", { name: "Registrati", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Benvenuto, Marta Conti" })).toBeVisible();
  for (const counter of ["Articoli Disponibili", "Le Mie Richieste", "Le Mie Segnalazioni", "I Miei Prestiti"])
    await expect(page.getByRole("main").getByText(counter, { exact: true })).toBeVisible();
  await expect(page.getByRole("complementary").getByText("Utente", { exact: true })).toBeVisible();
  await saveScreenshots(page, "accounts-student-dashboard");

  await signOut(page);
  await signIn(page, student);
  await expect(page.getByRole("heading", { name: "Benvenuto, Marta Conti" })).toBeVisible();
});

test("a forgotten password reaches the desk, which sets a new one the student then signs in with", async ({
  page,
  server,
}) => {
  const student = await server.registerStudent({ name: "Paolo", surname: "Verdi" });

  await page.goto("/");
  await page.getByRole("button", { name: "Hai dimenticato la password?" }).click();
  await expect(page.getByRole("heading", { name: "Password dimenticata?" })).toBeVisible();
  await page.getByRole("button", { name: "Richiedi Reset Password" }).click();
  await expect(page.getByText("Inserisci la tua email")).toBeVisible();
  await page.getByLabel("Email").fill(student.email);
  await saveScreenshots(page, "accounts-forgot-password");
  await page.getByRole("button", { name: "Richiedi Reset Password" }).click();
  await expect(page.getByRole("heading", { name: "Richiesta Inviata!" })).toBeVisible();
  await saveScreenshots(page, "accounts-forgot-password-sent");
  await page.getByRole("button", { name: "Torna al login" }).click();

  // The desk finds the request on its dashboard and sets a new password.
  await signIn(page, server.admin);
  await expect(page.getByRole("heading", { name: "Dashboard Amministratore" })).toBeVisible();
  const resetRequests = page.getByRole("region", { name: "Richieste di reset password" });
  await expect(resetRequests.getByText("Paolo Verdi")).toBeVisible();
  await expect(resetRequests.getByText(student.email)).toBeVisible();
  await saveScreenshots(page, "accounts-admin-dashboard-reset-request");
  await resetRequests.getByRole("button", { name: "Gestisci" }).click();

  const resetDialog = dialog(page, "Reset Password");
  await expect(resetDialog).toContainText(student.email);
  await resetDialog.getByRole("button", { name: "Aggiorna Password" }).click();
  await expect(resetDialog.getByText("Inserisci una nuova password")).toBeVisible();
  await resetDialog.getByLabel("Nuova password").fill("Nuova-Chiave-2026");
  await saveScreenshots(page, "accounts-admin-reset-password-dialog");
  await resetDialog.getByRole("button", { name: "Aggiorna Password" }).click();
  await expect(toast(page, "Password aggiornata con successo!")).toBeVisible();
  await expect(resetDialog).toBeHidden();
  await expect(resetRequests.getByText("Nessuna richiesta in attesa")).toBeVisible();
  await signOut(page);

  // The old password no longer works; the new one does.
  const oldAttempt = await server.call("POST", "/api/auth/login", {
    body: { email: student.email, username: student.email, password: student.password },
  });
  expect(oldAttempt.status).toBe(401);
  await signIn(page, { email: student.email, password: "Nuova-Chiave-2026" });
  await expect(page.getByRole("heading", { name: "Benvenuto, Paolo Verdi" })).toBeVisible();
});

test("a student changes their own password: this browser stays signed in, the other one is signed out", async ({
  browser,
  page,
  server,
}) => {
  const student = await server.registerStudent({ name: "Irene", surname: "Galli" });
  const otherBrowser = await openSecondBrowser(browser, server);
  await signIn(otherBrowser, student);
  await signIn(page, student);

  await page.getByRole("button", { name: "Cambia password" }).first().click();
  const form = dialog(page, "Cambia password");
  await form.getByLabel("Password attuale").fill("Non-la-mia-123");
  await form.getByLabel("Nuova password", { exact: true }).fill("Treppiede-Nuovo-2026");
  await form.getByLabel("Conferma nuova password").fill("Treppiede-Nuovo-2026");
  await form.getByRole("button", { name: "Cambia password" }).click();
  await expect(form.getByText("La password attuale non è corretta")).toBeVisible();
  await form.getByLabel("Password attuale").fill(student.password);
  await form.getByRole("button", { name: "Cambia password" }).click();
  await expect(toast(page, "Password cambiata")).toBeVisible();
  await expect(form).toBeHidden();

  // This browser carries on; the other one's session has ended.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Benvenuto, Irene Galli" })).toBeVisible();
  await otherBrowser.reload();
  await expect(otherBrowser.getByLabel("Email o nome utente")).toBeVisible();
  await signOut(page);
  await signIn(page, { email: student.email, password: "Treppiede-Nuovo-2026" });
  await otherBrowser.context().close();
});

test("an administrator creates, edits, resets the password of and deletes a user", async ({ page, server }) => {
  await openSignedIn(page, server, server.admin);
  await openAdminSection(page, "Gestione Utenti");
  await expect(page.getByText("Nessun utente trovato")).toBeVisible();
  await saveScreenshots(page, "accounts-users-empty");

  // New user: a student of Pittura.
  await page.getByRole("button", { name: "Nuovo Utente" }).click();
  const newUser = dialog(page, "Nuovo Utente");
  await newUser.getByLabel("Nome", { exact: true }).fill("Luca");
  await newUser.getByLabel("Cognome").fill("Bianchi");
  await newUser.getByLabel("Email").fill("luca.bianchi@accademia.test");
  await newUser.getByLabel("Matricola").fill("PT2026044");
  await newUser.getByLabel("Telefono (opzionale)").fill("+39 333 1234567");
  await newUser.getByLabel("Corso accademico (opzionale)").selectOption("Pittura");
  await newUser.getByLabel("Password", { exact: true }).fill("Tela-E-Colori-9");
  await newUser.getByLabel("Conferma password").fill("Tela-E-Colori-8");
  await newUser.getByRole("button", { name: "Crea Utente" }).click();
  await expect(newUser.getByText("Le password non coincidono")).toBeVisible();
  await newUser.getByLabel("Conferma password").fill("Tela-E-Colori-9");
  await saveScreenshots(page, "accounts-new-user");
  await newUser.getByRole("button", { name: "Crea Utente" }).click();
  await expect(toast(page, "Utente Luca Bianchi creato")).toBeVisible();
  await expect(newUser).toBeHidden();
  const row = page.getByRole("row", { name: /Luca Bianchi/ });
  await expect(row).toContainText("luca.bianchi@accademia.test");
  await expect(row).toContainText("Pittura");
  await expect(page.getByRole("tab", { name: /Utenti/ })).toContainText("1");
  await saveScreenshots(page, "accounts-users-list");

  // Edit: the surname and the course change.
  await page.getByRole("button", { name: "Modifica Luca Bianchi" }).click();
  const edit = dialog(page, "Modifica utente");
  await expect(edit.getByLabel("Email")).toHaveValue("luca.bianchi@accademia.test");
  await edit.getByLabel("Cognome").fill("Bianchi Neri");
  await edit.getByLabel("Corso accademico (opzionale)").selectOption("Design");
  await saveScreenshots(page, "accounts-edit-user");
  await edit.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(toast(page, "Utente aggiornato")).toBeVisible();
  await expect(edit).toBeHidden();
  const editedRow = page.getByRole("row", { name: /Luca Bianchi Neri/ });
  await expect(editedRow).toContainText("Design");

  // Reset password: the user signs in with the new one.
  await page.getByRole("button", { name: "Reimposta password di Luca Bianchi Neri" }).click();
  const reset = dialog(page, "Reimposta password");
  await reset.getByLabel("Nuova password").fill("Pennello-Nuovo-7");
  await reset.getByLabel("Conferma password").fill("Pennello-Nuovo-7");
  await saveScreenshots(page, "accounts-reset-user-password");
  await reset.getByRole("button", { name: "Reimposta password" }).click();
  await expect(toast(page, "Password di Luca Bianchi Neri aggiornata")).toBeVisible();
  await expect(reset).toBeHidden();
  expect(await server.login({ email: "luca.bianchi@accademia.test", password: "Pennello-Nuovo-7" })).toEqual(
    expect.any(String),
  );

  // Administrators have neither penalties nor a delete button.
  await page.getByRole("tab", { name: /Amministratori/ }).click();
  await expect(page.getByRole("row", { name: /Amministratore/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Elimina / })).toHaveCount(0);
  await page.getByRole("tab", { name: /Utenti/ }).click();

  // Delete, after the confirmation.
  await page.getByRole("button", { name: "Elimina Luca Bianchi Neri" }).click();
  const confirm = dialog(page, "Elimina utente");
  await expect(confirm.getByText("Sei sicuro di voler eliminare questo utente?")).toBeVisible();
  await saveScreenshots(page, "accounts-delete-user");
  await confirm.getByRole("button", { name: "Elimina", exact: true }).click();
  await expect(toast(page, "Luca Bianchi Neri è stato eliminato")).toBeVisible();
  await expect(page.getByRole("row", { name: /Luca Bianchi Neri/ })).toHaveCount(0);
  await expect(page.getByText("Nessun utente trovato")).toBeVisible();
});

import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";

test("the desk creates, edits, resets the password of and deletes a student", async ({ page, server }) => {
  test.setTimeout(90_000);
  await page.goto("/");
  await page.getByLabel("Email o nome utente").fill(server.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(server.admin.password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  await page.getByRole("link", { name: "Gestione Utenti" }).first().click();
  await expect(page.getByText("Nessun utente trovato")).toBeVisible();

  // Create.
  await page.getByRole("button", { name: "Nuovo Utente" }).click();
  const create = page.getByRole("dialog");
  await create.getByLabel("Nome", { exact: true }).fill("Luca");
  await create.getByLabel("Cognome").fill("Verdi");
  await create.getByLabel("Email").fill("luca.verdi@studenti.accademia.test");
  await create.getByLabel("Matricola").fill("GD2026007");
  await create.getByLabel("Corso accademico").selectOption("Graphic Design & Multimedia");
  await create.getByLabel("Password", { exact: true }).fill("Grafica-Vettoriale-7");
  await create.getByLabel("Conferma password").fill("Grafica-Vettoriale-7");
  await saveScreenshots(page, "users-new-user");
  await create.getByRole("button", { name: "Crea Utente" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("luca.verdi@studenti.accademia.test").first()).toBeVisible();
  await saveScreenshots(page, "users-list");

  // Edit.
  await page.getByRole("button", { name: "Modifica Luca Verdi" }).first().click();
  const edit = page.getByRole("dialog", { name: "Modifica utente" });
  await edit.getByLabel("Cognome").fill("Verdini");
  await edit.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("Luca Verdini").first()).toBeVisible();

  // Reset the password: the student signs in with the new one.
  await page.getByRole("button", { name: "Reimposta password di Luca Verdini" }).first().click();
  const reset = page.getByRole("dialog");
  await reset.getByLabel("Nuova password", { exact: true }).fill("Nuova-Chiave-2026");
  await reset.getByLabel("Conferma password").fill("Nuova-Chiave-2026");
  await reset.getByRole("button", { name: "Reimposta password" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await server.login({ email: "luca.verdi@studenti.accademia.test", password: "Nuova-Chiave-2026" })).toEqual(
    expect.any(String),
  );

  // Delete, after the confirmation.
  await page.getByRole("button", { name: "Elimina Luca Verdini" }).first().click();
  await expect(page.getByText("Sei sicuro di voler eliminare questo utente?")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Elimina", exact: true }).click();
  await expect(page.getByText("Nessun utente trovato")).toBeVisible();
  const users = await server.call("GET", "/api/auth/users", { token: await server.login() });
  expect(users.body.map((user: { email: string }) => user.email)).toEqual([server.admin.email]);
});

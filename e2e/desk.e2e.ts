/**
 * The desk's morning (issue 5) on the demo academy (`serve --demo`): the alerts panel and its detail
 * dialogs, a request refused with a reason, a direct loan to a student who has no account yet, and a
 * loan ended — with the counts following along.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";
import type { PrestaLabServer } from "./support/server";
import { dialog, openAdminSection, openSignedIn, pickBookingDays, toast } from "./support/ui";

test.describe.configure({ mode: "serial" });
test.use({ serverScope: "file", serverOptions: { args: ["--demo"] } });

/** A tab showing this count after its name ("Prestiti Attivi 14"). */
async function expectCount(tab: Locator, label: string, count: number) {
  await expect(tab).toHaveText(new RegExp(`^${label}\\s*${count}$`));
}

async function api(server: PrestaLabServer, path: string) {
  const answer = await server.call("GET", path, { token: await server.login() });
  expect(answer.status).toBe(200);
  return answer.body;
}

function pendingCaption(page: Page): Locator {
  return page.getByRole("region", { name: "Riepilogo" });
}

test.beforeEach(async ({ page, server }) => {
  await openSignedIn(page, server, server.admin);
  await expect(page.getByRole("heading", { name: "Dashboard Amministratore" })).toBeVisible();
});

test("the alerts panel shows the four kinds of alert, each with its detail dialog", async ({ page, server }) => {
  const alerts = await api(server, "/api/avvisi");
  const panel = page.getByRole("region", { name: "Avvisi Importanti" });
  await expect(panel).toContainText(String(alerts.totale_avvisi));
  await saveScreenshots(page, "desk-dashboard");

  const cards = [
    { title: "Scorte Basse", entries: alerts.scorte_basse, names: "nome" },
    { title: "Ritardi", entries: alerts.prestiti_scaduti, names: "oggetto_nome" },
    { title: "Scadenze Oggi", entries: alerts.scadenze_oggi, names: "oggetto_nome" },
    { title: "In scadenza domani", entries: alerts.scadenze_domani, names: "oggetto_nome" },
  ] as const;
  for (const { title, entries, names } of cards) {
    const card = panel.getByRole("button", { name: new RegExp(`^${title}\\s*${entries.length}$`) });
    await expect(card).toBeVisible();
    // The demo academy has something of every kind this morning.
    expect(entries.length, title).toBeGreaterThan(0);
    await card.click();
    const details = dialog(page, title);
    for (const entry of entries) await expect(details).toContainText(entry[names]);
    await saveScreenshots(page, `desk-alert-${title.toLowerCase().replaceAll(" ", "-")}`);
    await details.getByRole("button", { name: "Chiudi", exact: true }).click();
    await expect(details).toBeHidden();
  }

  // Low stock leads to the inventory, a late loan to the loans.
  await panel.getByRole("button", { name: /^Scorte Basse/ }).click();
  await dialog(page, "Scorte Basse")
    .getByRole("button", { name: `Gestisci ${alerts.scorte_basse[0].nome}` })
    .click();
  await expect(page).toHaveURL(/\/inventario$/);
  await expect(page.getByRole("heading", { level: 1, name: "Inventario" })).toBeVisible();
  await page.goBack();
  await panel.getByRole("button", { name: /^Ritardi/ }).click();
  await dialog(page, "Ritardi")
    .getByRole("button", { name: `Gestisci Ritardo: ${alerts.prestiti_scaduti[0].oggetto_nome}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/prestiti$/);
  await expect(page.getByRole("heading", { level: 1, name: "Prestiti" })).toBeVisible();
});

test("a request is refused with a reason, which cannot be blank", async ({ page, server }) => {
  // Each pending set counts once, as the desk decides it once.
  const pendingBefore: number = (await api(server, "/api/banco/in-attesa")).totale;
  await expect(pendingCaption(page)).toContainText(`${pendingBefore} in attesa`);

  const recent = page.getByRole("region", { name: "Richieste Recenti" });
  const first = recent.getByRole("button", { name: /^Gestisci la richiesta di / }).first();
  const label = (await first.textContent())?.trim() ?? "";
  const [, borrower = "", itemName = ""] = label.match(/^Gestisci la richiesta di (.+): (.+)$/) ?? [];
  await first.click();

  const manage = dialog(page, "Gestione Richiesta");
  await expect(manage).toContainText(itemName);
  await manage.getByRole("button", { name: "Rifiuta", exact: true }).click();
  const reason = manage.getByLabel(/Motivazione del rifiuto/);
  const confirm = manage.getByRole("button", { name: "Conferma rifiuto" });
  await expect(manage.getByText("Inserisci una motivazione per il rifiuto")).toBeVisible();
  await expect(confirm).toBeDisabled();
  await reason.fill("   ");
  await expect(confirm).toBeDisabled();
  await reason.fill("L'attrezzatura serve alla lezione di giovedì");
  await expect(confirm).toBeEnabled();
  await saveScreenshots(page, "desk-refuse-request");
  await confirm.click();
  await expect(toast(page, `Richiesta di ${borrower} rifiutata`)).toBeVisible();
  await expect(manage).toBeHidden();
  await expect(pendingCaption(page)).toContainText(`${pendingBefore - 1} in attesa`);

  const refused = (await api(server, "/api/richieste?all=1")).find(
    (request: { motivo_rifiuto: string | null }) =>
      request.motivo_rifiuto === "L'attrezzatura serve alla lezione di giovedì",
  );
  expect(refused).toMatchObject({ stato: "rifiutata", oggetto_nome: itemName });
});

test("a new student gets an account and a loan through the five-step wizard; the desk ends it", async ({
  page,
  server,
}) => {
  // Five steps, each pictured at two widths, and a calendar walk: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const { today } = await api(server, "/api/health");
  const dueDate = new Date(`${today}T12:00:00Z`);
  dueDate.setUTCDate(dueDate.getUTCDate() + 3);
  const due = dueDate.toISOString().slice(0, 10);
  const items = await api(server, "/api/inventario");
  // Free today is not enough: a unit booked later this week is free today too. The item must stay free
  // until the due day.
  const item = items.find(
    (candidate: {
      stato_effettivo: string;
      tipo_prestito: string;
      corsi_assegnati: string[];
      libera_fino_al: string | null;
    }) =>
      candidate.stato_effettivo === "disponibile" &&
      (candidate.libera_fino_al === null || candidate.libera_fino_al >= due) &&
      candidate.tipo_prestito === "solo_esterno" &&
      candidate.corsi_assegnati.length > 0,
  );
  expect(item, "an item to lend").toBeTruthy();

  await openAdminSection(page, "Prestiti");
  const activeTab = page.getByRole("tab", { name: /Prestiti Attivi/ });
  const completedTab = page.getByRole("tab", { name: /Completati/ });
  const loans: { stato: string }[] = await api(server, "/api/prestiti?all=1");
  const activeBefore = loans.filter((loan) => loan.stato === "attivo" || loan.stato === "scaduto").length;
  const completedBefore = loans.filter((loan) => loan.stato === "restituito").length;
  await expectCount(activeTab, "Prestiti Attivi", activeBefore);
  await expectCount(completedTab, "Completati", completedBefore);
  await saveScreenshots(page, "desk-loans");

  await page.getByRole("button", { name: "Nuovo Prestito" }).click();
  const wizard = dialog(page, "Nuovo Prestito");
  const next = wizard.getByRole("button", { name: "Avanti" });

  // 1. The item.
  await expect(wizard).toContainText("Passo 1 di 5");
  await expect(next).toBeDisabled();
  await wizard.getByLabel("Cerca articolo").fill(item.nome);
  await wizard.getByRole("radio", { name: item.nome, exact: true }).check();
  await saveScreenshots(page, "desk-new-loan-1-item");
  await next.click();

  // 2. A student who is not registered yet: the desk registers them here.
  await expect(wizard).toContainText("Passo 2 di 5");
  await wizard.getByText("Nuovo utente", { exact: true }).click();
  await wizard.getByLabel("Nome", { exact: true }).fill("Irene");
  await wizard.getByLabel("Cognome").fill("Marchetti");
  await wizard.getByLabel("Email").fill("irene.marchetti@accademia.test");
  await wizard.getByLabel("Matricola").fill("DS2026310");
  // Every borrower rule applies to a direct loan, the item's course included: she studies where it is lent.
  await wizard.getByLabel("Corso accademico").selectOption(item.corsi_assegnati[0]);
  await expect(next).toBeDisabled();
  await wizard.getByRole("button", { name: "Crea utente" }).click();
  await expect(wizard.getByText("Utente Irene Marchetti creato e selezionato.")).toBeVisible();
  const password = (await wizard.getByRole("status", { name: "Password temporanea" }).textContent())?.trim() ?? "";
  expect(password.length).toBeGreaterThanOrEqual(8);
  await expect(wizard.getByText("non verrà più mostrata")).toBeVisible();
  await saveScreenshots(page, "desk-new-loan-2-new-student");
  await next.click();

  // 3. The units. Going back shows the student selected, and the password no more.
  await expect(wizard).toContainText("Passo 3 di 5");
  await wizard.getByRole("button", { name: "Indietro" }).click();
  await expect(wizard.getByRole("radio", { name: "Irene Marchetti" })).toBeChecked();
  await expect(wizard.getByText(password)).toHaveCount(0);
  await next.click();
  await expect(next).toBeDisabled();
  await wizard.getByRole("checkbox").first().check();
  await saveScreenshots(page, "desk-new-loan-3-units");
  await next.click();

  // 4 is skipped (the item is lent outside only); 5. Dates and summary.
  await expect(wizard).toContainText("Passo 5 di 5");
  // Today to a week later is proposed; the desk picks today to the due day on the calendar.
  const italian = (isoDate: string) => isoDate.split("-").reverse().join("/");
  await expect(wizard.getByText(`Dal ${italian(today)} al `)).toBeVisible();
  await pickBookingDays(wizard, today, due);
  await expect(wizard.getByText(`Dal ${italian(today)} al ${italian(due)}`)).toBeVisible();
  await expect(wizard.getByRole("region", { name: "Riepilogo" })).toContainText("Irene Marchetti");
  await saveScreenshots(page, "desk-new-loan-5-dates");
  await wizard.getByRole("button", { name: "Crea Prestito" }).click();
  await expect(toast(page, `Prestito creato: ${item.nome} a Irene Marchetti`)).toBeVisible();
  await expect(wizard).toBeHidden();
  await expectCount(activeTab, "Prestiti Attivi", activeBefore + 1);

  // The one-time password is the student's way in.
  expect(await server.login({ email: "irene.marchetti@accademia.test", password })).toEqual(expect.any(String));

  // The loan comes back: the counts follow.
  await page.getByLabel("Cerca prestiti").fill("Irene");
  const loan = page.getByRole("article", { name: `${item.nome} · Irene Marchetti` });
  await expect(loan).toContainText("irene.marchetti@accademia.test");
  await loan.getByRole("button", { name: `Termina prestito: ${item.nome}, Irene Marchetti` }).click();
  const end = dialog(page, "Termina prestito");
  await saveScreenshots(page, "desk-end-loan");
  await end.getByRole("button", { name: "Termina prestito" }).click();
  await expect(toast(page, `Prestito terminato: ${item.nome} è rientrato`)).toBeVisible();
  await expectCount(activeTab, "Prestiti Attivi", activeBefore);
  await expectCount(completedTab, "Completati", completedBefore + 1);
  await completedTab.click();
  await expect(page.getByRole("article", { name: `${item.nome} · Irene Marchetti` })).toContainText("Restituito il");
  await saveScreenshots(page, "desk-loans-completed");
});

/**
 * The desk sees a student whole: from a name on Prestiti to the student page, where an overdue loan and
 * a strike with its reason wait; then the calendar shows today's pick-ups and returns. Lean by design:
 * the bookings are seeded through the API three days back, the server restarted on "today"; the new
 * screens get one axe pass (1280 px, light) and a check that nothing scrolls sideways at 390 px, and so
 * do the dialogs of the dashboard's actions on Luca's loan due today. The clicks each task takes are kept
 * as the test's annotations.
 */
import type { Locator, Page } from "@playwright/test";
import { auditScreenOnce, expectNoSidewaysScroll } from "./support/accessibility";
import { expect, test } from "./support/fixtures";
import type { PrestaLabServer } from "./support/server";
import { dialog, openSignedIn, sidebar, toast } from "./support/ui";

// Bookings are made on Monday 9 March 2026; the desk's day is Thursday 12 March.
test.use({ serverOptions: { env: { PRESTALAB_NOW: "2026-03-09T09:00:00+01:00" } } });
const TODAY = "2026-03-12T09:00:00+01:00";

async function seed(server: PrestaLabServer) {
  const admin = await server.login();
  const giulia = await server.registerStudent({ name: "Giulia", surname: "Rossi" });
  const luca = await server.registerStudent({ name: "Luca", surname: "Verdi" });
  const item = async (nome: string, unita: string[]) => {
    const created = await server.call("POST", "/api/inventario", {
      token: admin,
      body: { nome, unita, corsi_assegnati: ["Fotografia"], tipo_prestito: "solo_esterno" },
    });
    expect(created.status).toBe(200);
    return created.body as { id: number; unita: { id: number }[] };
  };
  const camera = await item("Fotocamera Sony FX3", ["FX3_001", "FX3_002"]);
  const tripod = await item("Treppiede Manfrotto", ["TREPPIEDE_001"]);
  /** Lends unit `index` of `item` to `borrower`, from Monday and handed over unless `body` says otherwise. */
  const lend = async (item: typeof camera, index: number, borrower: typeof giulia, body: Record<string, unknown>) => {
    const answer = await server.call("POST", "/api/prestiti", {
      token: admin,
      body: {
        chi: "",
        tipo_utilizzo: null,
        note: null,
        inventario_id: item.id,
        unita_ids: [item.unita[index]?.id],
        utente_id: borrower.user.id,
        data_uscita: "2026-03-09",
        consegna: true,
        ...body,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  // Giulia's camera was due on Tuesday; Luca brings his back today and collects a tripod today.
  await lend(camera, 0, giulia, { data_rientro: "2026-03-10" });
  await lend(camera, 1, luca, { data_rientro: "2026-03-12" });
  await lend(tripod, 0, luca, { data_uscita: "2026-03-12", data_rientro: "2026-03-14", consegna: false });
  const strike = await server.call("POST", "/api/penalties/assign-manual", {
    token: admin,
    body: { userId: giulia.user.id, strikes: 1, motivo: "Obiettivo graffiato" },
  });
  expect(strike.status).toBe(200);
  return { giulia };
}

/**
 * "Scadenze Oggi" on the dashboard and what each of its actions opens on Luca's camera: the reminder's
 * answer, the extension and the return dialogs (both left unconfirmed), each with one axe pass.
 */
async function auditDueTodayActions(page: Page) {
  const openDueToday = async () => {
    await page
      .getByRole("region", { name: "Avvisi Importanti" })
      .getByRole("button", { name: /^Scadenze Oggi/ })
      .click();
    return dialog(page, "Scadenze Oggi");
  };
  let dueToday = await openDueToday();
  await dueToday.getByRole("button", { name: "Promemoria: Fotocamera Sony FX3" }).click();
  await expect(toast(page, "Promemoria inviato a Luca Verdi")).toBeVisible();
  await expect(dueToday.getByRole("button", { name: "Promemoria inviato: Fotocamera Sony FX3" })).toBeDisabled();
  await auditScreenOnce(page, "scadenze-oggi-promemoria");

  await dueToday.getByRole("button", { name: "Proroga: Fotocamera Sony FX3" }).click();
  const extend = dialog(page, "Proroga il prestito");
  await expect(extend.getByRole("button", { name: "Proroga", exact: true })).toBeVisible();
  await auditScreenOnce(page, "scadenze-oggi-proroga");
  await page.keyboard.press("Escape");
  await expect(extend).toBeHidden();

  dueToday = await openDueToday();
  await dueToday.getByRole("button", { name: "Rientro: Fotocamera Sony FX3" }).click();
  const giveBack = dialog(page, "Termina prestito");
  await expect(giveBack.getByRole("button", { name: "Termina prestito" })).toBeVisible();
  await auditScreenOnce(page, "scadenze-oggi-rientro");
  await page.keyboard.press("Escape");
  await expect(giveBack).toBeHidden();
}

/** A click the person makes, counted for the task it belongs to. */
async function clickCounting(counter: { clicks: number }, target: Locator) {
  counter.clicks++;
  await target.click();
}

test("the desk follows a student's name to their page, then sees today's pick-ups and returns", async ({
  page,
  server,
}, testInfo) => {
  const { giulia } = await seed(server);
  await server.restart({ PRESTALAB_NOW: TODAY });
  await openSignedIn(page, server, server.admin, "/dashboard");
  await auditDueTodayActions(page);

  // Find what a student holds: Prestiti, then the student's name.
  const holds = { clicks: 0 };
  await clickCounting(holds, sidebar(page).getByRole("link", { name: "Prestiti", exact: true }));
  const card = page.getByRole("article", { name: /Fotocamera Sony FX3 · Giulia Rossi/ });
  await clickCounting(holds, card.getByRole("link", { name: "Giulia Rossi" }));
  await expect(page).toHaveURL(new RegExp(`/utenti/${giulia.user.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Giulia Rossi" })).toBeVisible();
  const state = page.getByRole("region", { name: "Situazione dello studente" });
  await expect(state).toContainText("1 prestito in ritardo");
  await expect(state).toContainText("1 penalità attiva");
  const held = page.getByRole("region", { name: "In prestito ora" });
  await expect(held.getByRole("link", { name: "Fotocamera Sony FX3" })).toBeVisible();
  await expect(held).toContainText("Scaduto");
  await expect(page.getByRole("region", { name: "Penalità" })).toContainText("Obiettivo graffiato");
  await auditScreenOnce(page, "scheda-studente");

  // See today's pick-ups and returns: the calendar from the menu.
  const today = { clicks: 0 };
  await clickCounting(today, sidebar(page).getByRole("link", { name: "Calendario", exact: true }));
  const thursday = page.getByRole("region", { name: /^Giovedì 12 marzo/ });
  await expect(
    thursday.getByRole("list", { name: /^Escono/ }).getByRole("link", { name: "Treppiede Manfrotto" }),
  ).toBeVisible();
  await expect(
    thursday.getByRole("list", { name: /^Rientrano/ }).getByRole("link", { name: "Fotocamera Sony FX3" }),
  ).toBeVisible();
  await auditScreenOnce(page, "calendario");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(thursday).toBeVisible();
  await expectNoSidewaysScroll(page, "calendario");
  await page.goto(`/utenti/${giulia.user.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Giulia Rossi" })).toBeVisible();
  await expectNoSidewaysScroll(page, "scheda-studente");

  testInfo.annotations.push(
    { type: "clicks: find what a student holds", description: String(holds.clicks) },
    { type: "clicks: see today's pick-ups and returns", description: String(today.clicks) },
  );
  console.log(`clicks: find what a student holds ${holds.clicks}; today's pick-ups and returns ${today.clicks}`);
});

/**
 * The waiting list: Giulia and Marco both want the academy's only Canon for the same week. Giulia asked
 * first; Marco, finding the week taken, chooses "Avvisami se si libera" and reads his place. Giulia
 * withdraws; the freed unit is held for Marco, who confirms it from "In coda". Once the desk approves, the
 * demand report counts one student who waited and got the unit from the queue as a loan. The new screens
 * pass axe at 1280 and 390 px.
 */
import { auditScreenOnce } from "./support/accessibility";
import { expect, test } from "./support/fixtures";
import { dialog, openSignedIn, pickBookingDays, toast } from "./support/ui";

// Monday 9 March 2026 at the academy; the week wanted is the next one.
test.use({ serverOptions: { env: { PRESTALAB_NOW: "2026-03-09T09:00:00+01:00" } } });

const WEEK = { dal: "2026-03-16", al: "2026-03-20" };

test("a student waits for a taken unit, gets the hold when it frees and confirms it", async ({ page, server }) => {
  // About 20 s alone; the margin is for a machine shared with other test runs.
  test.setTimeout(60_000);
  const adminToken = await server.login();
  const created = await server.createPhotographyItem(adminToken, "Canon EOS R6", 1);
  expect(created.status).toBe(200);
  const itemId = created.body.id as number;
  const giulia = await server.registerStudent({ name: "Giulia", surname: "Rossi", corso_accademico: "Fotografia" });
  const marco = await server.registerStudent({ name: "Marco", surname: "Verdi", corso_accademico: "Fotografia" });
  // Seeded through the API: Giulia's request holds the only unit for the week.
  const first = await server.call("POST", "/api/richieste", {
    token: giulia.token,
    body: { inventario_id: itemId, ...WEEK, note: null, tipo_utilizzo: null },
  });
  expect(first.status).toBe(200);

  // Marco: the week is taken, so he asks to be told when it frees.
  await openSignedIn(page, server, marco, `/articoli?richiesta=nuova&oggetto=${itemId}&unita=qualsiasi&passo=4`);
  const wizard = dialog(page, "Nuova Richiesta");
  await wizard.getByRole("button", { name: "Avvisami se si libera" }).click();
  const waitForm = wizard.getByRole("group", { name: "Avvisami se si libera: Canon EOS R6" });
  await pickBookingDays(waitForm, WEEK.dal, WEEK.al);
  await waitForm.getByRole("button", { name: "Avvisami se si libera" }).click();
  await expect(wizard.getByText("Sei il n. 1 in coda per Canon EOS R6.")).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await auditScreenOnce(page, `waiting-list-joined-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Giulia withdraws: the unit is held for Marco at once.
  expect((await server.call("DELETE", `/api/richieste/${first.body.id}`, { token: giulia.token })).status).toBe(200);

  // The desk sees the hold on the item's queue.
  await openSignedIn(page, server, server.admin, `/inventario/${itemId}`);
  const queue = page.getByRole("list", { name: "Coda di Canon EOS R6" });
  await expect(queue.getByRole("listitem")).toHaveText([
    /^1\. Marco Verdi · Fotografia · dal 16\/03\/2026 al 20\/03\/2026Posto tenuto/,
  ]);
  await auditScreenOnce(page, "waiting-list-desk-item-1280");
  await page.goto("/dashboard");
  await expect(page.getByRole("list", { name: "Code di attesa" }).getByRole("listitem")).toHaveText([
    /^Canon EOS R60 in coda · posto tenuto per Marco Verdi/,
  ]);
  await auditScreenOnce(page, "waiting-list-desk-dashboard-1280");

  // Marco: "In coda" shows the hold with its expiry; he confirms it.
  await openSignedIn(page, server, marco, "/attese");
  const hold = page.getByRole("article", { name: "Canon EOS R6, dal 16/03/2026 al 20/03/2026" });
  await expect(hold.getByText(/Si è liberato: tenuto fino al/)).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await auditScreenOnce(page, `waiting-list-hold-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await hold.getByRole("button", { name: "Conferma prenotazione" }).click();
  await expect(toast(page, "Richiesta inviata al banco prestiti")).toBeVisible();
  await expect(hold.getByText("Confermata")).toBeVisible();

  // The desk approves the request the hold became; the report counts the queue turned into a loan.
  const [entry] = (await server.call("GET", "/api/attese/mie", { token: marco.token })).body;
  expect(entry).toMatchObject({ stato: "confermata", ...WEEK });
  const approved = await server.call("PUT", `/api/prestiti/${entry.richiesta_id}/approva`, { token: adminToken });
  expect(approved.status).toBe(200);
  const report = await server.call("GET", "/api/stats/domanda?dal=2026-03-01&al=2026-03-31", { token: adminToken });
  expect(report.status).toBe(200);
  const camera = report.body.articoli.find((item: { inventario_id: number }) => item.inventario_id === itemId);
  expect(camera).toMatchObject({ dalla_coda_al_prestito: 1, in_coda: 0 });
});

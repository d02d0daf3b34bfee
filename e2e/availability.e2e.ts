/**
 * One availability truth: the only Sony FX3 is requested for next week. The catalogue, the item page and
 * the Banco all say it is free today until the day before the booking, and the Banco proposes that day
 * as the return date.
 */
import { expect, test } from "./support/fixtures";
import { openSignedIn } from "./support/ui";

// Tuesday 24 November 2026 at the academy; the booking runs from Tuesday 1 to Thursday 3 December.
test.use({ serverOptions: { env: { PRESTALAB_NOW: "2026-11-24T09:00:00+01:00" } } });

const FREE_UNTIL = "Libera fino al 30/11/2026";

test("the catalogue, the item page and the Banco give the same answer for a camera booked next week", async ({
  page,
  server,
}) => {
  const admin = await server.login();
  const created = await server.call("POST", "/api/inventario", {
    token: admin,
    body: { nome: "Sony FX3", unita: ["FX3-001"], corsi_assegnati: ["Fotografia"], tipo_prestito: "solo_esterno" },
  });
  expect(created.status).toBe(200);
  const booker = await server.registerStudent({ name: "Luca", surname: "Ferri", corso_accademico: "Fotografia" });
  const booking = await server.call("POST", "/api/richieste", {
    token: await server.login(booker),
    body: { unit_id: created.body.unita[0].id, dal: "2026-12-01", al: "2026-12-03", note: null, tipo_utilizzo: null },
  });
  expect(booking.status).toBe(200);

  // ── The student's catalogue: available, free until the day before, and Richiedi is live ──────────
  const student = await server.registerStudent({ name: "Sara", surname: "Gallo", corso_accademico: "Fotografia" });
  await openSignedIn(page, server, student, "/articoli");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Sony FX3" }) });
  await expect(card.getByText("Disponibile", { exact: true })).toBeVisible();
  await expect(card.getByText(FREE_UNTIL)).toBeVisible();
  await expect(card.getByRole("button", { name: "Richiedi Sony FX3" })).toBeEnabled();

  // ── The item page: one unit free today, until the same day ───────────────────────────────────────
  await page.goto(`/inventario/${created.body.id}`);
  await expect(page.getByText("1 di 1 unità libera oggi")).toBeVisible();
  await expect(page.getByRole("region", { name: "Disponibilità" })).toContainText(`${FREE_UNTIL}.`);

  // ── The Banco: the same day, proposed as the return date ─────────────────────────────────────────
  await openSignedIn(page, server, server.admin, "/banco");
  await page.getByLabel("Codice dell'unità").fill("FX3-001");
  await page.getByLabel("Codice dell'unità").press("Enter");
  const unit = page.getByRole("article", { name: /FX3-001/ });
  await expect(unit.getByText(`${FREE_UNTIL}: si può prestare`, { exact: false })).toBeVisible();
  // The calendar proposes the booking's eve, and offers no later day.
  await expect(unit.getByText("Il 30/11/2026", { exact: true })).toBeVisible();
  await expect(unit.getByText("Dal 01/12/2026 l'unità è prenotata")).toBeVisible();
});

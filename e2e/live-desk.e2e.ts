/**
 * The live desk (issue 17): a student's request appears on the desk's open dashboard within two seconds,
 * pushed by GET /api/eventi — no reload, no wait for the 300-second poll.
 */
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";
import { openSignedIn } from "./support/ui";

test("a student's request appears on the open dashboard within 2 s, without a reload", async ({ page, server }) => {
  const adminToken = await server.login();
  const created = await server.call("POST", "/api/inventario", {
    token: adminToken,
    body: { nome: "Sony A7 IV", quantita_totale: 1, corsi_assegnati: ["Fotografia"], tipo_prestito: "solo_esterno" },
  });
  expect(created.status).toBe(200);
  const student = await server.registerStudent({ name: "Elena", surname: "Marchi" });

  const streamOpen = page.waitForResponse((response) => response.url().endsWith("/api/eventi"));
  await openSignedIn(page, server, server.admin);
  await expect(page.getByRole("heading", { name: "Dashboard Amministratore" })).toBeVisible();
  expect((await streamOpen).status()).toBe(200);
  const pendingRow = page.getByRole("button", { name: "Gestisci la richiesta di Elena Marchi: Sony A7 IV" });
  await expect(pendingRow).toHaveCount(0);
  let reloaded = false;
  page.on("load", () => {
    reloaded = true;
  });

  const today = (await server.call("GET", "/api/health")).body.today as string;
  const requested = await server.call("POST", "/api/richieste", {
    token: student.token,
    body: { unit_id: created.body.unita[0].id, dal: today, al: today, note: null, tipo_utilizzo: null },
  });
  expect(requested.status).toBe(200);
  await expect(pendingRow).toBeVisible({ timeout: 2_000 });
  expect(reloaded).toBe(false);
  await saveScreenshots(page, "live-desk-dashboard");
});

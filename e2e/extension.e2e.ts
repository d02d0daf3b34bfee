/**
 * Extending a loan: Giulia holds the academy's only Canon until Wednesday and asks from her loan for two
 * more days, with a reason; the desk approves on her student page in one click; the loan shows the new
 * date, keeps the first one, and moves on the desk's calendar from Wednesday to Friday. Luca's booking
 * from next Monday stays safe: the desk's direct extension over it is refused with the date of his
 * booking. The clicks each person spends are the test's annotations.
 */
import { auditScreenOnce } from "./support/accessibility";
import { expect, test } from "./support/fixtures";
import { dialog, openSignedIn, pickBookingDays, toast } from "./support/ui";

// Monday 9 March 2026 at the academy.
test.use({ serverOptions: { env: { PRESTALAB_NOW: "2026-03-09T09:00:00+01:00" } } });

test("a student asks to extend a loan, the desk approves, the loan moves and the next booking stays safe", async ({
  page,
  server,
}, testInfo) => {
  test.setTimeout(60_000);
  const adminToken = await server.login();
  const created = await server.createPhotographyItem(adminToken, "Canon EOS R6", 1);
  expect(created.status).toBe(200);
  const unitId = created.body.unita[0].id as number;
  const giulia = await server.registerStudent({ name: "Giulia", surname: "Rossi", corso_accademico: "Fotografia" });
  const luca = await server.registerStudent({ name: "Luca", surname: "Verdi", corso_accademico: "Fotografia" });
  // Seeded through the API: Giulia's loan until Wednesday 11, Luca's request from Monday 16.
  const asked = await server.call("POST", "/api/richieste", {
    token: giulia.token,
    body: { unit_id: unitId, dal: "2026-03-09", al: "2026-03-11", note: null, tipo_utilizzo: null },
  });
  const approval = await server.call("PUT", `/api/prestiti/${asked.body.id}/approva`, { token: adminToken });
  const loanId = approval.body.loanId as number;
  expect((await server.call("PUT", `/api/prestiti/${loanId}/consegna`, { token: adminToken })).status).toBe(200);
  const next = await server.call("POST", "/api/richieste", {
    token: luca.token,
    body: { unit_id: unitId, dal: "2026-03-16", al: "2026-03-18", note: null, tipo_utilizzo: null },
  });
  expect(next.status).toBe(200);

  // The student: "Chiedi proroga" on her loan, Friday 13 on the calendar, a reason, send.
  let studentClicks = 0;
  await openSignedIn(page, server, giulia, "/miei-prestiti");
  const loanCard = page.getByRole("article").filter({ hasText: "Canon EOS R6" });
  await loanCard.getByRole("button", { name: /^Chiedi proroga/ }).click();
  studentClicks++;
  const ask = dialog(page, "Chiedi proroga");
  await pickBookingDays(ask, "2026-03-13");
  studentClicks++;
  await ask.getByRole("textbox", { name: /Motivo/ }).fill("Le riprese sono slittate a giovedì");
  await auditScreenOnce(page, "proroga-studente");
  await ask.getByRole("button", { name: /^Chiedi proroga/ }).click();
  studentClicks++;
  await expect(toast(page, "Proroga al 13/03/2026 chiesta")).toBeVisible();
  await expect(loanCard.getByText("Proroga al 13/03/2026 chiesta: in attesa della risposta del banco")).toBeVisible();

  // Before: the desk's calendar has the Canon back on Wednesday.
  await openSignedIn(page, server, server.admin, "/calendario");
  const backOn = (day: RegExp) =>
    page
      .getByRole("region", { name: day })
      .getByRole("list", { name: /^Rientrano/ })
      .getByRole("link", {
        name: "Canon EOS R6",
      });
  await expect(backOn(/^Mercoledì 11 marzo/)).toBeVisible();

  // The desk, on Giulia's page: one click on "Approva proroga".
  let deskClicks = 0;
  await page.goto(`/utenti/${giulia.user.id}`);
  const pending = page.getByRole("list", { name: "Proroghe in attesa" });
  await expect(pending.getByText("Motivo: Le riprese sono slittate a giovedì")).toBeVisible();
  await auditScreenOnce(page, "proroga-scheda-studente");
  await pending.getByRole("button", { name: "Approva proroga di Giulia Rossi" }).click();
  deskClicks++;
  await expect(toast(page, "Proroga di Giulia Rossi approvata: rientro il 13/03/2026")).toBeVisible();

  // The calendar moves: back on Friday, no longer on Wednesday.
  await page.goto("/calendario");
  await expect(backOn(/^Venerdì 13 marzo/)).toBeVisible();
  await expect(backOn(/^Mercoledì 11 marzo/)).toHaveCount(0);

  // The loan as the API and the student see it: the new date, and the first one kept.
  const loan = await server.call("GET", `/api/prestiti/${loanId}`, { token: giulia.token });
  expect(loan.body).toMatchObject({ data_rientro: "2026-03-13", data_rientro_originale: "2026-03-11" });

  // The desk's list shows the new due date.
  await page.goto("/prestiti");
  await page.getByRole("tab", { name: /Attivi/i }).click();
  await expect(page.getByRole("tabpanel").getByText("13/03/2026").first()).toBeVisible();

  // Luca's booking stays safe: the desk's direct extension over it is refused, naming his first day.
  await page.getByRole("button", { name: "Proroga: Canon EOS R6, Giulia Rossi" }).click();
  const extend = dialog(page, "Proroga il prestito");
  await pickBookingDays(extend, "2026-03-17");
  await extend.getByRole("button", { name: "Proroga", exact: true }).click();
  await expect(
    extend.getByText(/è prenotata dal 16\/03\/2026: la proroga può arrivare al massimo al 15\/03\/2026/),
  ).toBeVisible();

  testInfo.annotations.push(
    { type: "clicks: student asks", description: String(studentClicks) },
    { type: "clicks: desk approves", description: String(deskClicks) },
  );
});

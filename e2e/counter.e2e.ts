/**
 * The counter (issue 16): a morning at the desk by typed code — a hand-over, a late return previewed
 * before confirming, a damaged unit into repair —, a free unit lent on the scan screen, a no-show
 * cancelled, labels for a filter and for a selection, and a student's receipt. PDFs are read back from
 * the downloads.
 */
import { readFileSync } from "node:fs";
import type { Download } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expect, test } from "./support/fixtures";
import { saveScreenshots } from "./support/screenshots";
import type { PrestaLabServer, Student } from "./support/server";
import { dialog, openSignedIn, openStudentView, toast } from "./support/ui";

// Monday 9 March 2026 at the academy.
test.use({ serverOptions: { env: { PRESTALAB_NOW: "2026-03-09T09:00:00+01:00" } } });

async function pdfPages(download: Download): Promise<string[]> {
  const path = await download.path();
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(path)));
  return (await extractText(pdf, { mergePages: false })).text;
}

async function camera(server: PrestaLabServer, token: string) {
  const created = await server.call("POST", "/api/inventario", {
    token,
    body: {
      nome: "Sony Alpha 7 IV",
      unita: ["A7-001", "A7-002", "A7-003"],
      corsi_assegnati: ["Fotografia"],
      tipo_prestito: "solo_esterno",
      checklist: "Batteria\nCaricatore",
    },
  });
  expect(created.status).toBe(200);
  return Object.assign(created.body.unita as { id: number; codice_univoco: string }[], {
    itemId: created.body.id as number,
  });
}

/** `student` asks for the unit from `from` to `to` and the desk approves it: the loan's id. */
async function approvedRequest(
  server: PrestaLabServer,
  admin: string,
  student: Student,
  unitId: number,
  [from, to]: [string, string],
): Promise<number> {
  const request = await server.call("POST", "/api/richieste", {
    token: await server.login(student),
    body: { unit_id: unitId, dal: from, al: to, note: null, tipo_utilizzo: null },
  });
  expect(request.status).toBe(200);
  const approved = await server.call("PUT", `/api/prestiti/${request.body.id}/approva`, { token: admin });
  expect(approved.status).toBe(200);
  return approved.body.loanId;
}

/**
 * A photography student (`name`, `surname`) asks for the camera's first unit from today, Monday 9, to
 * `until`, and the desk approves it: the student and the loan's id.
 */
async function cameraApprovedFor(
  server: PrestaLabServer,
  admin: string,
  person: { name: string; surname: string },
  until: string,
) {
  const [first] = await camera(server, admin);
  if (!first) throw new Error("no units");
  const student = await server.registerStudent({ ...person, corso_accademico: "Fotografia" });
  return { student, loanId: await approvedRequest(server, admin, student, first.id, ["2026-03-09", until]) };
}

test("the morning at the counter: scan to hand over, scan to return late with the preview, damaged into repair", async ({
  page,
  server,
}) => {
  test.setTimeout(150_000);
  const admin = await server.login();
  const units = await camera(server, admin);
  const [first, second] = units;
  if (!first || !second) throw new Error("no units");
  const student = await server.registerStudent({ name: "Sara", surname: "Gallo", corso_accademico: "Fotografia" });
  // Monday: A7-002 goes out until Monday; a request for A7-001 from Thursday is approved.
  const lent = await server.call("POST", "/api/prestiti", {
    token: admin,
    body: {
      inventario_id: units.itemId,
      utente_id: student.user.id,
      chi: "",
      data_uscita: "2026-03-09",
      data_rientro: "2026-03-09",
      unita_ids: [second.id],
      consegna: true,
    },
  });
  expect(lent.status).toBe(200);
  await approvedRequest(server, admin, student, first.id, ["2026-03-12", "2026-03-13"]);

  // Thursday morning: Sara comes for A7-001 and brings A7-002 back, three days late and damaged.
  await server.restart({ PRESTALAB_NOW: "2026-03-12T09:00:00+01:00" });
  await openSignedIn(page, server, server.admin, "/banco");
  await expect(page.getByRole("heading", { level: 1, name: "Banco" })).toBeVisible();
  const code = page.getByLabel("Codice dell'unità");
  await expect(code).toBeFocused();
  // A USB scanner types the code and Enter.
  await code.pressSequentially("A7-001");
  await code.press("Enter");
  const firstCard = page.getByRole("article", { name: /A7-001/ });
  await expect(firstCard.getByText("Da consegnare oggi")).toBeVisible();
  await saveScreenshots(page, "counter-scan-handover");
  await firstCard.getByRole("button", { name: "Consegna" }).click();
  const handOver = dialog(page, "Consegna");
  await expect(handOver.getByText("Caricatore")).toBeVisible();
  await handOver.getByRole("button", { name: "Registra consegna" }).click();
  await expect(handOver.getByText("Consegna registrata. Stampa la ricevuta da firmare.")).toBeVisible();
  const receiptDownload = page.waitForEvent("download");
  await handOver.getByRole("button", { name: "Stampa ricevuta" }).click();
  expect((await pdfPages(await receiptDownload)).join("\n")).toContain("Ricevuta di prestito");
  await handOver.getByRole("button", { name: "Fatto" }).click();

  await code.fill(`http://127.0.0.1:4311/inventario/1?unita=${second.codice_univoco}`);
  await code.press("Enter");
  const secondCard = page.getByRole("article", { name: /A7-002/ });
  await expect(secondCard.getByText("In prestito: da restituire")).toBeVisible();
  await secondCard.getByRole("button", { name: "Restituisci" }).click();
  const back = dialog(page, "Termina prestito");
  const preview = back.getByRole("region", { name: "Anteprima della restituzione" });
  await expect(preview.getByText("Ritardo: 3 giorni")).toBeVisible();
  await expect(preview.getByText("Penalità assegnate: 1")).toBeVisible();
  // The accessories are never assumed back: the desk says so in one click.
  await back.getByRole("button", { name: "Tutto restituito" }).click();
  await back.getByRole("radio", { name: "Danneggiato" }).check();
  await back.getByLabel(/Descrizione del danno/).fill("Display graffiato");
  await saveScreenshots(page, "counter-return-preview");
  await back.getByRole("button", { name: "Termina prestito" }).click();
  await expect(back).toHaveCount(0);
  const sessionList = page.getByRole("list", { name: "Scansioni di questa sessione" });
  await expect(sessionList.getByText(/Restituita con 3 giorni di ritardo: 1 penalità/)).toBeVisible();
  await expect(sessionList.getByText(/Consegnata a Sara Gallo/)).toBeVisible();
  await saveScreenshots(page, "counter-session");

  const repairs = await server.call("GET", "/api/riparazioni", { token: admin });
  expect(repairs.body).toMatchObject([{ unit_id: second.id, stato: "in_corso" }]);
  const strikes = await server.call("GET", `/api/penalties/user/${student.user.id}`, { token: admin });
  expect(JSON.stringify(strikes.body)).toContain('"strike_assegnati":1');
});

test("a free unit is lent on the scan screen to a student found by matricola, handed over at once", async ({
  page,
  server,
}) => {
  const admin = await server.login();
  await camera(server, admin);
  await server.registerStudent({ name: "Sara", surname: "Gallo", matricola: "F0042", corso_accademico: "Fotografia" });
  await server.registerStudent({ name: "Sara", surname: "Galli", matricola: "D0077", corso_accademico: "Design" });
  await openSignedIn(page, server, server.admin, "/banco");
  const code = page.getByLabel("Codice dell'unità");
  await code.pressSequentially("A7-003");
  await code.press("Enter");
  const card = page.getByRole("article", { name: /A7-003/ });
  await expect(card.getByText("Libera: si può prestare")).toBeVisible();
  const lend = card.getByRole("form", { name: "Presta A7-003" });
  const search = lend.getByRole("searchbox", { name: "Studente (matricola, nome o email)" });
  await expect(search).toBeFocused();

  // The server's direct-loan rules answer on the scan screen: the camera is not lent outside its course.
  await search.pressSequentially("D0077");
  await lend.getByRole("radio", { name: /Sara Galli/ }).check();
  await lend.getByRole("button", { name: "Presta e consegna" }).click();
  await expect(lend.getByText("L'articolo non è assegnato al corso dello studente")).toBeVisible();

  await search.fill("F0042");
  await expect(lend.getByRole("radio")).toHaveCount(1);
  await lend.getByRole("radio", { name: /Sara Gallo/ }).check();
  await expect(lend.getByText("Il 16/03/2026")).toBeVisible();
  await saveScreenshots(page, "counter-lend");
  await lend.getByRole("button", { name: "Presta e consegna" }).click();
  await expect(card.getByText("In prestito: da restituire")).toBeVisible();
  const sessionList = page.getByRole("list", { name: "Scansioni di questa sessione" });
  await expect(sessionList.getByText(/Prestata a Sara Gallo fino al 16\/03\/2026/)).toBeVisible();
  await saveScreenshots(page, "counter-lent");

  const loans = await server.call("GET", "/api/prestiti?all=1", { token: admin });
  expect(loans.body).toHaveLength(1);
  expect(loans.body[0]).toMatchObject({
    utente_nome_reale: "Sara Gallo",
    unita: ["A7-003"],
    data_uscita: "2026-03-09",
    data_rientro: "2026-03-16",
  });
  expect(loans.body[0].consegnato_il).not.toBeNull();
});

test("a no-show is cancelled from the loans, freeing the unit with no strike", async ({ page, server }) => {
  const admin = await server.login();
  const { student, loanId } = await cameraApprovedFor(server, admin, { name: "Luca", surname: "Verdi" }, "2026-03-10");
  // The day after its start, within the collection days (after them the no-show job cancels it by itself).
  await server.restart({ PRESTALAB_NOW: "2026-03-10T09:00:00+01:00" });
  await openSignedIn(page, server, server.admin, "/prestiti");
  const card = page.getByRole("article", { name: /Sony Alpha 7 IV/ });
  await expect(card.getByText("Da ritirare dal 09/03/2026")).toBeVisible();
  await saveScreenshots(page, "counter-no-show");
  await card.getByRole("button", { name: /Annulla prestito mai ritirato/ }).click();
  await dialog(page, "Annulla prestito").getByRole("button", { name: "Annulla prestito" }).click();
  await expect(toast(page, "Prestito annullato: Sony Alpha 7 IV è di nuovo disponibile")).toBeVisible();
  const loans = await server.call("GET", "/api/prestiti?all=1", { token: admin });
  expect(loans.body.find((loan: { id: number }) => loan.id === loanId)).toMatchObject({
    fase: "annullato",
    giorni_ritardo: 0,
  });
  expect((await server.call("GET", `/api/penalties/user/${student.user.id}`, { token: admin })).body).toMatchObject({
    userInfo: { penalty_strikes: 0 },
    penalties: [],
  });
});

test("labels are printed for the inventory's current filter and for a selection", async ({ page, server }) => {
  const admin = await server.login();
  await camera(server, admin);
  await server.call("POST", "/api/inventario", {
    token: admin,
    body: { nome: "Treppiede Manfrotto", quantita_totale: 2, corsi_assegnati: ["Fotografia"] },
  });
  await openSignedIn(page, server, server.admin, "/inventario");
  await page.getByRole("searchbox").first().fill("Sony");
  await expect(page.getByRole("status").filter({ hasText: "1 risultato trovato" })).toBeVisible();
  await saveScreenshots(page, "counter-labels-filter");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Stampa etichette" }).click();
  await page.getByRole("dialog", { name: "Stampa etichette" }).getByRole("button", { name: "Scarica il PDF" }).click();
  const pages = await pdfPages(await download);
  expect(pages).toHaveLength(1);
  for (const code of ["A7-001", "A7-002", "A7-003"]) expect(pages[0]).toContain(code);
  expect(pages[0]).not.toContain("TREPPIEDE");

  // A selection: the tripod ticked, the search cleared, the camera ticked too, then both printed.
  await page.getByRole("searchbox").first().fill("Treppiede");
  await page.getByRole("checkbox", { name: "Seleziona Treppiede Manfrotto" }).check();
  await page.getByRole("searchbox").first().fill("");
  await page.getByRole("checkbox", { name: "Seleziona Sony Alpha 7 IV" }).check();
  await expect(page.getByText("2 articoli selezionati")).toBeVisible();
  await saveScreenshots(page, "counter-labels-selection");
  const selection = page.waitForEvent("download");
  await page.getByRole("button", { name: "Stampa etichette dei selezionati" }).click();
  await page.getByRole("dialog", { name: "Stampa etichette" }).getByRole("button", { name: "Scarica il PDF" }).click();
  const selected = (await pdfPages(await selection)).join("\n");
  for (const code of ["A7-001", "A7-002", "A7-003", "TREPPIEDE"]) expect(selected).toContain(code);
});

test("a student downloads the receipt of their loan", async ({ page, server }) => {
  const admin = await server.login();
  const { student, loanId } = await cameraApprovedFor(server, admin, { name: "Sara", surname: "Gallo" }, "2026-03-11");
  await server.call("PUT", `/api/prestiti/${loanId}/consegna`, { token: admin });
  await openSignedIn(page, server, student);
  await openStudentView(page, "I Miei Prestiti");
  await expect(page.getByText("Sony Alpha 7 IV").first()).toBeVisible();
  await saveScreenshots(page, "counter-student-receipt");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Scarica ricevuta: Sony Alpha 7 IV" }).click();
  const text = (await pdfPages(await download)).join("\n");
  expect(text).toContain(`Ricevuta di prestito n. ${loanId}`);
  expect(text).toContain("Sara Gallo");
  expect(text).toContain("A7-001");
});

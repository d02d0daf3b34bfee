/**
 * Sets: a shoot's whole kit booked, approved, handed over, signed for and returned as one. The desk
 * defines a kit, a student books it with one extra lens for next week, the desk approves once, hands the
 * set out at the Banco by scanning (one unit swapped, accessories ticked, the student signing on the
 * pad), and a week later takes it back with a battery missing, which the student then sees. Every new
 * screen passes the accessibility audit. The clicks and seconds each person spends are kept as the
 * test's annotations (and printed with PRESTALAB_E2E_TALLY=1).
 */
import { createHash } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { auditScreen } from "./support/accessibility";
import { expect, test } from "./support/fixtures";
import { layouts } from "./support/screenshots";
import type { Credentials, PrestaLabServer } from "./support/server";
import { dialog, openSignedIn, pickBookingDays } from "./support/ui";

// Monday 9 March 2026 at the academy; the shoot runs from Monday 16 to Monday 23 March.
test.use({ serverOptions: { env: { PRESTALAB_NOW: "2026-03-09T09:00:00+01:00" } } });
const SHOOT = { from: "2026-03-16", to: "2026-03-23" };

/** What one person spends on the screens: clicks (a typed code and Enter count as one) and seconds. */
class Tally {
  clicks = 0;
  private ms = 0;
  private startedAt: number | null = null;

  start() {
    this.startedAt = Date.now();
  }

  stop() {
    if (this.startedAt !== null) this.ms += Date.now() - this.startedAt;
    this.startedAt = null;
  }

  get seconds() {
    return Math.round(this.ms / 100) / 10;
  }

  async click(target: Locator) {
    this.clicks++;
    await target.click();
  }

  /** A scanner types the code and Enter: one action. */
  async scan(field: Locator, code: string) {
    this.clicks++;
    await field.fill(code);
    await field.press("Enter");
  }

  /** A menu entry: the person clicks it, the test opens its address. */
  async open(page: Page, path: string) {
    this.clicks++;
    await page.goto(path);
  }
}

async function item(server: PrestaLabServer, token: string, nome: string, unita: string[]) {
  const created = await server.call("POST", "/api/inventario", {
    token,
    body: { nome, unita, corsi_assegnati: ["Fotografia"], tipo_prestito: "solo_esterno" },
  });
  expect(created.status).toBe(200);
  return created.body as { id: number; unita: { id: number; codice_univoco: string }[] };
}

for (const layout of layouts) {
  test(`a shoot's set at ${layout.width} px: kit, booking, one approval, scanned hand-over with a signature, return with a battery missing`, async ({
    page,
    server,
  }, testInfo) => {
    // The 1280 px journey also audits every new screen (both widths, light and dark): minutes by design.
    const audit = layout.width === 1280;
    test.setTimeout(audit ? 480_000 : 180_000);
    // Signing in checks the desktop's "Esci"; the journey itself then runs at the layout's width.
    async function openAs(credentials: Credentials, path: string) {
      await page.setViewportSize(layouts[0]);
      await openSignedIn(page, server, credentials, path);
      await page.setViewportSize(layout);
    }
    // The kit is defined once, for every shoot after: its cost is kept apart from the shoot's.
    const kitDesk = new Tally();
    const desk = new Tally();
    const studentTally = new Tally();
    // An audit is the test's time, not the person's: the tally pauses while it runs.
    async function auditOffTheClock(tally: Tally, screen: string) {
      if (!audit) return;
      tally.stop();
      await auditScreen(page, screen);
      tally.start();
    }
    const admin = await server.login();
    await item(server, admin, "Canon EOS R6", ["R6-001"]);
    await item(server, admin, "Obiettivo 35mm", ["L35-001"]);
    await item(server, admin, "Treppiede Manfrotto", ["TRI-001"]);
    await item(server, admin, "Microfono Rode", ["MIC-001"]);
    const lens = await item(server, admin, "Obiettivo 50mm", ["L50-001", "L50-002"]);
    const student = await server.registerStudent({ name: "Sara", surname: "Gallo", corso_accademico: "Fotografia" });

    // The desk defines the kit: four articles and two kinds of accessory.
    await openAs(server.admin, "/kit");
    kitDesk.start();
    await kitDesk.click(page.getByRole("button", { name: "Nuovo kit" }));
    const kitForm = dialog(page, "Nuovo kit");
    await kitDesk.click(kitForm.getByLabel("Nome del kit"));
    await kitForm.getByLabel("Nome del kit").fill("Kit Ripresa");
    await kitDesk.click(kitForm.getByRole("checkbox", { name: "Fotografia" }));
    for (const name of ["Canon EOS R6", "Obiettivo 35mm", "Treppiede Manfrotto", "Microfono Rode"]) {
      await kitForm.getByRole("searchbox", { name: "Aggiungi un articolo al kit" }).fill(name.split(" ")[0] ?? name);
      await kitDesk.click(kitForm.getByRole("button", { name, exact: true }));
    }
    for (const [index, [name, count]] of (
      [
        ["Batteria", "2"],
        ["Scheda SD", "1"],
      ] as const
    ).entries()) {
      await kitDesk.click(kitForm.getByRole("button", { name: "Aggiungi accessorio" }));
      await kitForm.getByRole("textbox", { name: `Nome dell'accessorio ${index + 1}` }).fill(name);
      await kitForm.getByRole("spinbutton", { name: `Quantità dell'accessorio ${index + 1}` }).fill(count);
    }
    await auditOffTheClock(kitDesk, "sets-kit-form");
    await kitDesk.click(kitForm.getByRole("button", { name: "Salva il kit" }));
    await expect(kitForm).toBeHidden();
    await expect(page.getByText("Kit Ripresa").first()).toBeVisible();
    kitDesk.stop();
    if (audit) await auditScreen(page, "sets-kits");

    // The student books the kit with one extra 50 mm lens for next week: one request.
    await openAs(student, "/articoli");
    studentTally.start();
    await studentTally.click(page.getByRole("button", { name: "Aggiungi al set: Kit Ripresa" }));
    await studentTally.click(page.getByRole("button", { name: "Aggiungi al set: Obiettivo 50mm" }));
    await studentTally.click(page.getByRole("button", { name: "Il mio set, 2 elementi" }));
    const drawer = page.getByRole("dialog");
    await expect(
      drawer.getByRole("list", { name: "Righe del set" }).getByText("Obiettivo 50mm", { exact: true }),
    ).toBeVisible();
    await auditOffTheClock(studentTally, "sets-drawer");
    await studentTally.click(drawer.getByRole("button", { name: "Scegli le date" }));
    studentTally.clicks += 2;
    await pickBookingDays(drawer, SHOOT.from, SHOOT.to);
    await auditOffTheClock(studentTally, "sets-drawer-dates");
    await studentTally.click(drawer.getByRole("button", { name: "Invia richiesta" }));
    const studentToken = await server.login(student);
    await expect
      .poll(async () => (await server.call("GET", "/api/prenotazioni/mie", { token: studentToken })).body.length)
      .toBe(1);
    studentTally.stop();
    const [booked] = (await server.call("GET", "/api/prenotazioni/mie", { token: studentToken })).body;
    const setId = booked.id as number;
    expect(booked.unita_totali).toBe(5);

    // The desk approves the whole set once.
    await openAs(server.admin, "/prestiti?tab=in_attesa");
    desk.start();
    const card = page.getByRole("list", { name: "Set in attesa" }).getByRole("article");
    await expect(card.getByText("Tutto disponibile")).toBeVisible();
    await auditOffTheClock(desk, "sets-pending");
    await desk.click(card.getByRole("button", { name: "Approva" }));
    await expect
      .poll(async () => (await server.call("GET", `/api/prenotazioni/${setId}`, { token: admin })).body.stato)
      .toBe("approvata");
    desk.stop();

    // Monday 16: at the Banco the desk scans each unit, the other 50 mm lens in place of the assigned one.
    await server.restart({ PRESTALAB_NOW: "2026-03-16T09:00:00+01:00" });
    const approved = (await server.call("GET", `/api/prenotazioni/${setId}`, { token: await server.login() })).body;
    const assignedLens = (approved.righe as { inventario_id: number; codice_univoco: string }[]).find(
      (line) => line.inventario_id === lens.id,
    )?.codice_univoco;
    const otherLens = assignedLens === "L50-001" ? "L50-002" : "L50-001";
    await openAs(server.admin, "/banco");
    desk.start();
    const code = page.getByLabel("Codice dell'unità");
    const panel = page.getByRole("region", { name: "Set di Sara Gallo" });
    for (const scanned of ["R6-001", "L35-001", "TRI-001", "MIC-001", otherLens]) {
      await desk.scan(code, scanned);
      await expect(panel.getByRole("list", { name: "Unità da consegnare" })).toBeVisible();
    }
    await expect(panel.getByText(`${otherLens} al posto di ${assignedLens}`)).toBeVisible();
    await desk.click(panel.getByRole("checkbox", { name: "Batteria" }));
    await desk.click(panel.getByRole("checkbox", { name: "Scheda SD" }));
    desk.stop();
    // The student signs on the desk's pad with the mouse.
    studentTally.start();
    const pad = panel.getByRole("img", { name: "Firma dello studente: vuoto" });
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error("no signature pad");
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 8 });
    await page.mouse.up();
    studentTally.clicks++;
    await expect(panel.getByRole("img", { name: "Firma dello studente: firmato" })).toBeVisible();
    studentTally.stop();
    if (audit) await auditScreen(page, "sets-banco-handover");
    desk.start();
    await desk.click(panel.getByRole("button", { name: "Consegna 5 unità" }));
    await expect(panel.getByText("Consegnate 5 unità a Sara")).toBeVisible();
    desk.stop();

    // The signed receipt carries the signature image, and its SHA-256 is in the audit trail.
    const deskToken = await server.login();
    const receipt = await server.download(`/api/prenotazioni/${setId}/ricevuta`, deskToken);
    expect(receipt.status).toBe(200);
    expect(receipt.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(receipt.bytes.toString("latin1")).toMatch(/\/Subtype\s*\/Image/);
    const sha256 = createHash("sha256").update(receipt.bytes).digest("hex");
    const handedOut = (await server.call("GET", `/api/prenotazioni/${setId}`, { token: deskToken })).body;
    expect(handedOut.ricevuta_sha256).toBe(sha256);
    expect(handedOut.firma?.tipo).toBe("disegno");
    expect(JSON.stringify((await server.call("GET", "/api/audit", { token: deskToken })).body)).toContain(sha256);

    // Monday 23: one scan opens the set's return; one battery does not come back.
    await server.restart({ PRESTALAB_NOW: "2026-03-23T09:00:00+01:00" });
    await openAs(server.admin, "/banco");
    desk.start();
    await desk.scan(page.getByLabel("Codice dell'unità"), "TRI-001");
    await expect(panel.getByRole("list", { name: "Unità da restituire" })).toBeVisible();
    await desk.click(panel.getByRole("button", { name: "Tutto restituito" }));
    const batteries = panel.getByRole("spinbutton", { name: "Numero di Batteria" });
    await desk.click(batteries);
    await batteries.fill("1");
    await expect(panel.getByText("Restano aperti come mancanza: 1 × Batteria")).toBeVisible();
    await auditOffTheClock(desk, "sets-banco-return");
    await desk.click(panel.getByRole("button", { name: "Registra la restituzione" }));
    await expect
      .poll(
        async () =>
          (await server.call("GET", `/api/prenotazioni/${setId}`, { token: await server.login() })).body.stato,
      )
      .toBe("conclusa");
    desk.stop();

    // The desk's dashboard lists the mancanza; the student sees it under the set.
    await page.goto("/dashboard");
    await expect(page.getByRole("list", { name: "Mancanze aperte" }).getByText("1 × Batteria")).toBeVisible();
    if (audit) await auditScreen(page, "sets-dashboard-shortages");
    await openAs(student, "/mie-prenotazioni");
    await expect(page.getByText("Da restituire all'ufficio: 1 × Batteria")).toBeVisible();
    if (audit) await auditScreen(page, "sets-my-sets");

    for (const [who, tally] of [
      ["studente", studentTally],
      ["banco", desk],
      ["banco, definizione del kit", kitDesk],
    ] as const) {
      const description = `${tally.clicks} clic, ${tally.seconds} s`;
      testInfo.annotations.push({ type: `${who} a ${layout.width} px`, description });
      if (process.env.PRESTALAB_E2E_TALLY) console.log(`${who} a ${layout.width} px: ${description}`);
    }
  });
}

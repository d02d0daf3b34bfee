import { describe, expect, it } from "bun:test";
import { LABEL_FORMATS } from "../../domain/label-formats";
import {
  createTestClient,
  createTestContext,
  downloadFile,
  type Json,
  registerStudent,
  signInAdmin,
} from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { directLoanOk, handOverOk, lendCamera, loanScenario, returnOk, unitIdOf } from "../../testing/loan-fixtures";
import { decodeQr, pdfImages, pdfPagesText } from "../../testing/pdf-reading";

/** A desk with PUBLIC_URL set (null: unset), an item of `units` units whose name needs more than one line. */
async function labelDesk(units: number, publicUrl: string | null = "https://prestiti.accademia.it") {
  const ctx = { ...createTestContext(), publicUrl: publicUrl ?? undefined };
  const client = createTestClient(ctx);
  const admin = await signInAdmin(client);
  const item = await createItem(client, admin.token, {
    nome: "Fotocamera mirrorless Sony Alpha 7 IV con obiettivo 28-70",
    unita: Array.from({ length: units }, (_, index) => `A7IV-${String(index + 1).padStart(3, "0")}`),
  });
  return { client, admin: admin.token, item };
}

const idsOf = (item: Json) => (item.unita as Json[]).map((unit) => unit.id).join(",");

describe("unit labels", () => {
  it("prints one label per unit on A4 sheets of 24, each with the code and the item's name", async () => {
    const { client, admin, item } = await labelDesk(26);
    const answer = await downloadFile(client, `/api/etichette?unita=${idsOf(item)}`, admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const pages = await pdfPagesText(answer.bytes);
    expect(pages).toHaveLength(2);
    const codes = (item.unita as Json[]).map((unit) => unit.codice_univoco as string);
    const codesOn = (page: string) => codes.filter((code) => page.includes(code));
    expect(codesOn(pages[0] ?? "")).toHaveLength(LABEL_FORMATS["a4-3x8"].perSheet);
    expect(codesOn(pages[1] ?? "")).toHaveLength(26 - LABEL_FORMATS["a4-3x8"].perSheet);
    expect(pages[0]).toContain("Fotocamera mirrorless");
    expect(await pdfImages(answer.bytes)).toHaveLength(26);
  });

  it("carries a QR code that a decoder reads as the item page with the unit selected, at PUBLIC_URL", async () => {
    const { client, admin, item } = await labelDesk(1);
    const unit = (item.unita as Json[])[0] as Json;
    const answer = await downloadFile(client, `/api/etichette?unita=${unit.id}`, admin);
    const [image] = await pdfImages(answer.bytes);
    if (!image) throw new Error("no QR image in the label");
    expect(decodeQr(image)).toBe(
      `https://prestiti.accademia.it/inventario/${item.id}?unita=${encodeURIComponent(unit.codice_univoco)}`,
    );
  });

  it("falls back to the address the request came to while PUBLIC_URL is unset", async () => {
    const { client, admin, item } = await labelDesk(1, null);
    const answer = await downloadFile(client, `/api/etichette?unita=${idsOf(item)}`, admin);
    const [image] = await pdfImages(answer.bytes);
    if (!image) throw new Error("no QR image in the label");
    expect(decodeQr(image)).toStartWith(`http://localhost/inventario/${item.id}?unita=`);
  });

  it("follows the address set on the settings page over PUBLIC_URL", async () => {
    const { client, admin, item } = await labelDesk(1);
    const saved = await client.put("/api/impostazioni", { url_pubblico: "https://banco.accademia.it/" }, admin);
    expect(saved.status).toBe(200);
    const answer = await downloadFile(client, `/api/etichette?unita=${idsOf(item)}`, admin);
    const [image] = await pdfImages(answer.bytes);
    if (!image) throw new Error("no QR image in the label");
    expect(decodeQr(image)).toStartWith(`https://banco.accademia.it/inventario/${item.id}?unita=`);
  });

  it("is for the desk only, and refuses unknown or malformed units", async () => {
    const { client, admin, item } = await labelDesk(1);
    const student = await registerStudent(client);
    expect((await client.get(`/api/etichette?unita=${idsOf(item)}`, student.token)).status).toBe(403);
    expect((await client.get("/api/etichette?unita=99999", admin)).body).toEqual({ error: "Unità non trovata" });
    expect((await client.get("/api/etichette?unita=1,,2", admin)).body).toEqual({ error: "Unità non valide" });
    expect((await client.get("/api/etichette", admin)).status).toBe(400);
  });
});

/**
 * The longest the server's thread went without running a timer while `work` ran. Drawn on that thread,
 * 500 labels kept it from any other work for about 2 s at a stretch.
 */
async function longestPauseDuring<T>(work: () => Promise<T>): Promise<{ result: T; pauseMs: number }> {
  let last = performance.now();
  let pauseMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    pauseMs = Math.max(pauseMs, now - last);
    last = now;
  }, 1);
  try {
    const result = await work();
    return { result, pauseMs: Math.max(pauseMs, performance.now() - last) };
  } finally {
    clearInterval(timer);
  }
}

describe("drawing PDFs off the server's thread", () => {
  it("keeps the server answering while 500 labels are drawn", async () => {
    const { client, admin, item } = await labelDesk(500);
    const { result, pauseMs } = await longestPauseDuring(() =>
      downloadFile(client, `/api/etichette?unita=${idsOf(item)}`, admin),
    );
    expect(result.status).toBe(200);
    expect(await pdfPagesText(result.bytes)).toHaveLength(Math.ceil(500 / LABEL_FORMATS["a4-3x8"].perSheet));
    expect(pauseMs).toBeLessThan(250);
  }, 30_000);

  it("prints a receipt whose note is one 1,000-character word and whose terms are one of 3,000", async () => {
    const { client, admin, camera, student } = await loanScenario();
    const note = `${"Obiettivo".repeat(111)}X`;
    const terms = "Condizione".repeat(300);
    expect((await client.put("/api/impostazioni", { testo_condizioni: terms }, admin)).status).toBe(200);
    const id = await directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera, 0)],
      utente_id: student.user.id,
      note,
    });
    const answer = await downloadFile(client, `/api/prestiti/${id}/ricevuta`, student.token);
    expect(answer.status).toBe(200);
    const text = (await pdfPagesText(answer.bytes)).join("").replace(/\s+/g, "");
    expect(text).toContain(note);
    expect(text).toContain(terms);
  });
});

describe("loan receipts", () => {
  it("hold the loan, the borrower, the units, the dates, who handed it over, the terms and room to sign", async () => {
    const scenario = await loanScenario();
    const { client, admin, camera, student } = scenario;
    const id = await directLoanOk(client, admin, {
      inventario_id: camera.id,
      unita_ids: [unitIdOf(camera, 0), unitIdOf(camera, 1)],
      utente_id: student.user.id,
      data_rientro: "2026-03-12",
      consegna: false,
    });
    await handOverOk(client, admin, id);
    const answer = await downloadFile(client, `/api/prestiti/${id}/ricevuta`, admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const pages = await pdfPagesText(answer.bytes);
    expect(pages).toHaveLength(1);
    const text = pages.join("\n");
    for (const expected of [
      `Ricevuta di prestito n. ${id}`,
      "Giulia Rossi",
      student.user.email,
      "Articolo: Fotocamera Canon",
      camera.unita[0].codice_univoco,
      camera.unita[1].codice_univoco,
      "10/03/2026",
      "12/03/2026",
      "da Marta Bianchi",
      "Condizioni del prestito",
      "Firma di chi riceve",
      "Firma del banco prestiti",
    ])
      expect(text).toContain(expected);
  });

  it("print the terms written on the settings page", async () => {
    const scenario = await loanScenario();
    const { client, admin } = scenario;
    const terms = "Restituire pulito e carico. Il banco chiude alle 18.";
    expect((await client.put("/api/impostazioni", { testo_condizioni: terms }, admin)).status).toBe(200);
    const id = await lendCamera(scenario);
    const answer = await downloadFile(client, `/api/prestiti/${id}/ricevuta`, admin);
    expect((await pdfPagesText(answer.bytes)).join("\n")).toContain(terms);
  });

  it("is the borrower's to download for their own loans only", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, classmate } = scenario;
    const id = await lendCamera(scenario);
    await returnOk(client, admin, id);
    const own = await downloadFile(client, `/api/prestiti/${id}/ricevuta`, student.token);
    expect(own.status).toBe(200);
    expect((await pdfPagesText(own.bytes)).join("\n")).toContain("Restituito");
    const other = await client.get(`/api/prestiti/${id}/ricevuta`, classmate.token);
    expect(other).toMatchObject({ status: 404, body: { error: "Prestito non trovato" } });
    expect((await client.get(`/api/prestiti/${id}/ricevuta`)).status).toBe(401);
  });
});

describe("PUBLIC_URL on the Sistema page", () => {
  it("is shown when set, and its absence is said", async () => {
    const set = await labelDesk(1);
    expect((await set.client.get("/api/system/status", set.admin)).body).toMatchObject({
      url_pubblico: "https://prestiti.accademia.it",
      avviso_url_pubblico: null,
    });
    const unset = await labelDesk(1, null);
    const status = (await unset.client.get("/api/system/status", unset.admin)).body;
    expect(status.url_pubblico).toBeNull();
    expect(status.avviso_url_pubblico).toContain("PUBLIC_URL non è impostato");
  });
});

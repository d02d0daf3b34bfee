import { describe, expect, it } from "bun:test";
import { downloadFile } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { createPortraitKit } from "../../testing/kit-fixtures";
import { loanScenario } from "../../testing/loan-fixtures";
import { decodeQr, pdfImages, pdfPagesText } from "../../testing/pdf-reading";

describe("a kit's label", () => {
  it("prints the kit's code and name with a QR code of the kit's page at the public address", async () => {
    const scenario = await loanScenario();
    const { client, admin } = scenario;
    const kit = await createPortraitKit(scenario);
    const saved = await client.put("/api/impostazioni", { url_pubblico: "https://prestiti.accademia.it" }, admin);
    expect(saved.status).toBe(200);
    const answer = await downloadFile(client, `/api/kit/${kit.id}/etichetta`, admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const [page] = await pdfPagesText(answer.bytes);
    expect(page).toContain(`KIT-${kit.id}`);
    expect(page).toContain("Kit ritratto");
    const [image] = await pdfImages(answer.bytes);
    if (!image) throw new Error("no QR image on the kit's label");
    expect(decodeQr(image)).toBe(`https://prestiti.accademia.it/kit/${kit.id}`);
  });

  it("is for the desk only, and answers 404 for a kit that is gone", async () => {
    const scenario = await loanScenario();
    const { client, admin, student } = scenario;
    const kit = await createPortraitKit(scenario);
    expect((await client.get(`/api/kit/${kit.id}/etichetta`, student.token)).status).toBe(403);
    await client.delete(`/api/kit/${kit.id}`, admin);
    expect((await client.get(`/api/kit/${kit.id}/etichetta`, admin)).body).toEqual({ error: "Kit non trovato" });
  });
});

describe("the Banco's scan of a kit", () => {
  it("answers the kit for its label's QR and for its code typed by hand", async () => {
    const scenario = await loanScenario();
    const { client, admin } = scenario;
    const kit = await createPortraitKit(scenario);
    const scan = (text: string) => client.get(`/api/banco/scansione?codice=${encodeURIComponent(text)}`, admin);
    const byQr = await scan(`https://prestiti.accademia.it/kit/${kit.id}`);
    expect(byQr.status).toBe(200);
    expect(byQr.body).toEqual({ unita: [], kit, prenotazione_id: null });
    expect((await scan(` kit-${kit.id} `)).body).toEqual({ unita: [], kit, prenotazione_id: null });
    expect((await scan("KIT-99999")).body).toEqual({ error: "Nessun kit con il codice KIT-99999" });
  });

  it("finds a unit whose own code looks like a kit's before the kit", async () => {
    const scenario = await loanScenario();
    const { client, admin } = scenario;
    await createItem(client, admin, { nome: "Kit luci", quantita_totale: 1, unita: ["KIT-1"] });
    const kit = await createPortraitKit(scenario);
    expect(kit.id).toBe(1);
    const answer = await client.get("/api/banco/scansione?codice=KIT-1", admin);
    expect(answer.body).toMatchObject({ unita: [{ codice_univoco: "KIT-1" }], kit: null });
  });

  it("still answers a unit as before, with no kit and no set", async () => {
    const { client, admin, camera } = await loanScenario();
    const code = camera.unita[0].codice_univoco;
    const answer = await client.get(`/api/banco/scansione?codice=${code}`, admin);
    expect(answer.body).toMatchObject({ unita: [{ codice_univoco: code, azione: "prestito" }], kit: null });
    expect(answer.body.prenotazione_id).toBeNull();
  });
});

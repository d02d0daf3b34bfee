import { describe, expect, it } from "bun:test";
import type { Json } from "../../testing/harness";
import { createItem, editPayload, inventoryScenario } from "../../testing/inventory-fixtures";

const ZOOM_UNITS = [
  { codice_univoco: "ZH5-1", numero_serie: "SN-A1", data_acquisto: "2024-09-01", valore: 279.9, note: "spugna nuova" },
  { codice_univoco: "ZH5-2", numero_serie: "SN-A2", data_acquisto: "15/10/2024", valore: "1.234,50" },
];

async function zoomRecorder() {
  const scenario = await inventoryScenario();
  const item = await createItem(scenario.client, scenario.admin, {
    nome: "Registratore Zoom H5",
    marca: "Zoom",
    modello: "H5",
    unita: ZOOM_UNITS,
  });
  return { ...scenario, item };
}

describe("units with their own identity", () => {
  it("stores each unit's serial, purchase date, value and notes, and the item's brand and model", async () => {
    const { item } = await zoomRecorder();
    expect(item).toMatchObject({ marca: "Zoom", modello: "H5" });
    expect(item.unita).toEqual([
      expect.objectContaining({
        codice_univoco: "ZH5-1",
        numero_serie: "SN-A1",
        data_acquisto: "2024-09-01",
        valore: 279.9,
        note: "spugna nuova",
      }),
      expect.objectContaining({
        codice_univoco: "ZH5-2",
        numero_serie: "SN-A2",
        data_acquisto: "2024-10-15",
        valore: 1234.5,
      }),
    ]);
  });

  it("keeps a unit's identity when an edit sends the unit without it, and changes what an edit sends", async () => {
    const { client, admin, item } = await zoomRecorder();
    const [first, second] = item.unita as Json[];
    const codesOnly = editPayload(item, {
      unita: [
        { id: first?.id, codice_univoco: "ZH5-1" },
        { id: second?.id, codice_univoco: "ZH5-2", numero_serie: "SN-B2", valore: null },
      ],
    });
    const edited = await client.put(`/api/inventario/${item.id}`, codesOnly, admin);
    expect(edited.status).toBe(200);
    expect(edited.body.unita).toEqual([
      expect.objectContaining({ numero_serie: "SN-A1", data_acquisto: "2024-09-01", valore: 279.9 }),
      expect.objectContaining({ numero_serie: "SN-B2", data_acquisto: "2024-10-15", valore: null }),
    ]);
  });

  it("refuses a purchase date or value that is not one, in Italian", async () => {
    const { client, admin } = await inventoryScenario();
    const badDate = await client.post(
      "/api/inventario",
      { nome: "Faro", corsi_assegnati: ["Fotografia"], unita: [{ codice_univoco: "F-1", data_acquisto: "ieri" }] },
      admin,
    );
    expect(badDate.status).toBe(400);
    expect(badDate.body.error).toBe("Data di acquisto non valida per l'unità F-1");
    const badValue = await client.post(
      "/api/inventario",
      { nome: "Faro", corsi_assegnati: ["Fotografia"], unita: [{ codice_univoco: "F-1", valore: -5 }] },
      admin,
    );
    expect(badValue.status).toBe(400);
    expect(badValue.body.error).toStartWith("Valore non valido per l'unità F-1");
  });

  it("shows a student the serials but not what a unit cost or when it was bought", async () => {
    const { client, student, item } = await zoomRecorder();
    const seen = await client.get(`/api/inventario/${item.id}`, student.token);
    expect(seen.status).toBe(200);
    expect(seen.body.unita[0]).toMatchObject({ numero_serie: "SN-A1", data_acquisto: null, valore: null });
  });
});

describe("searching by identity", () => {
  it("finds an item by a unit's serial or notes, by its brand or its model, in the list and in the desk's search", async () => {
    const { client, admin, item } = await zoomRecorder();
    await createItem(client, admin, { nome: "Treppiede", marca: "Manfrotto", quantita_totale: 1 });
    const listed = async (term: string) =>
      (
        (await client.get(`/api/inventario?pagina=1&search=${encodeURIComponent(term)}`, admin)).body.elementi as Json[]
      ).map((found) => found.nome);
    expect(await listed("SN-A2")).toEqual(["Registratore Zoom H5"]);
    expect(await listed("spugna")).toEqual(["Registratore Zoom H5"]);
    expect(await listed("manfrotto")).toEqual(["Treppiede"]);
    expect(await listed("H5")).toEqual(["Registratore Zoom H5"]);
    const found = await client.get("/api/cerca?q=SN-A1", admin);
    expect(found.body.unita).toEqual([expect.objectContaining({ codice_univoco: "ZH5-1", inventario_id: item.id })]);
    const byBrand = await client.get("/api/cerca?q=zoom", admin);
    expect(byBrand.body.oggetti).toEqual([expect.objectContaining({ id: item.id })]);
  });
});

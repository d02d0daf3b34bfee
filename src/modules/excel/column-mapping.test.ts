import { describe, expect, it } from "bun:test";
import * as XLSX from "xlsx";
import { downloadFile, type Json, type TestClient } from "../../testing/harness";
import { createCategory, createItem, deskInventory, inventoryScenario } from "../../testing/inventory-fixtures";
import { importBody, OWN_SHEET_ROWS, workbook } from "../../testing/spreadsheet-fixtures";

const IMPORT = "/api/excel/inventario/import";

function preview(client: TestClient, token: string, rows: unknown[][], mappatura?: Record<string, string>) {
  return client.post(
    IMPORT,
    { ...importBody(workbook(rows)), anteprima: true, ...(mappatura ? { mappatura } : {}) },
    token,
  );
}

function importRows(client: TestClient, token: string, rows: unknown[][], mappatura?: Record<string, string>) {
  return client.post(IMPORT, { ...importBody(workbook(rows)), ...(mappatura ? { mappatura } : {}) }, token);
}

const items = deskInventory;

async function exported(client: TestClient, token: string) {
  const { bytes } = await downloadFile(client, "/api/excel/inventario/export", token);
  const book = XLSX.read(bytes, { type: "array" });
  const rowsOf = (name: string) =>
    XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name] as XLSX.WorkSheet, { header: 1 });
  return { items: rowsOf("Inventario"), units: rowsOf("Unità") };
}

describe("mapping a sheet's own columns", () => {
  it("guesses each column's field from its heading, Italian or English, and lists the one it does not know", async () => {
    const { client, admin } = await inventoryScenario();
    const answer = await preview(client, admin, [
      [
        "NOME",
        "Brand",
        "modello",
        "Numero di serie",
        "Qta",
        "Quantity ",
        "Corso",
        "category",
        "Stato di conservazione",
      ],
      ["Faro", "Aputure", "MC", "A1", 1, 1, "Fotografia", "Luci", "ok"],
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.colonne).toEqual([
      { colonna: "NOME", campo: "nome", origine: "indovinata" },
      { colonna: "Brand", campo: "marca", origine: "indovinata" },
      { colonna: "modello", campo: "modello", origine: "indovinata" },
      { colonna: "Numero di serie", campo: "numero_serie", origine: "indovinata" },
      { colonna: "Qta", campo: "quantita_totale", origine: "indovinata" },
      // A second column for a field already taken is not read twice: it is listed as not imported.
      { colonna: "Quantity", campo: null, origine: null },
      { colonna: "Corso", campo: "corsi_assegnati", origine: "indovinata" },
      { colonna: "category", campo: "categoria", origine: "indovinata" },
      { colonna: "Stato di conservazione", campo: null, origine: null },
    ]);
    expect(answer.body.colonne_ignorate).toEqual(["Quantity", "Stato di conservazione"]);
  });

  it("turns one row per unit into one item with those units and serials, and shows each tolerant match", async () => {
    const { client, admin } = await inventoryScenario();
    await createCategory(client, admin, "Audio");
    const looked = await preview(client, admin, OWN_SHEET_ROWS);
    expect(looked.body).toMatchObject({ total: 4, success: 4, created: 1, updated: 3, errors: [] });
    expect(looked.body.righe[0]).toEqual({
      riga: 2,
      nome: "Registratore Zoom H5",
      esito: "creato",
      abbinamenti: [{ campo: "Corsi Assegnati", valore: "regia e videomaking", abbinato: "Regia e Videomaking" }],
    });
    expect(looked.body.righe[3].abbinamenti).toContainEqual({
      campo: "Nome",
      valore: "Registratore Zoom H5",
      abbinato: "articolo della riga 2",
    });
    expect(await items(client, admin)).toEqual([]);

    const done = await importRows(client, admin, OWN_SHEET_ROWS);
    expect(done.body).toMatchObject({ success: 4, created: 1, colonne_ignorate: ["Stato di conservazione"] });
    const [recorder] = await items(client, admin);
    expect(recorder).toMatchObject({
      nome: "Registratore Zoom H5",
      marca: "Zoom",
      modello: "H5",
      corsi_assegnati: ["Regia e Videomaking"],
      categoria_figlia: "Audio",
      quantita_totale: 4,
    });
    expect(((recorder as Json).unita as Json[]).map((unit) => [unit.codice_univoco, unit.numero_serie])).toEqual([
      ["REGISTRATOREZOOMH5_001", "ZH5-0001"],
      ["REGISTRATOREZOOMH5_002", "ZH5-0002"],
      ["REGISTRATOREZOOMH5_003", "ZH5-0003"],
      ["REGISTRATOREZOOMH5_004", "ZH5-0004"],
    ]);
    // The same sheet again adds nothing: each serial is already a unit of the item.
    expect((await importRows(client, admin, OWN_SHEET_ROWS)).body).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 4,
    });
  });

  it("matches courses and categories ignoring case, accents and spaces, and loan types from their usual wordings", async () => {
    const { client, admin } = await inventoryScenario();
    await createCategory(client, admin, "Luci LED");
    const answer = await importRows(client, admin, [
      ["Nome", "Corsi", "Categoria", "Tipo di prestito"],
      ["Faro", "  CINEMA E AUDIOVISIVÌ ; graphic design & multimedia", "luciled", "solo lezione"],
      ["Cavalletto", "Fotografia", "Luci LED", "Prestito / esterno"],
      ["Banco ottico", "Fotografia", "", "Lezione / Prestito"],
      ["Scanner", "Fotografia", "", "a volte"],
    ]);
    expect(answer.body.errors).toEqual(['Riga 5: tipo di prestito "a volte" non valido']);
    const byName = new Map((await items(client, admin)).map((item) => [item.nome, item]));
    expect(byName.get("Faro")).toMatchObject({
      corsi_assegnati: ["Cinema e Audiovisivi", "Graphic Design & Multimedia"],
      categoria_figlia: "Luci LED",
      tipo_prestito: "solo_interno",
    });
    expect(byName.get("Cavalletto")).toMatchObject({ categoria_figlia: "Luci LED", tipo_prestito: "solo_esterno" });
    expect(byName.get("Banco ottico")?.tipo_prestito).toBe("entrambi");
    const categories = (await client.get("/api/categorie-semplici", admin)).body as Json[];
    expect(categories.map((category) => category.nome)).toEqual(["Luci LED"]);
  });

  it("creates as many units as the quantity says, and refuses a row whose quantity disagrees with its codes or serials", async () => {
    const { client, admin } = await inventoryScenario();
    const answer = await importRows(client, admin, [
      ["Nome", "Quantità", "Codici", "Numeri di serie", "Corsi"],
      ["Cavo XLR", 4, "", "", "Fotografia"],
      ["Faro", 3, "F-1, F-2", "", "Fotografia"],
      ["Microfono", 2, "", "M-A; M-B; M-C", "Fotografia"],
      ["Treppiede", "", "T-1, T-2", "S-1", "Fotografia"],
    ]);
    expect(answer.body).toMatchObject({ success: 1, total: 4, created: 1 });
    expect(answer.body.errors).toEqual([
      "Riga 3: la quantità è 3 ma la riga elenca 2 codici unità",
      "Riga 4: la quantità è 2 ma la riga elenca 3 numeri di serie",
      "Riga 5: la riga elenca 2 codici unità ma 1 numeri di serie",
    ]);
    const [cable] = await items(client, admin);
    expect(cable?.quantita_totale).toBe(4);
  });

  it("warns, row by row, about an item no student can see because it has no course", async () => {
    const { client, admin } = await inventoryScenario();
    const answer = await importRows(client, admin, [
      ["Nome", "Corso"],
      ["Faro", "Fotografia"],
      ["Scanner", ""],
    ]);
    expect(answer.body).toMatchObject({ success: 2, errors: [] });
    expect(answer.body.avvisi).toEqual([
      { riga: 3, messaggio: '"Scanner" non ha un corso: nessuno studente lo vedrà' },
    ]);
  });

  it("follows the desk's mapping over the guess, and remembers it for the next import", async () => {
    const { client, admin } = await inventoryScenario();
    const rows = [
      ["Descrizione", "Nome", "Corso"],
      ["Registratore Zoom H5", "Zoom", "Fotografia"],
    ];
    const mappatura = { Descrizione: "nome", Nome: "marca" };
    const looked = await preview(client, admin, rows, mappatura);
    expect(looked.body.colonne).toEqual([
      { colonna: "Descrizione", campo: "nome", origine: "scelta" },
      { colonna: "Nome", campo: "marca", origine: "scelta" },
      { colonna: "Corso", campo: "corsi_assegnati", origine: "indovinata" },
    ]);
    expect((await importRows(client, admin, rows, mappatura)).body).toMatchObject({ created: 1, errors: [] });
    expect((await items(client, admin))[0]).toMatchObject({ nome: "Registratore Zoom H5", marca: "Zoom" });

    const next = await preview(client, admin, [
      ["descrizione", "NOME"],
      ["Faro", "Aputure"],
    ]);
    expect(next.body.colonne).toEqual([
      { colonna: "descrizione", campo: "nome", origine: "ricordata" },
      { colonna: "NOME", campo: "marca", origine: "ricordata" },
    ]);
  });

  it("previews a sheet with no column for the name, so that the desk can choose one; the import itself refuses it", async () => {
    const { client, admin } = await inventoryScenario();
    const rows = [
      ["Articolo", "Corso"],
      ["Faro", "Fotografia"],
    ];
    const looked = await preview(client, admin, rows);
    expect(looked.status).toBe(200);
    expect(looked.body).toMatchObject({ success: 0, total: 1, righe: [] });
    expect(looked.body.errors).toEqual([
      'manca la colonna "Nome": scegli quale colonna contiene il nome degli articoli',
    ]);
    expect(looked.body.colonne[0]).toEqual({ colonna: "Articolo", campo: null, origine: null });
    expect((await importRows(client, admin, rows)).body).toEqual({ error: 'File non valido: manca la colonna "Nome"' });
    expect((await importRows(client, admin, rows, { Articolo: "nome" })).body).toMatchObject({ created: 1 });
  });

  it("refuses a mapping to a field that does not exist, or one field for two columns", async () => {
    const { client, admin } = await inventoryScenario();
    const unknown = await importRows(client, admin, OWN_SHEET_ROWS, { Serial: "matricola" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Mappatura non valida: il campo "matricola" non esiste');
    const twice = await importRows(client, admin, OWN_SHEET_ROWS, { Nome: "nome", Modello: "nome" });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe('Mappatura non valida: "Nome" è scelto per più colonne (Nome, Modello)');
  });
});

describe("exporting units with their identity", () => {
  it("writes brand, model, serials, purchase dates and values, and importing them back changes nothing", async () => {
    const { client, admin } = await inventoryScenario();
    await createItem(client, admin, {
      nome: "Registratore Zoom H5",
      marca: "Zoom",
      modello: "H5",
      unita: [
        { codice_univoco: "ZH5-1", numero_serie: "SN-1", data_acquisto: "2024-09-01", valore: 279.9 },
        { codice_univoco: "ZH5-2", numero_serie: "SN-2" },
      ],
    });
    const before = await items(client, admin);
    const sheets = await exported(client, admin);
    expect(sheets.items[0]?.slice(-2)).toEqual(["Marca", "Modello"]);
    expect(sheets.items[1]?.slice(-2)).toEqual(["Zoom", "H5"]);
    expect(sheets.units).toEqual([
      ["Codice", "Articolo", "Stato", "Note", "Numero di serie", "Data acquisto", "Valore (€)"],
      ["ZH5-1", "Registratore Zoom H5", "disponibile", "", "SN-1", "2024-09-01", 279.9],
      ["ZH5-2", "Registratore Zoom H5", "disponibile", "", "SN-2", "", ""],
    ]);
    const back = await importRows(client, admin, sheets.items, undefined);
    expect(back.body).toMatchObject({ unchanged: 1, errors: [] });
    expect(back.body.colonne_ignorate).toBeUndefined();
    const both = await client.post(IMPORT, importBody(workbook(sheets.items, { Unità: sheets.units })), admin);
    expect(both.body).toMatchObject({ unchanged: 1, errors: [] });
    expect(await items(client, admin)).toEqual(before);
  });

  it("sets serials, dates and values from an edited units sheet", async () => {
    const { client, admin } = await inventoryScenario();
    await createItem(client, admin, { nome: "Faro", unita: ["F-1"] });
    const sheets = await exported(client, admin);
    const units = [
      [...(sheets.units[0] as unknown[]), "Numero di serie", "Data acquisto", "Valore"],
      [...(sheets.units[1] as unknown[]), "AP-77", "05/03/2024", "1.234,50"],
    ];
    const answer = await client.post(IMPORT, importBody(workbook(sheets.items, { Unità: units })), admin);
    expect(answer.body.errors).toEqual([]);
    expect((await items(client, admin))[0]?.unita).toEqual([
      expect.objectContaining({ numero_serie: "AP-77", data_acquisto: "2024-03-05", valore: 1234.5 }),
    ]);
  });
});

import { describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import * as XLSX from "xlsx";
import { auditLog, categorie, inventarioCorsi } from "../../db/schema";
import { addDays } from "../../domain/dates";
import { downloadFile, type Json, type TestClient } from "../../testing/harness";
import {
  auditActions,
  createCategory,
  createItem,
  deskInventory,
  insertLoan,
  insertRequest,
  inventoryCounts,
  inventoryScenario,
} from "../../testing/inventory-fixtures";
import { handMadeZip, importBody, manyRowsWorkbook, workbook, XLSX_TYPE } from "../../testing/spreadsheet-fixtures";
import { looksLikeSafeSpreadsheet, MAX_UNCOMPRESSED_BYTES, zipUncompressedSize } from "./file-guard";
import { readImport } from "./import-job";

const COLUMNS = [
  "ID",
  "Nome",
  "Categoria",
  "Corsi Assegnati",
  "Posizione",
  "Fornitore",
  "Tipo Prestito",
  "Note",
  "Immagine URL",
  "Quantità Totale",
  "Unità Disponibili",
  "Codici Unità",
  "Data Aggiunta",
  "Accessori",
];

function sheetRows(bytes: Uint8Array, sheet: string): unknown[][] {
  const book = XLSX.read(bytes, { type: "array" });
  const found = book.Sheets[sheet];
  if (!found) throw new Error(`no sheet ${sheet} in ${book.SheetNames.join(", ")}`);
  return XLSX.utils.sheet_to_json<unknown[]>(found, { header: 1, defval: "" });
}

/** One item row keyed by column name, in the export's column order. */
function itemRow(values: Partial<Record<(typeof COLUMNS)[number], unknown>>): unknown[] {
  return COLUMNS.map((column) => values[column as keyof typeof values] ?? "");
}

async function importFile(client: TestClient, token: string, bytes: Uint8Array, fileName?: string) {
  return client.post("/api/excel/inventario/import", importBody(bytes, fileName), token);
}

const HUNDRED_MB = 100 * 1024 * 1024;
const CONTENT_TYPES = new TextEncoder().encode(
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
);

const bombs = new Map<number | undefined, Uint8Array>();

/** A disguised .xlsx whose one sheet inflates to 100 MB of blanks (built once per declared size). */
function zipBomb(declaredSize?: number): Uint8Array {
  const built = bombs.get(declaredSize);
  if (built) return built;
  const bomb = handMadeZip([
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "xl/worksheets/sheet1.xml", data: new Uint8Array(HUNDRED_MB).fill(0x20), declaredSize },
  ]);
  bombs.set(declaredSize, bomb);
  return bomb;
}

async function catalogue() {
  const scenario = await inventoryScenario();
  const { client, ctx, admin } = scenario;
  const lights = await createCategory(client, admin, "Luci");
  const lamp = await createItem(client, admin, {
    nome: "Faro LED",
    categoria_id: lights,
    corsi_assegnati: ["Fotografia", "Cinema e Audiovisivi"],
    tipo_prestito: "entrambi",
    checklist: "Alimentatore\nDiffusore",
    unita: [{ codice_univoco: "FARO-1", note: "lampada nuova" }, "FARO-2", "FARO-3"],
  });
  const camera = await createItem(client, admin, {
    nome: "Videocamera Sony",
    posizione: "12",
    fornitore: null,
    note: "Note, con virgole; e punti e virgola",
    immagine_url: null,
    corsi_assegnati: ["Regia e Videomaking"],
    quantita_totale: 2,
  });
  insertLoan(ctx, { itemId: lamp.id, unitIds: [lamp.unita[0].id], to: addDays(ctx.clock.today(), 3) });
  insertRequest(ctx, { itemId: lamp.id, unitId: lamp.unita[1].id });
  await client.put(`/api/inventario/${camera.id}/units/${camera.unita[1].id}`, { perso: true }, admin);
  const archived = await createItem(client, admin, { nome: "Vecchio proiettore", quantita_totale: 1 });
  await client.delete(`/api/inventario/${archived.id}`, admin);
  return { ...scenario, lights, lamp, camera };
}

describe("who may use the spreadsheet routes", () => {
  it("answers 401 without a token and 403 to a student, whatever they send", async () => {
    const { client, ctx, student } = await inventoryScenario();
    const template = workbook([COLUMNS]);
    for (const path of ["/api/excel/inventario/export", "/api/excel/inventario/template"]) {
      expect((await downloadFile(client, path)).status).toBe(401);
      expect((await downloadFile(client, path, "not-a-token")).status).toBe(401);
      expect((await downloadFile(client, path, student.token)).status).toBe(403);
    }
    const bodies = [{ body: importBody(template) }, { raw: "{broken" }, { body: { fileData: 3 } }, {}];
    for (const options of bodies) {
      expect((await client.call("POST", "/api/excel/inventario/import", options)).status).toBe(401);
      const answer = await client.call("POST", "/api/excel/inventario/import", { ...options, token: student.token });
      expect(answer.status).toBe(403);
    }
    expect(auditActions(ctx)).toEqual([]);
  });
});

describe("exporting the inventory", () => {
  it("downloads a spreadsheet with the 14 columns in order, one row per listed item", async () => {
    const { client, admin, lamp, camera } = await catalogue();
    const answer = await downloadFile(client, "/api/excel/inventario/export", admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe(XLSX_TYPE);
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="inventario-2026-03-10.xlsx"');
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    const rows = sheetRows(answer.bytes, "Inventario");
    expect(rows[0]).toEqual(COLUMNS);
    expect(rows.slice(1)).toEqual([
      [
        lamp.id,
        "Faro LED",
        "Luci",
        "Fotografia, Cinema e Audiovisivi",
        "Scaffale A1",
        "Canon Italia",
        "entrambi",
        "Con obiettivo 18-55",
        "https://example.org/canon.jpg",
        3,
        1,
        "FARO-1, FARO-2, FARO-3",
        "2026-03-10",
        "Alimentatore, Diffusore",
      ],
      [
        camera.id,
        "Videocamera Sony",
        "",
        "Regia e Videomaking",
        "12",
        "",
        "solo_esterno",
        "Note, con virgole; e punti e virgola",
        "",
        2,
        1,
        "VIDEOCAMERASONY_001, VIDEOCAMERASONY_002",
        "2026-03-10",
        "",
      ],
    ]);
  });

  it("adds a sheet of units with their code, item, derived state and note", async () => {
    const { client, admin } = await catalogue();
    const answer = await downloadFile(client, "/api/excel/inventario/export", admin);
    expect(sheetRows(answer.bytes, "Unità")).toEqual([
      ["Codice", "Articolo", "Stato", "Note"],
      ["FARO-1", "Faro LED", "prestato", "lampada nuova"],
      ["FARO-2", "Faro LED", "riservato", ""],
      ["FARO-3", "Faro LED", "disponibile", ""],
      ["VIDEOCAMERASONY_001", "Videocamera Sony", "disponibile", ""],
      ["VIDEOCAMERASONY_002", "Videocamera Sony", "perso", ""],
    ]);
  });

  it("never writes a cell over Excel's limit: 500 codes of 100 characters become their count, and import back changes nothing", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    const codes = Array.from({ length: 500 }, (_, i) => `${String(i).padStart(3, "0")}${"C".repeat(97)}`);
    const item = await createItem(client, admin, { nome: "Cassettiera", unita: codes });
    const exported = await downloadFile(client, "/api/excel/inventario/export", admin);
    expect(exported.status).toBe(200);
    const [header, row] = sheetRows(exported.bytes, "Inventario") as [string[], unknown[]];
    expect(row[header.indexOf("Codici Unità")]).toBe('500 codici: elenco nel foglio "Unità"');
    expect(sheetRows(exported.bytes, "Unità")).toHaveLength(501);
    const before = inventoryCounts(ctx);
    const answer = await importFile(client, admin, exported.bytes);
    expect(answer.body).toMatchObject({ success: 1, unchanged: 1, errors: [] });
    expect(inventoryCounts(ctx)).toEqual({ ...before, audit: before.audit + 1 });
    expect((await client.get(`/api/inventario/${item.id}`, admin)).body.unita).toHaveLength(500);
  });

  it("exports just the header row when the inventory is empty", async () => {
    const { client, admin } = await inventoryScenario();
    const answer = await downloadFile(client, "/api/excel/inventario/export", admin);
    expect(sheetRows(answer.bytes, "Inventario")).toEqual([COLUMNS]);
    expect(sheetRows(answer.bytes, "Unità")).toEqual([["Codice", "Articolo", "Stato", "Note"]]);
  });
});

describe("importing the inventory", () => {
  it("changes nothing when the file just exported is imported back", async () => {
    const { client, ctx, admin } = await catalogue();
    // An item no course may borrow yet: its empty course cell must stay empty.
    const orphan = await createItem(client, admin, { nome: "Scanner", quantita_totale: 1 });
    ctx.db.delete(inventarioCorsi).where(eq(inventarioCorsi.inventarioId, orphan.id)).run();
    const before = (await client.get("/api/inventario", admin)).body;
    const countsBefore = inventoryCounts(ctx);
    const exported = await downloadFile(client, "/api/excel/inventario/export", admin);
    const answer = await importFile(client, admin, exported.bytes);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: 3, total: 3, created: 0, updated: 0, unchanged: 3, errors: [] });
    expect((await client.get("/api/inventario", admin)).body).toEqual(before);
    expect(inventoryCounts(ctx)).toEqual({ ...countsBefore, audit: countsBefore.audit + 1 });
    const audit = ctx.db.select().from(auditLog).all().at(-1);
    expect(audit?.action).toBe("inventory.import");
    expect(audit?.summary).toContain("0 creati, 0 aggiornati, 3 invariati, 0 note unità, 0 errori");
  });

  it("reads the accessories of an item, and keeps them when an older sheet has no such column", async () => {
    const { client, admin, lamp } = await catalogue();
    const withAccessories = [COLUMNS, itemRow({ Nome: "Microfono Rode", Accessori: "Antivento; Cavo XLR, Clip" })];
    expect((await importFile(client, admin, workbook(withAccessories))).body).toMatchObject({ created: 1 });
    const items = await deskInventory(client, admin);
    expect(items.find((item) => item.nome === "Microfono Rode")?.checklist).toBe("Antivento\nCavo XLR\nClip");
    const olderColumns = COLUMNS.filter((column) => column !== "Accessori");
    const older = [
      olderColumns,
      olderColumns.map((column) => (column === "ID" ? lamp.id : column === "Nome" ? "Faro LED" : "")),
    ];
    expect((await importFile(client, admin, workbook(older))).status).toBe(200);
    const lampNow = (await client.get(`/api/inventario/${lamp.id}`, admin)).body;
    expect(lampNow.checklist).toBe("Alimentatore\nDiffusore");
  });

  it("offers a template with the export's columns whose example row imports cleanly, once", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    const template = await downloadFile(client, "/api/excel/inventario/template", admin);
    expect(template.status).toBe(200);
    expect(template.headers.get("content-type")).toBe(XLSX_TYPE);
    const rows = sheetRows(template.bytes, "Inventario");
    expect(rows[0]).toEqual(COLUMNS);
    expect(rows).toHaveLength(2);

    const first = await importFile(client, admin, template.bytes, "template-inventario.xlsx");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: 1, total: 1, created: 1, updated: 0, errors: [] });
    const items = (await client.get("/api/inventario", admin)).body;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      nome: rows[1]?.[1],
      categoria_figlia: rows[1]?.[2],
      corsi_assegnati: String(rows[1]?.[3]).split(", "),
      quantita_totale: rows[1]?.[9],
      stato_effettivo: "disponibile",
    });

    const counts = inventoryCounts(ctx);
    const second = await importFile(client, admin, template.bytes, "template-inventario.xlsx");
    expect(second.body).toMatchObject({ total: 1, created: 0, updated: 0, unchanged: 1, errors: [] });
    expect((await client.get("/api/inventario", admin)).body).toEqual(items);
    expect(inventoryCounts(ctx)).toEqual({ ...counts, audit: counts.audit + 1 });
  });

  it("applies an edited export: a new shelf and an extra unit code", async () => {
    const { client, admin, lamp } = await catalogue();
    const exported = await downloadFile(client, "/api/excel/inventario/export", admin);
    const rows = sheetRows(exported.bytes, "Inventario");
    const lampRow = rows.find((row) => row[0] === lamp.id) as unknown[];
    lampRow[4] = "Armadio 7";
    lampRow[11] = `${lampRow[11]}, FARO-4`;
    const answer = await importFile(client, admin, workbook(rows));
    expect(answer.body).toMatchObject({ total: 2, created: 0, updated: 1, unchanged: 1, errors: [] });
    const after = (await client.get(`/api/inventario/${lamp.id}`, admin)).body;
    expect(after.posizione).toBe("Armadio 7");
    expect(after.quantita_totale).toBe(4);
    expect(after.unita.map((unit: Json) => unit.codice_univoco)).toEqual(["FARO-1", "FARO-2", "FARO-3", "FARO-4"]);
    expect(after.unita.map((unit: Json) => unit.stato)).toEqual([
      "prestato",
      "riservato",
      "disponibile",
      "disponibile",
    ]);
  });

  it("imports a compressed spreadsheet as saved by a desktop application", async () => {
    const { client, admin } = await inventoryScenario();
    const rows = [COLUMNS, itemRow({ Nome: "Cavo XLR", "Corsi Assegnati": "Design", "Quantità Totale": 3 })];
    const answer = await importFile(client, admin, workbook(rows, {}, { compression: true }));
    expect(answer.body).toMatchObject({ created: 1, errors: [] });
    const item = (await client.get("/api/inventario", admin)).body[0];
    expect(item.unita.map((unit: Json) => unit.codice_univoco)).toEqual(["CAVOXLR_001", "CAVOXLR_002", "CAVOXLR_003"]);
  });

  it("never removes units missing from the file", async () => {
    const { client, admin, lamp } = await catalogue();
    const rows = [
      COLUMNS,
      itemRow({ ID: lamp.id, Nome: "Faro LED", "Corsi Assegnati": "Fotografia", "Codici Unità": "FARO-1" }),
    ];
    const answer = await importFile(client, admin, workbook(rows));
    expect(answer.body.errors).toEqual([]);
    const after = (await client.get(`/api/inventario/${lamp.id}`, admin)).body;
    expect(after.quantita_totale).toBe(3);
    expect(after.corsi_assegnati).toEqual(["Fotografia"]);
  });

  it("updates unit notes from the units sheet", async () => {
    const { client, admin, lamp } = await catalogue();
    const exported = await downloadFile(client, "/api/excel/inventario/export", admin);
    const units = sheetRows(exported.bytes, "Unità");
    (units[3] as unknown[])[3] = "batteria da sostituire";
    const answer = await importFile(client, admin, workbook(sheetRows(exported.bytes, "Inventario"), { Unità: units }));
    expect(answer.body.errors).toEqual([]);
    const after = (await client.get(`/api/inventario/${lamp.id}`, admin)).body;
    expect(after.unita[2]).toMatchObject({ codice_univoco: "FARO-3", note: "batteria da sostituire" });
  });

  it("reports bad rows as 'Riga N: …' and still applies the good ones", async () => {
    const { client, admin, lamp } = await catalogue();
    const rows = [
      COLUMNS,
      itemRow({ Nome: "Microfono Rode", "Corsi Assegnati": "Cinema e Audiovisivi", "Quantità Totale": 2 }),
      itemRow({ Nome: "Lavagna luminosa", "Corsi Assegnati": "Astrofisica" }),
      itemRow({ Nome: "", "Corsi Assegnati": "Design", Note: "senza nome" }),
      itemRow({ ID: "abc", Nome: "Stampante" }),
      itemRow({ ID: 9999, Nome: "Stampante" }),
      itemRow({ Nome: "Tavoletta", "Corsi Assegnati": "Design", "Codici Unità": "TAV-1, FARO-2" }),
      itemRow({ Nome: "Cavalletto", "Tipo Prestito": "noleggio" }),
      itemRow({ Nome: "Proiettore", "Immagine URL": "ftp://server/immagine.png" }),
      itemRow({ Nome: "Ciak", "Corsi Assegnati": "Regia e Videomaking", "Tipo Prestito": "Lezione / Interno" }),
    ];
    const answer = await importFile(client, admin, workbook(rows));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: 2, total: 9, created: 2 });
    expect(answer.body.errors).toEqual([
      'Riga 3: corso "Astrofisica" sconosciuto',
      "Riga 4: il nome è obbligatorio",
      'Riga 5: ID "abc" non valido',
      "Riga 6: nessun articolo con ID 9999",
      "Riga 7: il codice FARO-2 appartiene a un altro articolo",
      'Riga 8: tipo di prestito "noleggio" non valido',
      "Riga 9: il link dell'immagine non è valido",
    ]);
    const names = (await client.get("/api/inventario", admin)).body.map((item: Json) => item.nome);
    expect(names).toEqual(["Ciak", "Faro LED", "Microfono Rode", "Videocamera Sony"]);
    const ciak = (await client.get("/api/inventario?search=Ciak", admin)).body[0];
    expect(ciak).toMatchObject({ tipo_prestito: "solo_interno", corsi_assegnati: ["Regia e Videomaking"] });
    expect((await client.get(`/api/inventario/${lamp.id}`, admin)).body.quantita_totale).toBe(3);
  });

  it("reads course names whatever their case, and a course written twice once", async () => {
    const { client, admin } = await inventoryScenario();
    const rows = [
      COLUMNS,
      itemRow({ Nome: "Tavolo luminoso", "Corsi Assegnati": "pittura; DESIGN, Pittura" }),
      itemRow({ Nome: "Manichino", "Corsi Assegnati": "Fashion Design\nfashion design" }),
    ];
    const answer = await importFile(client, admin, workbook(rows));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ created: 2, errors: [] });
    const items = (await client.get("/api/inventario", admin)).body;
    expect(items.map((item: Json) => [item.nome, item.corsi_assegnati])).toEqual([
      ["Manichino", ["Fashion Design"]],
      ["Tavolo luminoso", ["Pittura", "Design"]],
    ]);
  });

  it("refuses texts the item form would refuse, so an imported item stays editable", async () => {
    const { client, admin } = await inventoryScenario();
    const rows = [
      COLUMNS,
      itemRow({ Nome: "N".repeat(201) }),
      itemRow({ Nome: "Lungo", Note: "n".repeat(4001) }),
      itemRow({ Nome: "Categoria lunga", Categoria: "c".repeat(101) }),
      itemRow({ Nome: "Codice lungo", "Codici Unità": `OK-1, ${"K".repeat(101)}` }),
      itemRow({ Nome: "Link rotto", "Immagine URL": "https://" }),
      itemRow({ Nome: "Giusto", "Corsi Assegnati": "Design", Note: "n".repeat(4000) }),
    ];
    const answer = await importFile(client, admin, workbook(rows));
    expect(answer.body.errors).toEqual([
      'Riga 2: testo troppo lungo in "Nome" (massimo 200 caratteri)',
      'Riga 3: testo troppo lungo in "Note" (massimo 4000 caratteri)',
      'Riga 4: testo troppo lungo in "Categoria" (massimo 100 caratteri)',
      "Riga 5: il codice KKKKKKKKKKKKKKKKKKKK… è troppo lungo (massimo 100 caratteri)",
      "Riga 6: il link dell'immagine non è valido",
    ]);
    const items = (await client.get("/api/inventario", admin)).body;
    expect(items.map((item: Json) => item.nome)).toEqual(["Giusto"]);
    const edit = await client.put(
      `/api/inventario/${items[0].id}`,
      {
        ...items[0],
        unita: items[0].unita.map((unit: Json) => ({ id: unit.id, codice_univoco: unit.codice_univoco })),
      },
      admin,
    );
    expect(edit.status).toBe(200);
  });

  it("numbers rows as the spreadsheet shows them, blank rows included", async () => {
    const { client, admin } = await inventoryScenario();
    const rows = [
      COLUMNS,
      itemRow({ Nome: "Buono", "Corsi Assegnati": "Design" }),
      [],
      [],
      itemRow({ Nome: "", Note: "x" }),
    ];
    const answer = await importFile(client, admin, workbook(rows));
    expect(answer.body.errors).toEqual(["Riga 5: il nome è obbligatorio"]);
  });

  it("leaves nothing of a bad row behind, not even the category it would have created", async () => {
    const { client, ctx, admin } = await catalogue();
    const before = inventoryCounts(ctx);
    const rows = [
      COLUMNS,
      itemRow({
        Nome: "Oggetto nuovo",
        Categoria: "Categoria nuova",
        "Corsi Assegnati": "Design",
        "Codici Unità": "NUOVO-1, FARO-1",
      }),
    ];
    const answer = await importFile(client, admin, workbook(rows));
    expect(answer.body.errors).toEqual(["Riga 2: il codice FARO-1 appartiene a un altro articolo"]);
    expect(inventoryCounts(ctx)).toEqual({ ...before, audit: before.audit + 1 });
    expect(
      ctx.db
        .select()
        .from(categorie)
        .all()
        .map((category) => category.nome),
    ).toEqual(["Luci"]);
  });

  it("matches an item by its exact name when the ID is empty", async () => {
    const { client, ctx, admin, camera } = await catalogue();
    const before = inventoryCounts(ctx);
    const rows = [
      COLUMNS,
      itemRow({ Nome: "Videocamera Sony", Posizione: "Armadio 2", "Corsi Assegnati": "Regia e Videomaking" }),
    ];
    const answer = await importFile(client, admin, workbook(rows));
    expect(answer.body).toMatchObject({ created: 0, updated: 1, errors: [] });
    expect((await client.get(`/api/inventario/${camera.id}`, admin)).body.posizione).toBe("Armadio 2");
    expect(inventoryCounts(ctx).items).toBe(before.items);
  });

  it("writes one audit row per import, even when every row is refused", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    const answer = await importFile(client, admin, workbook([COLUMNS, itemRow({ Nome: "", Note: "vuoto" })]));
    expect(answer.body.errors).toHaveLength(1);
    expect(auditActions(ctx)).toEqual(["inventory.import"]);
  });
});

describe("a preview before the import", () => {
  it("says row by row what the import would create, update or refuse, stores nothing, and the import then does just that", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    await importFile(client, admin, workbook([COLUMNS, itemRow({ Nome: "Cavo XLR", "Corsi Assegnati": "Design" })]));
    const file = workbook([
      COLUMNS,
      itemRow({ Nome: "Cavo XLR", "Corsi Assegnati": "Design", Note: "nuova nota" }),
      itemRow({ Nome: "Faro LED", "Corsi Assegnati": "Design", "Quantità Totale": 2 }),
      itemRow({ Nome: "", "Corsi Assegnati": "Design" }),
      itemRow({ Nome: "Cavo XLR", "Corsi Assegnati": "Design", Note: "nuova nota" }),
    ]);
    const before = (await client.get("/api/inventario", admin)).body as Json[];
    const preview = await client.post("/api/excel/inventario/import", { ...importBody(file), anteprima: true }, admin);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ anteprima: true, total: 4, success: 3, created: 1, updated: 1, unchanged: 1 });
    expect(preview.body.righe).toEqual([
      { riga: 2, nome: "Cavo XLR", esito: "aggiornato" },
      { riga: 3, nome: "Faro LED", esito: "creato" },
      { riga: 4, nome: "", esito: "rifiutato", errore: expect.any(String) },
      { riga: 5, nome: "Cavo XLR", esito: "invariato" },
    ]);
    expect((await client.get("/api/inventario", admin)).body).toEqual(before);
    expect(auditActions(ctx)).toEqual(["inventory.import"]);

    const applied = await importFile(client, admin, file);
    expect(applied.body).toMatchObject({ success: 3, created: 1, updated: 1, unchanged: 1 });
    expect(applied.body.righe).toBeUndefined();
    expect(auditActions(ctx)).toEqual(["inventory.import", "inventory.import"]);
  });
});

describe("importing a CSV file", () => {
  const csv = (text: string) => new TextEncoder().encode(text);

  it("reads semicolon-separated UTF-8 as Italian spreadsheets save it, accents and leading zeros kept", async () => {
    const { client, admin } = await inventoryScenario();
    const file = csv("\uFEFFNome;Corsi Assegnati;Note;Codici Unità\nCaméra Sony;Design;Con borsa, due batterie;007\n");
    const answer = await client.post(
      "/api/excel/inventario/import",
      importBody(file, "inventario.csv", "text/csv"),
      admin,
    );
    expect(answer.body).toMatchObject({ success: 1, total: 1, created: 1, errors: [] });
    const items = (await client.get("/api/inventario", admin)).body as Json[];
    const camera = items.find((item) => item.nome === "Caméra Sony");
    expect(camera).toMatchObject({ note: "Con borsa, due batterie", corsi_assegnati: ["Design"] });
    expect(camera?.unita.map((unit: Json) => unit.codice_univoco)).toEqual(["007"]);
  });

  it("reads comma-separated files too, and refuses binary bytes named .csv", async () => {
    const { client, admin } = await inventoryScenario();
    const commas = csv('Nome,Corsi Assegnati,Note\nTreppiede,Design,"alto, leggero"\n');
    const answer = await client.post(
      "/api/excel/inventario/import",
      importBody(commas, "lista.csv", "text/csv"),
      admin,
    );
    expect(answer.body).toMatchObject({ success: 1, created: 1 });
    const binary = new Uint8Array([0x4e, 0x6f, 0x6d, 0x65, 0x00, 0x0a]);
    const refused = await client.post(
      "/api/excel/inventario/import",
      importBody(binary, "lista.csv", "text/csv"),
      admin,
    );
    expect(refused).toMatchObject({ status: 400, body: { error: "File non valido" } });
  });
});

describe("refusing files that are not spreadsheets", () => {
  const fine = () => workbook([COLUMNS, itemRow({ Nome: "Cavo", "Corsi Assegnati": "Design" })]);
  const cases: Array<[string, () => unknown]> = [
    ["a spreadsheet named .csv", () => importBody(fine(), "inventario.csv", "text/csv")],
    ["a spreadsheet without a file name", () => ({ ...importBody(fine()), fileName: undefined })],
    [
      "plain base64 instead of a data URL",
      () => ({ ...importBody(fine()), fileData: Buffer.from(fine()).toString("base64") }),
    ],
    ["a data URL that is not base64", () => ({ ...importBody(fine()), fileData: `data:${XLSX_TYPE},PK` })],
    ["an empty data URL", () => ({ ...importBody(fine()), fileData: `data:${XLSX_TYPE};base64,` })],
    ["no file data", () => ({ fileName: "inventario.xlsx" })],
    ["file data that is not text", () => ({ fileName: "inventario.xlsx", fileData: 12345 })],
    ["junk bytes named .xlsx", () => importBody(crypto.getRandomValues(new Uint8Array(2048)))],
    ["a text file", () => importBody(new TextEncoder().encode("Nome,Corsi\nCavo,Design\n"), "note.txt", "text/plain")],
    ["a CSV renamed .xlsx", () => importBody(new TextEncoder().encode("Nome,Corsi Assegnati\nCavo,Design\n"))],
    ["an .xlsx renamed .xls", () => importBody(fine(), "inventario.xls", "application/vnd.ms-excel")],
    [
      "junk behind the .xls magic bytes",
      () => {
        const bytes = new Uint8Array(4096);
        bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
        return importBody(bytes, "vecchio.xls", "application/vnd.ms-excel");
      },
    ],
    [
      "a zip that holds no spreadsheet",
      () => importBody(handMadeZip([{ name: "leggimi.txt", data: new TextEncoder().encode("ciao") }])),
    ],
    ["a truncated spreadsheet", () => importBody(fine().subarray(0, 600))],
    [
      "a sheet without a Nome column",
      () =>
        importBody(
          workbook([
            ["Articolo", "Corsi"],
            ["Cavo", "Design"],
          ]),
        ),
    ],
    ["an empty sheet", () => importBody(workbook([]))],
    ["a file over 10 MB", () => importBody(new Uint8Array(10 * 1024 * 1024 + 1).fill(0x50))],
    ["a zip bomb disguised as .xlsx", () => importBody(zipBomb())],
    ["a zip bomb that lies about its size", () => importBody(zipBomb(1000))],
  ];
  for (const [what, body] of cases) {
    it(`answers 400 "File non valido" to ${what}, changing nothing`, async () => {
      const { client, ctx, admin } = await inventoryScenario();
      const answer = await client.post("/api/excel/inventario/import", body(), admin);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toStartWith("File non valido");
      expect(inventoryCounts(ctx)).toEqual({ items: 0, units: 0, courseLinks: 0, categories: 0, audit: 0 });
    });
  }

  it("refuses a body that is not an upload", async () => {
    const { client, admin } = await inventoryScenario();
    expect((await client.call("POST", "/api/excel/inventario/import", { raw: "{oops", token: admin })).status).toBe(
      400,
    );
    expect((await client.post("/api/excel/inventario/import", ["inventario.xlsx"], admin)).body).toEqual({
      error: "File non valido",
    });
  });

  it("refuses a sheet spanning 16,384 columns at once, from its size alone", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    // Three rows are enough to span the width (writing 1,000 such rows takes the test library 40 s).
    const sheet: XLSX.WorkSheet = { "!ref": "A1:XFD3", A1: { t: "s", v: "Nome" }, XFD1: { t: "s", v: "Fine" } };
    for (let row = 2; row <= 3; row++) {
      sheet[`A${row}`] = { t: "s", v: `Oggetto ${row}` };
      sheet[`XFD${row}`] = { t: "s", v: "x" };
    }
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "Inventario");
    const bytes = new Uint8Array(XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
    const answer = await importFile(client, admin, bytes);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'File non valido: il foglio "Inventario" usa 16384 colonne (al massimo 50)' });
    expect(inventoryCounts(ctx).items).toBe(0);
  });

  it("refuses a row with more unit codes than the item form allows, importing the others", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    const many = Array.from({ length: 501 }, (_, i) => `TROPPI-${i}`).join(", ");
    const rows = [
      COLUMNS,
      itemRow({ Nome: "Troppe", "Codici Unità": many }),
      itemRow({ Nome: "Giusto", "Codici Unità": "G-1" }),
    ];
    const answer = await importFile(client, admin, workbook(rows));
    expect(answer.body.errors).toEqual(["Riga 2: 501 codici unità: al massimo 500 per articolo"]);
    expect(answer.body.created).toBe(1);
    expect(inventoryCounts(ctx).units).toBe(1);
  });

  it("refuses more rows than an import may hold", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    const rows = [COLUMNS, ...Array.from({ length: 5001 }, (_, i) => itemRow({ Nome: `Cavo ${i}` }))];
    const answer = await importFile(client, admin, workbook(rows));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toStartWith("File non valido");
    expect(inventoryCounts(ctx).items).toBe(0);
  });
});

describe("the row limit, counted before the sheet is read", () => {
  const TOO_MANY = "File non valido: al massimo 5000 righe";

  it("refuses a 215 kB file of 170,000 rows of tiny cells without reading a cell of it", async () => {
    const { client, ctx, admin } = await inventoryScenario();
    // Without its content types SheetJS cannot read the file at all ("File non valido" alone, below):
    // only a count made before SheetJS runs can say how many rows it holds.
    const bytes = manyRowsWorkbook({ rows: 170_000, columns: 20, contentTypes: false });
    expect(bytes.length).toBeLessThan(230 * 1024);
    const answer = await importFile(client, admin, bytes);
    expect(answer).toMatchObject({ status: 400, body: { error: TOO_MANY } });
    expect(inventoryCounts(ctx).items).toBe(0);
    const unreadable = await importFile(client, admin, manyRowsWorkbook({ rows: 10, columns: 3, contentTypes: false }));
    expect(unreadable.body).toEqual({ error: "File non valido" });
  });

  it("counts the rows themselves, whatever the sheet's dimension says or when it says nothing", () => {
    for (const dimension of ["A1:C2", "A1", null]) {
      const bytes = manyRowsWorkbook({ rows: 5001, columns: 3, dimension, contentTypes: false });
      expect(() => readImport({ name: "inventario.xlsx", bytes })).toThrow(TOO_MANY);
    }
  });

  it("takes a sheet of exactly 5,000 rows, whatever its dimension says", () => {
    for (const dimension of [undefined, "A1:C999999", null]) {
      const bytes = manyRowsWorkbook({ rows: 5000, columns: 3, dimension });
      expect(readImport({ name: "inventario.xlsx", bytes }).items).toHaveLength(5000);
    }
  });
});

describe("the zip guard", () => {
  it("accepts real spreadsheets, stored or compressed", () => {
    for (const compression of [false, true]) {
      const bytes = workbook([COLUMNS, itemRow({ Nome: "Cavo" })], {}, { compression });
      const size = zipUncompressedSize(bytes) ?? 0;
      expect(size).toBeGreaterThan(compression ? bytes.length : 0);
      expect(size).toBeLessThan(MAX_UNCOMPRESSED_BYTES);
      expect(looksLikeSafeSpreadsheet("inventario.xlsx", bytes)).toBe(true);
      expect(looksLikeSafeSpreadsheet("INVENTARIO.XLSX", bytes)).toBe(true);
    }
  });

  it("sums every entry of a hand-made zip", () => {
    const zip = handMadeZip([
      { name: "a.xml", data: new Uint8Array(1000) },
      { name: "b.xml", data: new Uint8Array(2345) },
    ]);
    expect(zipUncompressedSize(zip)).toBe(3345);
    expect(looksLikeSafeSpreadsheet("a.xlsx", zip)).toBe(true);
  });

  it("refuses a zip that declares more than the limit once inflated", () => {
    const bomb = zipBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(zipUncompressedSize(bomb)).toBeGreaterThan(MAX_UNCOMPRESSED_BYTES);
    expect(looksLikeSafeSpreadsheet("bomba.xlsx", bomb)).toBe(false);
  });

  it("refuses a zip whose entries inflate to more than they declare", () => {
    const liar = zipBomb(1000);
    expect(zipUncompressedSize(liar)).toBeLessThan(MAX_UNCOMPRESSED_BYTES);
    expect(looksLikeSafeSpreadsheet("bomba.xlsx", liar)).toBe(false);
    const small = handMadeZip([{ name: "a.xml", data: new Uint8Array(5000), declaredSize: 4999 }]);
    expect(looksLikeSafeSpreadsheet("a.xlsx", small)).toBe(false);
  });

  it("refuses zip64 markers, malformed directories and wrong magic bytes", () => {
    const zip = handMadeZip([{ name: "a.xml", data: new Uint8Array(10) }]);
    const zip64 = zip.slice();
    // The central directory entry's uncompressed size field set to the zip64 marker.
    const central = zip64.length - 22 - 46 - "a.xml".length;
    new DataView(zip64.buffer).setUint32(central + 24, 0xffffffff, true);
    expect(zipUncompressedSize(zip64)).toBeNull();
    expect(looksLikeSafeSpreadsheet("a.xlsx", zip64)).toBe(false);
    expect(zipUncompressedSize(zip.subarray(0, zip.length - 10))).toBeNull();
    expect(zipUncompressedSize(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBeNull();
    expect(zipUncompressedSize(new Uint8Array(0))).toBeNull();
    expect(looksLikeSafeSpreadsheet("a.xls", zip)).toBe(false);
    expect(looksLikeSafeSpreadsheet("a.csv", zip)).toBe(false);
    expect(looksLikeSafeSpreadsheet("a.xlsx", new TextEncoder().encode("PK not really a zip"))).toBe(false);
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(looksLikeSafeSpreadsheet("vecchio.xls", ole)).toBe(true);
  });
});

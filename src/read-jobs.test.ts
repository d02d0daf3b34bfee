import { Database } from "bun:sqlite";
import { afterEach, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "xlsx";
import { demandReport } from "./modules/stats/demand";
import { createTestClient, createTestContext, signInAdmin } from "./testing/harness";
import { createItem } from "./testing/inventory-fixtures";

/**
 * A server on a database file (not in memory) reads the whole database on a worker thread, with a
 * connection of its own: what it answers is the same as the server's own thread would give.
 */
let dir: string | undefined;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function deskOnFile() {
  dir = mkdtempSync(join(tmpdir(), "prestalab-read-jobs-"));
  const ctx = createTestContext(new Date("2026-03-10T09:00:00Z"), join(dir, "prestalab.db"));
  ctx.dataDir = dir;
  const client = createTestClient(ctx);
  const admin = await signInAdmin(client);
  await createItem(client, admin.token, { nome: "Registratore Zoom H6", quantita_totale: 2 });
  const get = (path: string) =>
    client.app.handle(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${admin.token}` } }));
  return { get, dir, ctx, client, admin };
}

describe("whole-database reads on their own thread", () => {
  it("exports the inventory spreadsheet from a worker", async () => {
    const { get } = await deskOnFile();
    const answer = await get("/api/excel/inventario/export");
    expect(answer.status).toBe(200);
    const book = XLSX.read(new Uint8Array(await answer.arrayBuffer()), { type: "array" });
    const [items] = book.SheetNames;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[items as string] as XLSX.WorkSheet, { header: 1 });
    expect(rows.flat()).toContain("Registratore Zoom H6");
  });

  it("reads what was written since the last read, when the same worker serves again", async () => {
    const { get, client, admin } = await deskOnFile();
    const itemNames = async () => {
      const answer = await get("/api/excel/inventario/export");
      const book = XLSX.read(new Uint8Array(await answer.arrayBuffer()), { type: "array" });
      const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
      return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 }).flat();
    };

    expect(await itemNames()).not.toContain("Treppiede Manfrotto");
    await createItem(client, admin.token, { nome: "Treppiede Manfrotto", quantita_totale: 1 });

    expect(await itemNames()).toContain("Treppiede Manfrotto");
  });

  it("takes a backup from a worker, whole and intact", async () => {
    const { get, dir: dataDir } = await deskOnFile();
    const answer = await get("/api/system/backup");
    expect(answer.status).toBe(200);
    const copy = join(dataDir, "copia.db");
    await Bun.write(copy, new Uint8Array(await answer.arrayBuffer()));
    const db = new Database(copy, { readonly: true });
    try {
      expect(db.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
      expect(db.query("SELECT nome FROM inventario").all()).toEqual([{ nome: "Registratore Zoom H6" }]);
    } finally {
      db.close();
    }
  });

  it("answers the demand report from a worker, the same as the server's own thread computes it", async () => {
    const { get, ctx } = await deskOnFile();
    const period = "dal=2026-01-01&al=2026-03-10";

    const answer = await get(`/api/stats/domanda?${period}`);
    const csv = await get(`/api/stats/domanda/export?${period}&formato=csv`);

    expect(answer.status).toBe(200);
    const report = await answer.json();
    expect(report).toEqual(demandReport(ctx, { dal: "2026-01-01", al: "2026-03-10" }));
    expect(report.articoli.map((item: { nome: string }) => item.nome)).toEqual(["Registratore Zoom H6"]);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("Registratore Zoom H6");
  });
});

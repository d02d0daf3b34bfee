import { Database } from "bun:sqlite";
import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { auditLog } from "../../db/schema";
import { createTestClient, createTestContext, type Json, registerStudent, signInAdmin } from "../../testing/harness";
import { untilImportPhase } from "../../testing/import-jobs";
import { importBody, workbook } from "../../testing/spreadsheet-fixtures";
import { type ImportProgress, runImport } from "./import-job";

const IMPORT = "/api/excel/inventario/import";
const JOBS = `${IMPORT}/lavori`;
const HEADER = ["Nome", "Corsi Assegnati", "Quantità Totale"];
const directory = mkdtempSync(join(tmpdir(), "prestalab-import-"));
let databases = 0;

afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A server on a database file, so the import runs in its worker, plus a connection of the test's own. */
async function serverOnFile() {
  const file = join(directory, `prestalab-${++databases}.db`);
  const client = createTestClient(createTestContext(undefined, file));
  const admin = await signInAdmin(client);
  const other = new Database(file);
  return { client, admin: admin.token, other };
}

const sheet = (...rows: unknown[][]) => importBody(workbook([HEADER, ...rows]));
/** The outcome of a good row followed by one naming an unknown course. */
const ONE_OF_TWO = {
  success: 1,
  total: 2,
  created: 1,
  updated: 0,
  unchanged: 0,
  errors: ['Riga 3: corso "Scultura" sconosciuto'],
};

describe("the import runs beside the server, not on its thread", () => {
  it("answers /api/health while an import is under way, then applies the whole file at once", async () => {
    const { client, admin, other } = await serverOnFile();
    // Another connection holds the write lock: the import can read its file but not finish meanwhile.
    other.exec("BEGIN IMMEDIATE");
    let imported = false;
    const importing = client
      .post(IMPORT, sheet(["Treppiede", "Fotografia", 2], ["Faro", "Scultura", 1]), admin)
      .then((answer) => {
        imported = true;
        return answer;
      });
    const health = await client.get("/api/health");
    expect(health.status).toBe(200);
    expect((await client.get("/api/inventario", admin)).body).toEqual([]);
    expect(imported).toBe(false);

    other.exec("ROLLBACK");
    const answer = await importing;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(ONE_OF_TWO);
    const items = (await client.get("/api/inventario", admin)).body as Json[];
    expect(items.map((item) => [item.nome, item.quantita_totale])).toEqual([["Treppiede", 2]]);
    const audit = client.ctx.db.select().from(auditLog).all().at(-1);
    expect(audit?.action).toBe("inventory.import");
    expect(audit?.summary).toContain("1 creati, 0 aggiornati, 0 invariati, 0 note unità, 1 errori");
    other.close();
  });

  it("holds the server's own writes back while the import applies its rows, without stopping the server", async () => {
    const { client, admin, other } = await serverOnFile();
    other.exec("BEGIN IMMEDIATE");
    const started = await client.post(JOBS, sheet(["Treppiede", "Fotografia", 1]), admin);
    // From here on the worker is told to write: the server's writes wait for it, not inside SQLite.
    expect(await untilImportPhase(client, admin, `${JOBS}/${started.body.id}`, "importazione")).toMatchObject({
      letti: 0,
      totale: 1,
    });
    let written = false;
    const writing = client.post("/api/categorie-semplici", { nome: "Luci" }, admin).then((answer) => {
      written = true;
      return answer;
    });
    expect((await client.get("/api/health")).status).toBe(200);
    expect((await client.get("/api/categorie-semplici", admin)).status).toBe(200);
    expect(written).toBe(false);

    other.exec("ROLLBACK");
    expect((await writing).status).toBe(200);
    expect(await untilImportPhase(client, admin, `${JOBS}/${started.body.id}`, "completato")).toMatchObject({
      risultato: { success: 1 },
    });
    other.close();
  });

  it("answers a file the worker refuses as before: 400 with the reason, nothing stored", async () => {
    const { client, admin, other } = await serverOnFile();
    const answer = await client.post(IMPORT, importBody(workbook([["Articolo"], ["Treppiede"]])), admin);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'File non valido: manca la colonna "Nome"' });
    expect((other.query("SELECT count(*) AS n FROM audit_log").get() as { n: number }).n).toBe(0);
    other.close();
  });

  it("queues imports one after the other, and refuses a fourth while three wait", async () => {
    const { client, admin, other } = await serverOnFile();
    other.exec("BEGIN IMMEDIATE");
    const started: Json[] = [];
    for (const name of ["Primo", "Secondo", "Terzo"]) {
      const answer = await client.post(JOBS, sheet([name, "Fotografia", 1]), admin);
      expect(answer.status).toBe(202);
      started.push(answer.body);
    }
    expect(started[2]).toMatchObject({ fase: "in_coda", letti: 0, totale: 0 });
    const refused = await client.post(IMPORT, sheet(["Quarto", "Fotografia", 1]), admin);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("Troppe importazioni in corso: riprova quando le altre sono finite");

    other.exec("ROLLBACK");
    await untilImportPhase(client, admin, `${JOBS}/${started[2]?.id}`, "completato");
    for (const job of started) {
      const view = await client.get(`${JOBS}/${job.id}`, admin);
      expect(view.body).toMatchObject({ fase: "completato", letti: 1, totale: 1, risultato: { success: 1, total: 1 } });
    }
    const names = other.query("SELECT nome FROM inventario ORDER BY id").all() as Array<{ nome: string }>;
    expect(names.map((row) => row.nome)).toEqual(["Primo", "Secondo", "Terzo"]);
    other.close();
  });
});

describe("an import started as a job", () => {
  it("answers 202 with the job at once, whose page then shows the outcome", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const started = await client.post(
      JOBS,
      sheet(["Treppiede", "Fotografia", 1], ["Faro", "Scultura", 1]),
      admin.token,
    );
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.any(String), fase: "in_coda", letti: 0, totale: 0 });
    const done = await client.get(`${JOBS}/${started.body.id}`, admin.token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      id: started.body.id,
      fase: "completato",
      letti: 2,
      totale: 2,
      risultato: ONE_OF_TWO,
    });
  });

  it("ends as 'fallito' with the reason when the file is refused after it was accepted", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const started = await client.post(JOBS, importBody(workbook([["Articolo"], ["Treppiede"]])), admin.token);
    expect(started.status).toBe(202);
    const view = await client.get(`${JOBS}/${started.body.id}`, admin.token);
    expect(view.body).toMatchObject({ fase: "fallito", errore: 'File non valido: manca la colonna "Nome"' });
  });

  it("refuses a file that is plainly not a spreadsheet before any job starts", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const answer = await client.post(JOBS, importBody(new Uint8Array([1, 2, 3]), "note.txt"), admin.token);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "File non valido" });
  });

  it("is shown only to the administrator who started it", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const colleague = await signInAdmin(client, "laboratorio@accademia.it");
    const student = await registerStudent(client);
    const started = await client.post(JOBS, sheet(["Treppiede", "Fotografia", 1]), admin.token);
    const page = `${JOBS}/${started.body.id}`;
    expect((await client.get(page)).status).toBe(401);
    expect((await client.get(page, student.token)).status).toBe(403);
    expect((await client.post(JOBS, sheet(["Faro", "Fotografia", 1]), student.token)).status).toBe(403);
    expect((await client.get(page, colleague.token)).body).toEqual({ error: "Importazione non trovata" });
    expect((await client.get(`${JOBS}/sconosciuto`, admin.token)).status).toBe(404);
  });
});

describe("progress", () => {
  it("is reported every hundred rows applied", async () => {
    const client = createTestClient();
    const { user } = await signInAdmin(client);
    const rows = Array.from({ length: 250 }, (_, i) => [`Articolo ${i}`, "Fotografia", 1]);
    const reports: ImportProgress[] = [];
    const upload = { name: "grande.xlsx", bytes: workbook([HEADER, ...rows]) };
    const admin = { id: user.id, email: user.email };
    const outcome = runImport(client.ctx.db, { upload, admin, clock: client.ctx.clock }, (progress) =>
      reports.push({ ...progress }),
    );
    expect(outcome).toMatchObject({ success: 250, total: 250, created: 250 });
    expect(reports).toEqual([
      { fase: "importazione", letti: 0, totale: 250 },
      { fase: "importazione", letti: 100, totale: 250 },
      { fase: "importazione", letti: 200, totale: 250 },
    ]);
  });
});

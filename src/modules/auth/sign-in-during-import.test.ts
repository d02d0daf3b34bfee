import { Database } from "bun:sqlite";
import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestClient, createTestContext, registerStudent, signIn, signInAdmin } from "../../testing/harness";
import { untilImportPhase } from "../../testing/import-jobs";
import { importBody, workbook } from "../../testing/spreadsheet-fixtures";

const JOBS = "/api/excel/inventario/import/lavori";
const directory = mkdtempSync(join(tmpdir(), "prestalab-sign-in-"));
let databases = 0;

afterAll(() => rmSync(directory, { recursive: true, force: true }));

/**
 * A server on a database file with an import (or its preview) holding the write gate: another connection
 * holds SQLite's write lock, so the import's worker waits at "importazione" with the server's writes held back.
 */
async function importHoldingTheGate(preview: boolean) {
  const file = join(directory, `prestalab-${++databases}.db`);
  const client = createTestClient(createTestContext(undefined, file));
  const admin = await signInAdmin(client);
  const student = await registerStudent(client);
  const other = new Database(file);
  other.exec("BEGIN IMMEDIATE");
  const rows = [
    ["Nome", "Corsi Assegnati", "Quantità Totale"],
    ["Treppiede", "Fotografia", 1],
  ];
  const started = await client.post(JOBS, { ...importBody(workbook(rows)), anteprima: preview }, admin.token);
  expect(started.status).toBe(202);
  const job = `${JOBS}/${started.body.id}`;
  await untilImportPhase(client, admin.token, job, "importazione");
  return { client, admin, student, other, job };
}

describe("sign-in while an import holds the write gate", () => {
  for (const preview of [true, false]) {
    it(`answers at once during ${preview ? "a preview" : "an import"}, while other writes keep waiting`, async () => {
      const { client, admin, student, other, job } = await importHoldingTheGate(preview);
      let written = false;
      const writing = client.post("/api/categorie-semplici", { nome: "Luci" }, admin.token).then((answer) => {
        written = true;
        return answer;
      });

      const desk = await signIn(client, admin.user.email, admin.password);
      expect(desk.status).toBe(200);
      expect((await client.get("/api/auth/me", desk.body.token)).status).toBe(200);
      const wrong = await signIn(client, student.user.email, "Non-la-sua-password");
      expect(wrong).toMatchObject({ status: 401, body: { error: "Credenziali non valide" } });
      expect((await signIn(client, student.user.email, student.password)).status).toBe(200);
      expect((await client.get(job, admin.token)).body.fase).toBe("importazione");
      expect(written).toBe(false);

      other.exec("ROLLBACK");
      expect((await writing).status).toBe(200);
      await untilImportPhase(client, admin.token, job, "completato");
      other.close();
    });
  }
});

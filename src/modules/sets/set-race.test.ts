import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestClient, createTestContext, type Json, registerStudent, signInAdmin } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { day, TODAY } from "../../testing/loan-fixtures";
import { nextMessage } from "../../testing/worker-messages";

type WorkerReport = { ready: true } | { status: number; body: Json };

describe("two students booking a set at the same moment, on two connections", () => {
  it("creates exactly one set when both want the last unit of a line, and answers the other 409 naming that line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "prestalab-set-race-"));
    const file = join(dir, "prestalab.db");
    const now = `${TODAY}T09:00:00Z`;
    const client = createTestClient(createTestContext(new Date(now), file));
    const workers: Worker[] = [];
    try {
      const admin = await signInAdmin(client);
      const camera = await createItem(client, admin.token, { nome: "Fotocamera Canon", quantita_totale: 3 });
      const microphone = await createItem(client, admin.token, { nome: "Microfono Rode", quantita_totale: 1 });
      const students = [
        await registerStudent(client, { corso_accademico: "Fotografia" }),
        await registerStudent(client, { corso_accademico: "Fotografia" }),
      ];
      const gate = new Int32Array(new SharedArrayBuffer(4));
      const body = {
        dal: day(7),
        al: day(9),
        righe: [{ inventario_id: camera.id }, { inventario_id: microphone.id }],
      };
      for (const _ of students)
        workers.push(new Worker(new URL("../../testing/any-unit-worker.ts", import.meta.url).href));
      const ready = workers.map((worker, index) => {
        const report = nextMessage<WorkerReport>(worker);
        worker.postMessage({ file, now, gate, token: students[index]?.token, body, path: "/api/prenotazioni" });
        return report;
      });
      expect(await Promise.all(ready)).toEqual(students.map(() => ({ ready: true })));
      const answers = workers.map((worker) => nextMessage<WorkerReport>(worker));
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
      const reports = (await Promise.all(answers)) as { status: number; body: Json }[];

      expect(reports.map((report) => report.status).sort()).toEqual([200, 409]);
      expect(reports.find((report) => report.status === 409)?.body).toEqual({
        error: "Alcuni oggetti non sono disponibili per le date scelte",
        righe: [
          {
            inventario_id: microphone.id,
            oggetto_nome: "Microfono Rode",
            richieste: 1,
            libere: 0,
            libero_dal: day(10),
          },
        ],
      });
      const sets = client.ctx.sqlite.query("select count(*) as count from prenotazioni").get() as { count: number };
      const requests = client.ctx.sqlite.query("select count(*) as count from richieste").get() as { count: number };
      expect([sets.count, requests.count]).toEqual([1, 2]);
    } finally {
      for (const worker of workers) worker.terminate();
      client.ctx.sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);
});

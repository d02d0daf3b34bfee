import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatItalianDate } from "../../domain/dates";
import { createTestClient, createTestContext, type Json, registerStudent, signInAdmin } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { day, requestedUnitIds, TODAY, unitIdOf } from "../../testing/loan-fixtures";
import { nextMessage } from "../../testing/worker-messages";

type WorkerReport = { ready: true } | { status: number; body: Json };

describe("'any unit' requests from separate connections", () => {
  it("gives two students of a two-unit item different units and the third a 409, each on its own thread and connection", async () => {
    const dir = mkdtempSync(join(tmpdir(), "prestalab-any-unit-"));
    const file = join(dir, "prestalab.db");
    const now = `${TODAY}T09:00:00Z`;
    const client = createTestClient(createTestContext(new Date(now), file));
    const workers: Worker[] = [];
    try {
      const admin = await signInAdmin(client);
      const camera = await createItem(client, admin.token, {
        nome: "Fotocamera Canon",
        quantita_totale: 2,
        tipo_prestito: "solo_esterno",
      });
      const students: Awaited<ReturnType<typeof registerStudent>>[] = [];
      for (let i = 0; i < 3; i++) students.push(await registerStudent(client, { corso_accademico: "Fotografia" }));

      const gate = new Int32Array(new SharedArrayBuffer(4));
      const body = { inventario_id: camera.id, unit_id: null, dal: day(7), al: day(9) };
      for (const _ of students)
        workers.push(new Worker(new URL("../../testing/any-unit-worker.ts", import.meta.url).href));
      const ready = workers.map((worker, index) => {
        const report = nextMessage<WorkerReport>(worker);
        worker.postMessage({ file, now, gate, token: students[index]?.token, body });
        return report;
      });
      expect(await Promise.all(ready)).toEqual(students.map(() => ({ ready: true })));
      const answers = workers.map((worker) => nextMessage<WorkerReport>(worker));
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
      const reports = (await Promise.all(answers)) as { status: number; body: Json }[];

      expect(reports.map((report) => report.status).sort()).toEqual([200, 200, 409]);
      expect(requestedUnitIds(client.ctx, camera.id)).toEqual([unitIdOf(camera, 0), unitIdOf(camera, 1)].sort());
      expect(reports.find((report) => report.status === 409)?.body).toEqual({
        error: `Nessuna unità è disponibile per le date scelte: l'articolo è di nuovo disponibile dal ${formatItalianDate(day(10))}`,
        disponibile_dal: day(10),
      });
    } finally {
      for (const worker of workers) worker.terminate();
      client.ctx.sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
    // Three threads each load the whole server before the race: on a busy 2-core machine that alone can
    // take more than bun's default 5 s.
  }, 20_000);
});

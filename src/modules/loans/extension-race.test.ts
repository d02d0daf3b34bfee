import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestClient, createTestContext, type Json, registerStudent, signInAdmin } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { day, directLoanOk, requestedUnitIds, TODAY, unitIdOf } from "../../testing/loan-fixtures";
import { nextMessage } from "../../testing/worker-messages";

type WorkerReport = { ready: true } | { status: number; body: Json };

describe("an extension and another student's booking of the same unit, from separate connections", () => {
  it("lets exactly one of them have the overlapping days, each on its own thread and connection", async () => {
    const dir = mkdtempSync(join(tmpdir(), "prestalab-extension-race-"));
    const file = join(dir, "prestalab.db");
    const now = `${TODAY}T09:00:00Z`;
    const client = createTestClient(createTestContext(new Date(now), file));
    const workers: Worker[] = [];
    try {
      const admin = await signInAdmin(client);
      const camera = await createItem(client, admin.token, { nome: "Sony FX3", quantita_totale: 1 });
      const giulia = await registerStudent(client, { corso_accademico: "Fotografia" });
      const luca = await registerStudent(client, { corso_accademico: "Fotografia" });
      // Giulia holds the only unit until day 4; the desk extends it to day 8 while Luca books it from day 6.
      const loanId = await directLoanOk(client, admin.token, {
        inventario_id: camera.id,
        unita_ids: [unitIdOf(camera)],
        utente_id: giulia.user.id as number,
        data_rientro: day(4),
      });
      const moves = [
        { token: admin.token, method: "PUT", path: `/api/prestiti/${loanId}/proroga`, body: { al: day(8) } },
        { token: luca.token, path: "/api/richieste", body: { unit_id: unitIdOf(camera), dal: day(6), al: day(9) } },
      ];

      const gate = new Int32Array(new SharedArrayBuffer(4));
      for (const _ of moves)
        workers.push(new Worker(new URL("../../testing/any-unit-worker.ts", import.meta.url).href));
      const ready = workers.map((worker, index) => {
        const report = nextMessage<WorkerReport>(worker);
        worker.postMessage({ file, now, gate, ...moves[index] });
        return report;
      });
      expect(await Promise.all(ready)).toEqual(moves.map(() => ({ ready: true })));
      const answers = workers.map((worker) => nextMessage<WorkerReport>(worker));
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
      const [extension, booking] = (await Promise.all(answers)) as { status: number; body: Json }[];

      const won = [extension?.status === 200, booking?.status === 200];
      expect(won.filter(Boolean)).toHaveLength(1);
      expect([extension?.status, booking?.status]).toEqual(won[0] ? [200, 409] : [409, 200]);
      // What the database holds agrees with who won: the loan's new date, or Luca's request, never both.
      const loan = await client.get(`/api/prestiti/${loanId}`, admin.token);
      expect(loan.body.data_rientro).toBe(won[0] ? day(8) : day(4));
      expect(requestedUnitIds(client.ctx, camera.id)).toEqual(won[0] ? [] : [unitIdOf(camera)]);
    } finally {
      for (const worker of workers) worker.terminate();
      client.ctx.sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
    // Each thread loads the whole server before the race: on a busy 2-core machine that can exceed 5 s.
  }, 20_000);
});

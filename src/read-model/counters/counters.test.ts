import { beforeAll, describe, expect, it } from "bun:test";
import { addDays } from "../../domain/dates";
import { createOrPromoteAdmin } from "../../modules/auth/service";
import { seedDatabase } from "../../seed/generate";
import {
  createTestClient,
  createTestContext,
  registerStudent,
  signInAdmin,
  type TestClient,
} from "../../testing/harness";
import { createItem, editPayload } from "../../testing/inventory-fixtures";
import { approveOk, directLoanOk, requestOk, returnOk, unitIdOf } from "../../testing/loan-fixtures";
import { KEPT_COUNTS } from ".";

/** A small seeded academy, then a mixed series of writes through the API touching every counter. */
async function academyAfterWrites(): Promise<TestClient> {
  const ctx = createTestContext();
  const { user: seedAdmin } = await createOrPromoteAdmin(ctx, {
    email: "banco@accademia.test",
    password: "Banco-2026-ok",
  });
  await seedDatabase(ctx, {
    items: 20,
    units: 60,
    students: 30,
    loans: 200,
    requests: 40,
    repairs: 5,
    reports: 5,
    historyDays: 120,
    studentPassword: "Studente-Prova-2026",
    adminId: seedAdmin.id,
    seed: 11,
  });
  const client = createTestClient(ctx);
  const { token: admin } = await signInAdmin(client);
  const student = await registerStudent(client, { corso_accademico: "Fotografia" });
  const other = await registerStudent(client, { email: "altro@studenti.test", corso_accademico: "Fotografia" });
  const camera = await createItem(client, admin, { nome: "Fotocamera di prova", quantita_totale: 3 });
  const today = ctx.clock.today();
  const booking = { inventario_id: camera.id, unit_id: unitIdOf(camera, 0), dal: today, al: today };
  // Requested, approved and handed over, then returned.
  const approved = await requestOk(client, student.token, booking);
  const { loanId } = await approveOk(client, admin, approved.id);
  expect((await returnOk(client, admin, loanId)).message).toBeString();
  // Requested then rejected; requested then cancelled by the student.
  const rejected = await requestOk(client, student.token, { ...booking, unit_id: unitIdOf(camera, 1) });
  expect(
    (await client.put(`/api/prestiti/${rejected.id}/rifiuta`, { motivazione: "Non disponibile" }, admin)).status,
  ).toBe(200);
  const cancelled = await requestOk(client, other.token, { ...booking, unit_id: unitIdOf(camera, 2) });
  expect((await client.delete(`/api/richieste/${cancelled.id}`, other.token)).status).toBe(200);
  // A direct loan at the desk, returned.
  const direct = await directLoanOk(client, admin, {
    inventario_id: camera.id,
    unita_ids: [unitIdOf(camera, 2)],
    utente_id: student.user.id,
  });
  await returnOk(client, admin, direct);
  // A direct loan extended at the desk stays open, due later.
  const extended = await directLoanOk(client, admin, {
    inventario_id: camera.id,
    unita_ids: [unitIdOf(camera, 0)],
    utente_id: other.user.id,
  });
  const extension = await client.put(`/api/prestiti/${extended}/proroga`, { al: addDays(today, 3) }, admin);
  expect(extension.status).toBe(200);
  // The item moves to other courses; a student becomes an administrator; an account is deleted.
  const moved = await client.put(
    `/api/inventario/${camera.id}`,
    editPayload(camera, { corsi_assegnati: ["Design", "Cinema e Audiovisivi"] }),
    admin,
  );
  expect(moved.status).toBe(200);
  await createOrPromoteAdmin(ctx, { email: other.user.email, password: "Banco-2026-ok" });
  const emptyAccount = await registerStudent(client, { email: "da-cancellare@studenti.test" });
  expect((await client.delete(`/api/users/${emptyAccount.user.id}`, admin)).status).toBe(200);
  return client;
}

describe("the read model's counters", () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await academyAfterWrites();
  });

  for (const counter of KEPT_COUNTS) {
    it(`keeps ${counter.name} equal to a count from scratch after a mixed series of writes`, () => {
      const { db } = client.ctx;
      expect(counter.recount(db).length).toBeGreaterThan(0);
      expect(counter.kept(db)).toEqual(counter.recount(db));
    });

    it(`rebuilds ${counter.name} from scratch to what the triggers keep`, () => {
      const { db, sqlite } = client.ctx;
      const kept = counter.kept(db);
      sqlite.run(`UPDATE "${counter.name}" SET "${counter.count.name}" = "${counter.count.name}" + 7`);
      counter.rebuild(db);
      expect(counter.kept(db)).toEqual(kept);
    });

    it(`names triggers of ${counter.name} that its migration made`, () => {
      const triggers = client.ctx.sqlite
        .query<{ name: string }, [string]>("SELECT name FROM sqlite_master WHERE type = 'trigger' AND sql LIKE ?")
        .all(`%"${counter.name}"%`.replaceAll('"', "`"))
        .map((row) => row.name)
        .sort();
      expect(triggers).toEqual([...counter.keptBy.triggers].sort());
    });
  }

  it("tells a counter whose trigger is broken from a true one", async () => {
    const ctx = createTestContext();
    const client = createTestClient(ctx);
    const { token: admin } = await signInAdmin(client);
    const [loansPerState] = KEPT_COUNTS;
    ctx.sqlite.run("DROP TRIGGER prestiti_per_stato_update");
    const student = await registerStudent(client);
    const camera = await createItem(client, admin, { quantita_totale: 1 });
    await returnOk(
      client,
      admin,
      await directLoanOk(client, admin, {
        inventario_id: camera.id,
        unita_ids: [unitIdOf(camera)],
        utente_id: student.user.id,
      }),
    );
    expect(loansPerState?.kept(ctx.db)).not.toEqual(loansPerState?.recount(ctx.db));
  });
});

import { describe, expect, it } from "bun:test";
import fc from "fast-check";
import { chaosSeed } from "../../testing/chaos-seed";
import { createTestClient, type Json, registerStudent, signInAdmin, type TestClient } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { day } from "../../testing/loan-fixtures";

/*
 * Random sets, single requests, cancellations and decisions, checked after every step against a simple
 * model of who holds which unit on which days: the server books a set exactly when the model has enough
 * free units of every line, and no unit is ever held twice for overlapping days.
 */

const STUDENTS = 3;
const UNITS_PER_ITEM = [3, 2];

type Line = { item: number; quantity: number };
type Step =
  | { kind: "set"; student: number; lines: Line[]; start: number; length: number }
  | { kind: "single"; student: number; item: number; unit: number | null; start: number; length: number }
  | { kind: "cancel-set" | "approve-set" | "reject-set" | "cancel-request"; pick: number };

const start = fc.integer({ min: 1, max: 6 });
const length = fc.integer({ min: 0, max: 3 });
const pick = fc.nat({ max: 20 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("set" as const),
      student: fc.nat({ max: STUDENTS - 1 }),
      lines: fc.array(fc.record({ item: fc.nat({ max: 1 }), quantity: fc.integer({ min: 1, max: 3 }) }), {
        minLength: 1,
        maxLength: 3,
      }),
      start,
      length,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("single" as const),
      student: fc.nat({ max: STUDENTS - 1 }),
      item: fc.nat({ max: 1 }),
      unit: fc.option(fc.nat({ max: 1 }), { nil: null }),
      start,
      length,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        "cancel-set" as const,
        "approve-set" as const,
        "reject-set" as const,
        "cancel-request" as const,
      ),
      pick,
    }),
  },
);

/** The model: each unit's holdings (pending requests and approved loans), by the set or request holding them. */
interface Holding {
  unitId: number;
  from: string;
  to: string;
  setId: number | null;
  requestId: number;
}

const overlaps = (a: { from: string; to: string }, b: { from: string; to: string }) => a.from <= b.to && b.from <= a.to;

async function world() {
  const client = createTestClient();
  const admin = await signInAdmin(client);
  const items: Json[] = [];
  for (const [index, quantity] of UNITS_PER_ITEM.entries())
    items.push(await createItem(client, admin.token, { nome: `Oggetto ${index}`, quantita_totale: quantity }));
  const students: string[] = [];
  for (let i = 0; i < STUDENTS; i++) students.push((await registerStudent(client)).token);
  return { client, admin: admin.token, items, students };
}

/** What the database holds: pending requests and open loans, per unit. */
function heldInDatabase(client: TestClient) {
  return client.ctx.sqlite
    .query(
      `select unit_id as unitId, dal as "from", al as "to" from richieste where stato = 'in_attesa'
       union all
       select pu.unit_id, p.data_uscita, p.data_rientro from prestiti p join prestiti_unita pu on pu.prestito_id = p.id
       where p.stato in ('attivo', 'scaduto') and pu.restituita_il is null`,
    )
    .all() as Array<{ unitId: number; from: string; to: string }>;
}

describe("sets against a simple model of the units' days", () => {
  it("books a set exactly when every line has enough free units, and never holds a unit twice for overlapping days", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const { client, admin, items, students } = await world();
        const held: Holding[] = [];
        // What each student booked and may still withdraw, with the student's token.
        const pendingSets: Array<{ id: number; token: string }> = [];
        const singles: Array<{ id: number; token: string }> = [];
        const freeUnits = (item: number, from: string, to: string) =>
          ((items[item]?.unita ?? []) as Json[])
            .map((unit) => unit.id as number)
            .filter((unitId) => !held.some((h) => h.unitId === unitId && overlaps(h, { from, to })));
        for (const current of steps) {
          if (current.kind === "set") {
            const from = day(current.start);
            const to = day(current.start + current.length);
            const wanted = new Map<number, number>();
            for (const line of current.lines) wanted.set(line.item, (wanted.get(line.item) ?? 0) + line.quantity);
            const expectBooked = [...wanted].every(([item, count]) => freeUnits(item, from, to).length >= count);
            const answer = await client.post(
              "/api/prenotazioni",
              {
                dal: from,
                al: to,
                righe: current.lines.map((line) => ({ inventario_id: items[line.item]?.id, quantita: line.quantity })),
              },
              students[current.student],
            );
            expect(answer.status).toBe(expectBooked ? 200 : 409);
            if (answer.status === 200) {
              pendingSets.push({ id: answer.body.id, token: students[current.student] as string });
              for (const line of answer.body.righe as Json[])
                held.push({ unitId: line.unit_id, from, to, setId: answer.body.id, requestId: line.richiesta_id });
            } else
              expect((answer.body.righe as Json[]).map((line) => line.inventario_id).sort()).toEqual(
                [...wanted]
                  .filter(([item, count]) => freeUnits(item, from, to).length < count)
                  .map(([item]) => items[item]?.id)
                  .sort(),
              );
          } else if (current.kind === "single") {
            const from = day(current.start);
            const to = day(current.start + current.length);
            const unitId = current.unit === null ? null : (items[current.item]?.unita[current.unit]?.id as number);
            const free = freeUnits(current.item, from, to);
            const expectBooked = unitId === null ? free.length > 0 : free.includes(unitId);
            const answer = await client.post(
              "/api/richieste",
              { inventario_id: items[current.item]?.id, unit_id: unitId, dal: from, al: to },
              students[current.student],
            );
            expect(answer.status).toBe(expectBooked ? 200 : 409);
            if (answer.status === 200) {
              singles.push({ id: answer.body.id, token: students[current.student] as string });
              held.push({ unitId: answer.body.unit_id, from, to, setId: null, requestId: answer.body.id });
            }
          } else if (current.kind === "cancel-request") {
            const [single] = singles.splice(current.pick % Math.max(singles.length, 1), 1);
            if (!single) continue;
            expect((await client.delete(`/api/richieste/${single.id}`, single.token)).status).toBe(200);
            held.splice(
              held.findIndex((holding) => holding.requestId === single.id),
              1,
            );
          } else {
            const [set] = pendingSets.splice(current.pick % Math.max(pendingSets.length, 1), 1);
            if (!set) continue;
            if (current.kind === "approve-set") {
              // Approved, its units stay held by its loans.
              expect((await client.put(`/api/prenotazioni/${set.id}/approva`, undefined, admin)).status).toBe(200);
              continue;
            }
            const answer =
              current.kind === "reject-set"
                ? await client.put(`/api/prenotazioni/${set.id}/rifiuta`, { motivo: "No" }, admin)
                : await client.delete(`/api/prenotazioni/${set.id}`, set.token);
            expect(answer.status).toBe(200);
            for (let i = held.length - 1; i >= 0; i--) if (held[i]?.setId === set.id) held.splice(i, 1);
          }
          const rows = heldInDatabase(client);
          for (const [i, a] of rows.entries())
            for (const b of rows.slice(i + 1)) expect(a.unitId === b.unitId && overlaps(a, b)).toBe(false);
          expect(rows.length).toBe(held.length);
        }
        client.ctx.sqlite.close();
      }),
      { numRuns: 25, seed: chaosSeed("set properties") },
    );
  }, 120_000);
});

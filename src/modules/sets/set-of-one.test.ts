import { describe, expect, it } from "bun:test";
import type { Json } from "../../testing/harness";
import { day, loanScenario, travelToDay, unitIdOf } from "../../testing/loan-fixtures";

/*
 * The spec's calls answer exactly as before for a set of one: the same life (request, approval, hand-over,
 * a return two days late) walked once through the spec's single request and once through a set of one
 * line, then every spec call's answer compared, ids and times aside.
 */

/** Ids, moments and the generated e-mail addresses differ between two databases; everything else must not. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value as Json).map(([key, inner]) => [
        key,
        /(^id$|_id$|Id$|_ids$|_at$|_il$|email)/.test(key) ? typeof inner : comparable(inner),
      ]),
    );
  return value;
}

async function walk(throughSet: boolean) {
  const scenario = await loanScenario();
  const { client, admin, student } = scenario;
  const answers: Record<string, unknown> = {};
  const unitId = unitIdOf(scenario.camera, 1);
  let requestId: number;
  if (throughSet) {
    const set = await client.post(
      "/api/prenotazioni",
      { dal: day(2), al: day(4), note: "Servizio", righe: [{ inventario_id: scenario.camera.id, unit_id: unitId }] },
      student.token,
    );
    requestId = set.body.righe[0].richiesta_id;
  } else {
    const single = await client.post(
      "/api/richieste",
      { unit_id: unitId, dal: day(2), al: day(4), note: "Servizio" },
      student.token,
    );
    requestId = single.body.id;
  }
  answers.mine = (await client.get("/api/richieste/mie", student.token)).body;
  answers.pending = (await client.get("/api/richieste?all=1&stato=in_attesa", admin)).body;
  const approval = await client.put(`/api/prestiti/${requestId}/approva`, undefined, admin);
  answers.approval = approval.body;
  const loanId = approval.body.loanId as number;
  travelToDay(scenario.ctx, day(2));
  answers.handover = (await client.put(`/api/prestiti/${loanId}/consegna`, undefined, admin)).body;
  travelToDay(scenario.ctx, day(6));
  answers.preview = (await client.get(`/api/prestiti/${loanId}/anteprima-restituzione`, admin)).body;
  answers.return = (await client.put(`/api/prestiti/${loanId}/restituisci`, undefined, admin)).body;
  answers.loans = (await client.get("/api/prestiti/mie", student.token)).body;
  answers.penalties = (await client.get(`/api/penalties/user/${student.user.id}`, admin)).body;
  const sets = (await client.get("/api/prenotazioni/mie", student.token)).body as Json[];
  return { answers, sets };
}

describe("a set of one", () => {
  it("answers every spec call exactly as a single request does, and the set follows its line", async () => {
    const single = await walk(false);
    const set = await walk(true);
    expect(comparable(set.answers)).toEqual(comparable(single.answers));
    expect((single.answers.return as Json).strike).toBe(1);
    expect(set.sets.map((row) => row.stato)).toEqual(["conclusa"]);
    expect(single.sets).toEqual([]);
  });
});
